import { standingEscapes } from "../agent/escapes.js";
import { type IntentContext, intentContext } from "../core/intent/intent-context.js";
import { ExitCode } from "../errors.js";
import { judgeStaged } from "../gate/judge-staged.js";
import { locateRepo } from "../git/repo.js";
import { styleFor } from "../report/text/style.js";
import { standingEscapesText } from "../report/verdict/after-tool-findings.js";
import { formatStatus } from "../report/verdict/status.js";
import { verdictJson } from "../report/verdict/verdict-json.js";
import type { CommandInput } from "./support/command.js";

/**
 * The active intent, its scope, the verdict on what is staged right now, and commits an agent's
 * shell got past the commit gate (escapes, until undone). Always exit 0.
 */
export async function run({ values, env }: CommandInput): Promise<ExitCode> {
  const flagIntent = typeof values.intent === "string" ? values.intent : undefined;
  const repo = await locateRepo(env.cwd);
  const { verdict, governance, declared } = await judgeStaged({
    env,
    repo,
    flagIntent,
    deferWithoutIntent: false,
  });
  const intent = declared && governance.intents.find((candidate) => candidate.id === declared.id);
  const escapes = await standingEscapes(repo);
  const context: IntentContext | null = intent ? intentContext(governance, intent) : null;
  if (values.json) {
    const status = {
      version: 1,
      work_tree: repo.root,
      intent: context,
      source: declared?.source ?? null,
      verdict: verdictJson(verdict, env.command),
      escapes: escapes.map(({ ref, old, new: tip, commits, at, agent }) => ({
        ref,
        old,
        new: tip,
        commits,
        at,
        agent,
      })),
    };
    process.stdout.write(`${JSON.stringify(status, null, 2)}\n`);
    return ExitCode.Ok;
  }
  process.stdout.write(
    formatStatus(
      verdict,
      declared,
      context,
      await styleFor(process.stdout, env.color),
      env.command,
    ),
  );
  if (escapes.length > 0) {
    process.stdout.write(`\n${standingEscapesText(escapes, env.agentProcess !== null)}\n`);
  }
  return ExitCode.Ok;
}

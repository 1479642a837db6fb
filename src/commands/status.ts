import type { CommandInput } from "../cli/command.js";
import { ExitCode } from "../errors.js";
import { checkStaged } from "../gate/staged-check.js";
import { locateRepo } from "../git/repo.js";
import { formatVerdictText } from "../report/format-verdict-text.js";
import {
  formatIntentContext,
  type IntentContext,
  intentContext,
} from "../report/intent-context.js";
import { styleFor } from "../report/style.js";

/** The active intent, its scope, and the verdict on what is staged right now. Always exit 0. */
export async function run({ values }: CommandInput): Promise<ExitCode> {
  const flagIntent = typeof values.intent === "string" ? values.intent : undefined;
  const repo = await locateRepo();
  const { verdict, rules } = await checkStaged({ repo, flagIntent, deferWithoutIntent: false });
  const declared = verdict.intent;
  const intent = declared && rules.intents.find((candidate) => candidate.id === declared.id);
  const context: IntentContext | null = intent ? intentContext(rules, intent) : null;
  if (values.json) {
    const status = {
      version: 1,
      work_tree: repo.root,
      intent: context,
      source: declared?.source ?? null,
      verdict,
    };
    process.stdout.write(`${JSON.stringify(status, null, 2)}\n`);
    return ExitCode.Ok;
  }
  const style = await styleFor(process.stdout);
  const lines: string[] = [];
  if (context && declared) {
    lines.push(`Active intent (from ${declared.source}):`, formatIntentContext(context, style));
  } else if (declared) {
    lines.push(
      `Declared intent ${declared.id} (from ${declared.source}) is not in the committed intents.\n`,
    );
  } else {
    lines.push("No intent selected for this work tree: intentguard select <ID>.\n");
  }
  lines.push("Staged change:", formatVerdictText(verdict, style));
  process.stdout.write(lines.join("\n"));
  return ExitCode.Ok;
}

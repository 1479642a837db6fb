import { systemClock } from "../clock.js";
import { IntentId } from "../core/config/intents-schema.js";
import { ScopePattern } from "../core/config/scope-pattern.js";
import { newIntentStatuses } from "../core/intent/intent-lifecycle.js";
import { ExitCode, UsageError } from "../errors.js";
import { locateRepo } from "../git/repo.js";
import { prepareNewIntent } from "../governance/intent-lifecycle.js";
import { intentAddedText } from "../report/intent/intent-lifecycle.js";
import { styleFor } from "../report/text/style.js";
import type { CommandInput } from "./support/command.js";
import { askForMissing, type PatternCheck } from "./support/intent-new-prompt.js";

const command = "intent new";

/**
 * Adds an intent to the working copy's intents file from flags (on a terminal, asking for the
 * name and scope when they are missing), with the next free ID unless --id names one, PENDING
 * unless --status says IN_PROGRESS; every pattern is checked as the intents file checks it.
 */
export async function run({ values, env }: CommandInput): Promise<ExitCode> {
  const strings = (name: string): string[] => {
    const value = values[name];
    const list = Array.isArray(value) ? value : value === undefined ? [] : [value];
    return list.filter((item): item is string => typeof item === "string");
  };
  const one = (name: string): string | undefined => strings(name).at(-1);
  let name = one("name")?.trim();
  let scope = [...new Set(strings("scope").map((raw) => pattern("--scope", raw)))];
  const forbidden = [...new Set(strings("forbid").map((raw) => pattern("--forbid", raw)))];
  const agent = one("agent")?.trim();
  if (agent === "") throw new UsageError("--agent is empty; leave it out for no agent.", command);
  const id = one("id");
  if (id !== undefined) {
    const checked = IntentId.safeParse(id);
    if (!checked.success) {
      throw new UsageError(
        `--id ${JSON.stringify(id)} is not ${checked.error.issues[0]?.message ?? "an intent ID"}.`,
        command,
      );
    }
  }
  const status = one("status") ?? "PENDING";
  if (!isNewStatus(status)) {
    throw new UsageError(
      `--status ${JSON.stringify(status)}: a new intent is ${newIntentStatuses.join(" or ")} (the lifecycle commands move it on).`,
      command,
    );
  }
  if (one("name") !== undefined && !name) throw new UsageError("--name is empty.", command);
  const missing = { name: name === undefined, scope: scope.length === 0 };
  if (missing.name || missing.scope) {
    if (process.stdin.isTTY !== true) {
      const flags = [missing.name ? "--name" : "", missing.scope ? "--scope" : ""].filter(Boolean);
      throw new UsageError(
        `needs ${flags.join(" and ")} (there is no terminal to ask on), e.g. intentguard intent new --name "Billing export" --scope "src/billing/**".`,
        command,
      );
    }
    const answers = await askForMissing(missing, process.stdin, process.stderr, checkPattern);
    name = name ?? answers.name;
    if (scope.length === 0) scope = answers.scope ?? [];
  }
  const repo = await locateRepo(env.cwd);
  const pending = await prepareNewIntent(repo.root, systemClock, {
    id,
    name: name ?? "",
    status,
    ownedScope: scope,
    forbiddenScope: forbidden,
    agent,
  });
  const saved = await pending.save();
  process.stdout.write(
    intentAddedText(
      pending.change,
      saved.layoutKept,
      await styleFor(process.stdout, env.color),
      env.command,
    ),
  );
  return ExitCode.Ok;
}

function isNewStatus(status: string): status is (typeof newIntentStatuses)[number] {
  return (newIntentStatuses as readonly string[]).includes(status);
}

/** A pattern checked as the intents file checks it (normalised, supported glob syntax). */
export function checkPattern(raw: string): PatternCheck {
  const checked = ScopePattern.safeParse(raw);
  if (checked.success) return { ok: true, pattern: checked.data };
  return {
    ok: false,
    problem: checked.error.issues[0]?.message ?? `"${raw}" is not a scope pattern`,
  };
}

function pattern(flag: string, raw: string): string {
  const checked = checkPattern(raw);
  if (checked.ok) return checked.pattern;
  throw new UsageError(`${flag} ${checked.problem}.`, command);
}

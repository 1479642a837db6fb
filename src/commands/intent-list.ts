import { ExitCode } from "../errors.js";
import { locateRepo } from "../git/repo.js";
import { scopeSize, tracedCommits, workingIntents } from "../governance/intent-overview.js";
import {
  formatIntentList,
  type IntentListRow,
  intentListJson,
} from "../report/intent/intent-list.js";
import { skippedNoteLinesMessage } from "../report/text/messages.js";
import { styleFor } from "../report/text/style.js";
import type { CommandInput } from "./support/command.js";

/**
 * Every intent of the working copy's intents file (what the lifecycle commands edit): status,
 * name, agent, scope size and traced commits in HEAD's history.
 */
export async function run({ values, env }: CommandInput): Promise<ExitCode> {
  const repo = await locateRepo(env.cwd);
  const [{ governance, uncommitted }, traced] = await Promise.all([
    workingIntents(repo),
    tracedCommits(repo),
  ]);
  process.stderr.write(skippedNoteLinesMessage(traced.invalid));
  const rows: IntentListRow[] = governance.intents.map((intent) => ({
    id: intent.id,
    status: intent.status,
    name: intent.name,
    assigned_agent: intent.assigned_agent ?? null,
    scope_size: scopeSize(governance, intent),
    commits: traced.byIntent.get(intent.id) ?? 0,
  }));
  if (values.json) {
    process.stdout.write(intentListJson(rows, uncommitted));
    return ExitCode.Ok;
  }
  process.stdout.write(
    formatIntentList(rows, uncommitted, await styleFor(process.stdout, env.color)),
  );
  return ExitCode.Ok;
}

import { systemClock } from "../clock.js";
import { selectableIntents } from "../core/governance/governance.js";
import { intentsFilePath } from "../core/governance/governance-files.js";
import { intentContext } from "../core/intent/intent-context.js";
import { ExitCode, IntentguardError, RefusedError, UsageError } from "../errors.js";
import { locateRepo } from "../git/repo.js";
import { currentGovernance } from "../governance/current-governance.js";
import { formatIntentContext } from "../report/intent/intent-context.js";
import { unknownIntentMessage } from "../report/intent/unknown-intent.js";
import { styleFor } from "../report/text/style.js";
import { clearSelection, writeSelection } from "../state/selection.js";
import type { CommandInput } from "./support/command.js";
import { recordEvent } from "./support/record-event.js";

/**
 * The handshake: an agent or a person chooses the intent this work tree serves and gets back its
 * context (scope, constraints, acceptance criteria), as text or `--json`.
 */
export async function run({ values, positionals, env }: CommandInput): Promise<ExitCode> {
  const [id] = positionals;
  if (values.clear) {
    if (id) throw new UsageError("--clear takes no intent ID.", "select");
    const repo = await locateRepo(env.cwd);
    const cleared = clearSelection(repo.stateDir);
    process.stdout.write(
      cleared
        ? "intentguard: selection cleared for this work tree\n"
        : "intentguard: no intent was selected\n",
    );
    return ExitCode.Ok;
  }
  if (!id) {
    throw new UsageError(
      "needs an intent ID (e.g. intentguard select INT-001) or --clear.",
      "select",
    );
  }
  const repo = await locateRepo(env.cwd);
  const current = await currentGovernance(repo);
  if (!current) {
    throw new IntentguardError(
      `There is no ${intentsFilePath} in HEAD, the index or the working tree. Run intentguard init to create one.`,
    );
  }
  const { governance } = current;
  const intent = governance.intents.find((candidate) => candidate.id === id);
  const selectable = selectableIntents(governance).map(
    (candidate) => `${candidate.id} (${candidate.name})`,
  );
  const choices = selectable.length
    ? `Selectable: ${selectable.join(", ")}.`
    : "No intent is IN_PROGRESS.";
  if (!intent) {
    throw new IntentguardError(
      unknownIntentMessage(
        id,
        governance.intents.map((candidate) => candidate.id),
        choices,
      ),
    );
  }
  if (intent.status !== "IN_PROGRESS") {
    throw new RefusedError(
      `${id} is ${intent.status}; only an IN_PROGRESS intent authorises commits, so it was not selected. ${choices}`,
    );
  }
  const undo = writeSelection(repo.stateDir, systemClock, id);
  try {
    await recordEvent(repo, { event: "intent_selected", intent_id: id, work_tree: repo.root });
  } catch (error) {
    undo(); // a selection the ledger does not record is not made
    throw error;
  }
  const context = intentContext(governance, intent);
  if (values.json) {
    const note = current.uncommitted;
    process.stdout.write(
      `${JSON.stringify({ version: 1, selected: id, work_tree: repo.root, note, intent: context }, null, 2)}\n`,
    );
    return ExitCode.Ok;
  }
  const style = await styleFor(process.stdout, env.color);
  process.stdout.write(
    `Selected for this work tree (${repo.root}):\n${formatIntentContext(context, style)}`,
  );
  if (current.uncommitted) process.stdout.write(style.dim(`note: ${current.uncommitted}\n`));
  process.stdout.write(style.dim("Ask before writing: intentguard check --paths <path…>\n"));
  return ExitCode.Ok;
}

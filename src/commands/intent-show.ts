import { ExitCode, IntentguardError, UsageError } from "../errors.js";
import { locateRepo } from "../git/repo.js";
import {
  grantApproval,
  grantStates,
  scopeSize,
  tracedCommits,
  workingIntents,
} from "../governance/intent-overview.js";
import {
  formatIntentShow,
  type IntentShowView,
  intentShowJson,
} from "../report/intent/intent-show.js";
import { knownIntentsText, unknownIntentMessage } from "../report/intent/unknown-intent.js";
import { skippedNoteLinesMessage } from "../report/text/messages.js";
import { styleFor } from "../report/text/style.js";
import type { CommandInput } from "./support/command.js";

/**
 * One intent of the working copy's intents file, every field, with each extended-scope grant and
 * whether its approval counts (approved, not approved, stale, approver not allowed).
 */
export async function run({ values, positionals, env }: CommandInput): Promise<ExitCode> {
  const [id] = positionals;
  if (!id)
    throw new UsageError(
      "needs an intent ID (e.g. intentguard intent show INT-001).",
      "intent show",
    );
  const repo = await locateRepo(env.cwd);
  const { governance, uncommitted } = await workingIntents(repo);
  const intent = governance.intents.find((candidate) => candidate.id === id);
  if (!intent) {
    throw new IntentguardError(
      unknownIntentMessage(
        id,
        governance.intents.map((candidate) => candidate.id),
        knownIntentsText(governance.intents, []),
      ),
    );
  }
  const traced = await tracedCommits(repo);
  process.stderr.write(skippedNoteLinesMessage(traced.invalid));
  const view: IntentShowView = {
    intent,
    grants: grantStates(governance, intent).map((state) => ({
      number: state.grant + 1,
      grant: intent.extended_scope[state.grant] ?? {
        paths: state.paths,
        justification: "",
      },
      state: grantApproval(state),
      approvers: governance.policy.extended_scope.approvers,
    })),
    scopeSize: scopeSize(governance, intent),
    commits: traced.byIntent.get(intent.id) ?? 0,
    uncommitted,
  };
  if (values.json) {
    process.stdout.write(intentShowJson(view));
    return ExitCode.Ok;
  }
  process.stdout.write(
    formatIntentShow(view, await styleFor(process.stdout, env.color), env.command),
  );
  return ExitCode.Ok;
}

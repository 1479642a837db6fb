import type { GovernanceFailure } from "../../core/failure/governance-failure.js";
import { intentsFilePath, policyFilePath } from "../../core/governance/governance-files.js";

/** The words of a governance command's failure. */
export function governanceFailureText(failure: GovernanceFailure, command: string): string {
  switch (failure.kind) {
    case "grant-path-invalid":
      return `The path "${failure.path}" ${failure.problem}; ${failure.fix}.`;
    case "approval-by-agent":
      return `an agent runs this (${failure.agent}, by ${failure.variable} in the environment), and approving a grant is a person's act: a person approves it here, or the policy's reviewer (${command} scope review ${failure.intent}).`;
    case "grant-approved-already":
      return `Grant ${failure.grant} of ${failure.intent} is approved already (by ${failure.by}); nothing was changed.`;
    case "approver-email-missing":
      return 'An approval is recorded under your git identity, and git has no user.email here. Set it (git config user.email "you@example.com"), then run the command again.';
    case "approval-by-assigned-agent":
      return `${failure.intent} is assigned to ${failure.agent}, who may not approve its own grant: a person (or the policy's reviewer) approves it.`;
    case "approver-not-allowed":
      return `${failure.by} is not one of the policy's approvers (${failure.approvers.join(", ")}), so the approval would not count. Ask one of them to run this command.`;
    case "reviewer-missing":
      return `The policy names no reviewer (extended_scope.reviewer: { name, command, timeout_seconds } in ${policyFilePath}), so there is nothing to run. Approve the grant yourself with ${command} scope approve.`;
    case "grant-changed-in-review":
      return `Grant ${failure.grant} of ${failure.intent} changed while the reviewer ran, so its decision (${failure.decision}) was not recorded. Run the review again.`;
    case "intent-id-taken":
      return `--id ${failure.id} is taken: ${failure.id} is already in the intents file. Leave --id out for the next free one (${failure.next}).`;
    case "intents-file-missing":
      return failure.lint
        ? `There is no ${intentsFilePath} in this work tree: nothing to lint. Run ${command} init to create one.`
        : `There is no ${intentsFilePath} in this work tree. Run ${command} init to create one.`;
    case "intents-file-changed":
      return `${intentsFilePath} changed on disk while this command was editing it (another command or an editor wrote it), so this edit was not written and the other one is kept. Run the command again.`;
  }
}

/** A governance command (intent, scope) that cannot do what it was asked. */
export type GovernanceFailure =
  /** A path given to `scope request` that no pattern may be: `problem` and `fix` from the checks. */
  | { kind: "grant-path-invalid"; path: string; problem: string; fix: string }
  /** `scope approve` run by an agent (`variable` in the environment says which). */
  | { kind: "approval-by-agent"; intent: string; agent: string; variable: string }
  /** The grant (numbered from 1) counts already, approved by `by`. */
  | { kind: "grant-approved-already"; intent: string; grant: number; by: string | undefined }
  /** An approval is recorded as git's user.email, and there is none. */
  | { kind: "approver-email-missing" }
  /** The intent's assigned agent asked to approve its own grant. */
  | { kind: "approval-by-assigned-agent"; intent: string; agent: string }
  /** `by` is not among the policy's approvers, so the approval would not count. */
  | { kind: "approver-not-allowed"; by: string; approvers: readonly string[] }
  /** `scope review` without a reviewer in the policy. */
  | { kind: "reviewer-missing" }
  /** The grant (numbered from 1) changed while the reviewer decided it. */
  | { kind: "grant-changed-in-review"; intent: string; grant: number; decision: string }
  /** `intent new --id` names an intent the file has; `next` is the next free ID. */
  | { kind: "intent-id-taken"; id: string; next: string }
  /** No intents file in the work tree; `lint`: the command was `intent lint`. */
  | { kind: "intents-file-missing"; lint: boolean }
  /** The intents file changed on disk while a command was editing it. */
  | { kind: "intents-file-changed" };

import type { IntentStatus } from "../config/intents-schema.js";

/**
 * The intent lifecycle as data and one pure decision: which status moves the commands may make.
 * governance/intent-lifecycle.ts applies them to the intents file.
 */

/** The lifecycle commands, each named for the status it moves an intent to. */
export const lifecycleActions = ["start", "block", "complete", "abandon"] as const;
export type LifecycleAction = (typeof lifecycleActions)[number];

export const actionTarget: Record<LifecycleAction, IntentStatus> = {
  start: "IN_PROGRESS",
  block: "BLOCKED",
  complete: "COMPLETED",
  abandon: "ABANDONED",
};

/**
 * The lifecycle: PENDING → IN_PROGRESS | ABANDONED, IN_PROGRESS → BLOCKED | COMPLETED | ABANDONED,
 * BLOCKED → IN_PROGRESS | ABANDONED. COMPLETED and ABANDONED are closed: only `start --reopen`
 * leaves them (→ IN_PROGRESS).
 */
const transitions: Record<IntentStatus, readonly IntentStatus[]> = {
  PENDING: ["IN_PROGRESS", "ABANDONED"],
  IN_PROGRESS: ["BLOCKED", "COMPLETED", "ABANDONED"],
  BLOCKED: ["IN_PROGRESS", "ABANDONED"],
  COMPLETED: [],
  ABANDONED: [],
};

export const closedStatuses: readonly IntentStatus[] = ["COMPLETED", "ABANDONED"];

/** The statuses `intent new --status` accepts: an intent starts out proposed or under way. */
export const newIntentStatuses = ["PENDING", "IN_PROGRESS"] as const;

export type TransitionJudgement =
  | { kind: "move"; from: IntentStatus; to: IntentStatus; reopened: boolean }
  | { kind: "unchanged"; status: IntentStatus }
  | {
      kind: "refused";
      from: IntentStatus;
      to: IntentStatus;
      /** The commands that do move the intent from where it is (none from a closed status). */
      allowed: { action: LifecycleAction; to: IntentStatus }[];
      /** A closed intent: `start --reopen` is the way out. */
      closed: boolean;
    };

/** Whether `action` may move an intent that is `from`; asking for its own status changes nothing. */
export function judgeTransition(
  from: IntentStatus,
  action: LifecycleAction,
  reopen: boolean,
): TransitionJudgement {
  const to = actionTarget[action];
  if (from === to) return { kind: "unchanged", status: from };
  const closed = closedStatuses.includes(from);
  if (closed && action === "start" && reopen) return { kind: "move", from, to, reopened: true };
  if (transitions[from].includes(to)) return { kind: "move", from, to, reopened: false };
  const allowed = lifecycleActions
    .filter((candidate) => transitions[from].includes(actionTarget[candidate]))
    .map((candidate) => ({ action: candidate, to: actionTarget[candidate] }));
  return { kind: "refused", from, to, allowed, closed };
}

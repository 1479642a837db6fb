import type { Intent } from "../../core/config/intents-schema.js";
import { intentsFilePath } from "../../core/governance/governance-files.js";
import type { GrantState } from "../../core/scope/effective-scope.js";
import type { GrantRequestRefusal } from "../../core/scope/grant-request.js";
import type { ReviewDecision } from "../../core/scope/review-decision.js";
import { layoutNote } from "./intent-lifecycle.js";

/** Why `scope request` refuses a grant, with what to do instead. */
export function grantRefusalText(
  intent: Intent,
  refusal: GrantRequestRefusal,
  reviewer: boolean,
  command: string,
): string {
  switch (refusal.kind) {
    case "forbidden":
      return `${intent.id} forbids ${refusal.paths.join(", ")} (forbidden_scope), and a forbidden path is never granted: deny wins over every grant. Change forbidden_scope in ${intentsFilePath} in a governance commit if the intent really needs it.`;
    case "adds-nothing":
      return `${intent.id} already covers ${refusal.paths.join(", ")}, so this grant would add nothing. Commit the change under ${intent.id} as it is.`;
    case "duplicate":
      return `Grant ${refusal.grant} of ${intent.id} already asks for these paths: approve it (${command} scope approve ${intent.id} --grant ${refusal.grant})${reviewer ? ` or have it reviewed (${command} scope review ${intent.id} --grant ${refusal.grant})` : ""}.`;
  }
}

/** The grants of an intent, one per line: number, paths and whether it counts. */
function grantLines(grants: readonly GrantState[]): string {
  return grants
    .map((grant) => `  ${grant.grant + 1}. ${grant.paths.join(", ")} — ${grant.reason}`)
    .join("\n");
}

/** Why a `--grant` choice (or its absence) does not name one grant to act on. */
export function grantSelectionText(
  intent: Intent,
  grants: readonly GrantState[],
  asked: number | undefined,
  command: string,
): string {
  if (grants.length === 0) {
    return `${intent.id} has no extended_scope grants. Request one: ${command} scope request ${intent.id} <path…> --why "<justification>".`;
  }
  if (asked !== undefined) {
    return `${intent.id} has no grant ${asked}; its grants:\n${grantLines(grants)}`;
  }
  return grants.every((grant) => grant.counted)
    ? `Every grant of ${intent.id} is approved already:\n${grantLines(grants)}`
    : `${intent.id} has several grants waiting; name one with --grant <N>:\n${grantLines(grants)}`;
}

/**
 * How the user commits what a scope command wrote: a governance commit of its own, signed when
 * the policy requires rule changes signed by an approver.
 */
function commitGrantHint(signed: boolean, what = "it"): string {
  return `Commit ${what} on its own (a governance change): git commit${signed ? " -S" : ""} -m "…" -- :/${intentsFilePath}${signed ? " (the policy requires governance commits signed by an approver)" : ""}`;
}

export function grantRequestedText(
  intent: Intent,
  grant: number,
  paths: readonly string[],
  signed: boolean,
  layoutKept: boolean,
  reviewer: boolean,
  command: string,
): string {
  return [
    `intentguard: requested grant ${grant} of ${intent.id} (${intent.name}): ${paths.join(", ")}`,
    "It counts once approved:",
    `  a person: ${command} scope approve ${intent.id} --grant ${grant}`,
    // Only a policy with extended_scope.reviewer has one: never a command that cannot run.
    ...(reviewer
      ? [`  the policy's reviewer: ${command} scope review ${intent.id} --grant ${grant}`]
      : []),
    commitGrantHint(signed),
    ...layoutNote(layoutKept),
    "",
  ].join("\n");
}

export function grantApprovedText(
  intent: Intent,
  grant: number,
  by: string,
  signed: boolean,
  layoutKept: boolean,
): string {
  return [
    `intentguard: grant ${grant} of ${intent.id} approved by ${by}`,
    commitGrantHint(signed),
    ...layoutNote(layoutKept),
    "",
  ].join("\n");
}

export function grantReviewedText(
  intent: Intent,
  grant: number,
  reviewer: string,
  review: ReviewDecision,
  signed: boolean,
  layoutKept: boolean,
): string {
  const reasons = review.reasons
    ? review.reasons
        .split("\n")
        .map((line) => `  ${line}`)
        .join("\n")
    : "  (no reasons given)";
  return [
    `intentguard: ${reviewer} ${review.decision === "APPROVED" ? "approved" : "rejected"} grant ${grant} of ${intent.id}:`,
    reasons,
    review.decision === "APPROVED"
      ? commitGrantHint(signed)
      : `The decision is recorded on the grant. ${commitGrantHint(signed, "the record")}; or change the request and review it again.`,
    ...layoutNote(layoutKept),
    "",
  ].join("\n");
}

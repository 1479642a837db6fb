import type { Intent } from "../../core/config/intents-schema.js";
import { intentsFilePath } from "../../core/governance/governance-files.js";
import { appendAll } from "../../core/unbounded-arrays.js";
import type { GrantApproval } from "../../governance/intent-overview.js";
import { count } from "../text/count.js";
import { printable } from "../text/messages.js";
import type { Style } from "../text/style.js";
import { uncommittedNote } from "./intent-list.js";

type Grant = Intent["extended_scope"][number];

/** A grant as `intent show` shows it: its number (1-based, as --grant counts), how it stands. */
export interface ShownGrant {
  number: number;
  grant: Grant;
  state: GrantApproval;
  /** The policy's approvers, for a grant approved by someone else. */
  approvers: string[];
}

/** Everything `intent show` prints about one intent. */
export interface IntentShowView {
  intent: Intent;
  grants: ShownGrant[];
  scopeSize: number;
  commits: number;
  uncommitted: boolean;
}

const joined = (items: readonly string[]) =>
  items.length ? items.map(printable).join(", ") : "none";

function grantLines(shown: ShownGrant, id: string, command: string): string[] {
  const { grant, number } = shown;
  const approval = grant.approval;
  const approve = `${command} scope approve ${id} --grant ${number}`;
  const state = (() => {
    switch (shown.state) {
      case "approved":
        return `approved by ${printable(approval?.by ?? "")} at ${approval?.at ?? ""}`;
      case "not approved":
        return `not approved, admits nothing: ${approve}`;
      case "stale":
        return `stale, admits nothing: ${printable(approval?.by ?? "")} approved other paths (edited since); approve again: ${approve}`;
      case "approver not allowed":
        return `approver not allowed, admits nothing: ${printable(approval?.by ?? "")} is not one of the policy's approvers (${joined(shown.approvers)})`;
    }
  })();
  const lines = [`    ${number}. ${joined(grant.paths)} — ${state}`];
  lines.push(`       why: ${printable(grant.justification)}`);
  if (grant.review) {
    const review = grant.review;
    const reasons = review.reasons.trim() ? `: ${printable(review.reasons.trim())}` : "";
    lines.push(
      `       review: ${review.decision} by ${printable(review.by)} at ${review.at}${reasons}`,
    );
  }
  return lines;
}

/** `intent show`: every field of the intent, its grants with how each stands, its commits. */
export function formatIntentShow(view: IntentShowView, style: Style, command: string): string {
  const { intent } = view;
  const field = (label: string, value: string) => `  ${`${label}:`.padEnd(21)}${value}`;
  const lines = [style.bold(`${intent.id} — ${printable(intent.name)} (${intent.status})`)];
  if (intent.description !== undefined) {
    lines.push(field("description", printable(intent.description)));
  }
  lines.push(
    field("assigned agent", intent.assigned_agent ? printable(intent.assigned_agent) : "none"),
    field("created", intent.created_at ?? "unknown"),
    field("updated", intent.updated_at ?? "unknown"),
    field("traced commits", count(view.commits)),
    field("scope size", `${count(view.scopeSize)} (owned patterns and approved grant paths)`),
    field("owned scope", joined(intent.owned_scope)),
    field("forbidden scope", joined(intent.forbidden_scope)),
  );
  if (view.grants.length === 0) lines.push(field("grants", "none"));
  else {
    lines.push("  grants:");
    for (const grant of view.grants) appendAll(lines, grantLines(grant, intent.id, command));
  }
  const section = (title: string, items: readonly string[]) => {
    if (items.length === 0) lines.push(field(title, "none"));
    else {
      lines.push(`  ${title}:`);
      for (const item of items) lines.push(`    - ${printable(item)}`);
    }
  };
  section("constraints", intent.constraints);
  section("acceptance criteria", intent.acceptance_criteria);
  lines.push(
    field("related", joined(intent.related_specs.map((spec) => `${spec.type} ${spec.value}`))),
  );
  if (view.uncommitted) lines.push(style.dim(uncommittedNote()));
  return `${lines.join("\n")}\n`;
}

const jsonStates: Record<GrantApproval, string> = {
  approved: "approved",
  "not approved": "not_approved",
  stale: "stale",
  "approver not allowed": "approver_not_allowed",
};

/** `intent show --json`: versioned; the intent as the file has it, each grant with its state. */
export function intentShowJson(view: IntentShowView): string {
  const { intent } = view;
  return `${JSON.stringify(
    {
      version: 1,
      file: intentsFilePath,
      source: "working copy",
      uncommitted: view.uncommitted,
      intent: {
        ...intent,
        extended_scope: view.grants.map((shown) => ({
          number: shown.number,
          ...shown.grant,
          state: jsonStates[shown.state],
        })),
      },
      scope_size: view.scopeSize,
      commits: view.commits,
    },
    null,
    2,
  )}\n`;
}

import type { IntentStatus } from "../../core/config/intents-schema.js";
import { intentsFilePath } from "../../core/governance/governance-files.js";
import type { LifecycleAction, TransitionJudgement } from "../../core/intent/intent-lifecycle.js";
import { shellQuote } from "../../core/text/shell-quote.js";
import type { NewIntent, StatusChange } from "../../governance/intent-lifecycle.js";
import { printable } from "../text/messages.js";
import type { Style } from "../text/style.js";

const verbs: Record<LifecycleAction, string> = {
  start: "started",
  block: "blocked",
  complete: "completed",
  abandon: "abandoned",
};

/** An illegal move: where the intent is, why it cannot go there, and the moves that it can make. */
export function transitionRefusedText(
  id: string,
  action: LifecycleAction,
  judgement: Extract<TransitionJudgement, { kind: "refused" }>,
  command: string,
): string {
  const refused = `${id} is ${judgement.from}, so it cannot be ${verbs[action]} (${judgement.from} → ${judgement.to} is not a step of the lifecycle).`;
  if (judgement.closed) {
    return `${refused} A ${judgement.from} intent is closed: only ${command} intent start ${id} --reopen (→ IN_PROGRESS) moves it.`;
  }
  const moves = judgement.allowed.map(
    (allowed) => `${command} intent ${allowed.action} ${id} (→ ${allowed.to})`,
  );
  return `${refused} From ${judgement.from}: ${moves.join(" or ")}.`;
}

/** The command that commits the edited intents file on its own (a governance commit). */
export function governanceCommitCommand(message: string): string {
  return `git commit -m ${shellQuote(message)} -- :/${intentsFilePath}`;
}

const commitVerbs: Record<IntentStatus, string> = {
  PENDING: "Reset",
  IN_PROGRESS: "Start",
  BLOCKED: "Block",
  COMPLETED: "Complete",
  ABANDONED: "Abandon",
};

/** `intent start|block|complete|abandon`: what changed in the working copy, and how to commit it. */
export function statusChangedText(
  change: StatusChange,
  layoutKept: boolean,
  style: Style,
  command: string,
): string {
  const { id, judgement } = change;
  const name = printable(change.name);
  if (judgement.kind === "unchanged") {
    return `${id} (${name}) is already ${judgement.status}; nothing changed.\n`;
  }
  const verb = judgement.reopened ? "Reopen" : commitVerbs[judgement.to];
  const lines = [
    `${id} (${name}): ${judgement.from} → ${judgement.to} in the working copy's ${intentsFilePath}.`,
    ...layoutNote(layoutKept),
    "Commit it on its own (a governance change; commits are judged by the committed rules):",
    `  ${governanceCommitCommand(`${verb} ${id}: ${change.name}`)}`,
  ];
  if (judgement.to === "IN_PROGRESS") {
    lines.push(style.dim(`Then, in the work tree that does the work: ${command} select ${id}`));
  }
  return `${lines.join("\n")}\n`;
}

/** `intent new`: the intent added, and how to commit it (and start it). */
export function intentAddedText(
  added: NewIntent,
  layoutKept: boolean,
  style: Style,
  command: string,
): string {
  const lines = [
    `Added ${added.id} (${printable(added.name)}), ${added.status}, to the working copy's ${intentsFilePath}.`,
    ...layoutNote(layoutKept),
    "Commit it on its own (a governance change; commits are judged by the committed rules):",
    `  ${governanceCommitCommand(`Add ${added.id}: ${added.name}`)}`,
  ];
  lines.push(
    style.dim(
      added.status === "PENDING"
        ? `Then start it: ${command} intent start ${added.id}`
        : `Then, in the work tree that does the work: ${command} select ${added.id}`,
    ),
  );
  return `${lines.join("\n")}\n`;
}

/** Said when an edit could not keep the file's own layout (intent and scope commands alike). */
export function layoutNote(layoutKept: boolean): string[] {
  return layoutKept
    ? []
    : [
        `note: this layout of ${intentsFilePath} could not be edited in place, so it was written out anew (comments and key order kept; spacing and quoting may differ): review it with git diff.`,
      ];
}

import { type Clock, isoSeconds } from "../core/clock.js";
import type { Intent, IntentStatus } from "../core/config/intents-schema.js";
import {
  judgeTransition,
  type LifecycleAction,
  type newIntentStatuses,
  type TransitionJudgement,
} from "../core/intent/intent-lifecycle.js";
import { largest } from "../core/unbounded-arrays.js";
import { ExitCode, FailureError } from "../errors.js";
import { type FieldValue, IntentsSourceEdit, type SavedEdit } from "./intent-source-edit.js";
import { intentIndex } from "./intents-document.js";

/** An edit of the intents file that is ready to be written (save), with what it will change. */
export interface PendingEdit<T> {
  change: T;
  /** Writes the working copy's intents file; exit 2 when it changed on disk since it was read. */
  save(): Promise<SavedEdit>;
}

export interface StatusChange {
  id: string;
  name: string;
  judgement: Extract<TransitionJudgement, { kind: "move" | "unchanged" }>;
}

/**
 * Reads the working copy's intents file and prepares moving intent `id` by `action`: status and
 * `updated_at` set in place. An unknown intent is exit 2, a move the lifecycle does not allow a
 * refusal (exit 1) naming the moves that are. An unchanged status writes nothing. `updated_at`
 * is the clock's time, to the second: two moves within one second write the same one, which is
 * right (the file records when, not how many), and whether an edit conflicts with another is
 * decided by the bytes read (intents-document.ts), never by the times in them.
 */
export async function prepareStatusChange(
  root: string,
  clock: Clock,
  id: string,
  action: LifecycleAction,
  reopen: boolean,
): Promise<PendingEdit<StatusChange>> {
  const edit = await IntentsSourceEdit.open(root);
  const index = intentIndex(edit.opened, id);
  const intent = edit.intents[index] as Intent;
  const judgement = judgeTransition(intent.status, action, reopen);
  if (judgement.kind === "refused") {
    throw new FailureError(
      { kind: "transition-refused", id: intent.id, action, judgement },
      ExitCode.Blocked,
    );
  }
  const change: StatusChange = { id: intent.id, name: intent.name, judgement };
  if (judgement.kind === "unchanged") {
    return { change, save: async () => ({ text: "", layoutKept: true }) };
  }
  edit.setField(index, "status", judgement.to);
  edit.setField(index, "updated_at", isoSeconds(clock.now()));
  return { change, save: () => edit.save(clock) };
}

/** A new intent, its flags validated (patterns normalised) by the command. */
export interface NewIntentInput {
  id: string | undefined;
  name: string;
  status: (typeof newIntentStatuses)[number];
  ownedScope: string[];
  forbiddenScope: string[];
  agent: string | undefined;
}

export interface NewIntent {
  id: string;
  name: string;
  status: IntentStatus;
  /** The ID was chosen by intentguard (no --id). */
  generated: boolean;
}

/**
 * Prepares appending an intent to the working copy's intents file, laid out like the intents
 * already there, with `created_at` and `updated_at` the clock's time. Without an ID, the next free
 * one; an ID already taken is a bad argument (exit 2).
 */
export async function prepareNewIntent(
  root: string,
  clock: Clock,
  input: NewIntentInput,
): Promise<PendingEdit<NewIntent>> {
  const edit = await IntentsSourceEdit.open(root);
  const ids = edit.intents.map((intent) => intent.id);
  if (input.id !== undefined && ids.includes(input.id)) {
    throw new FailureError(
      { kind: "intent-id-taken", id: input.id, next: nextIntentId(ids) },
      ExitCode.CannotEvaluate,
      "intent new",
    );
  }
  const id = input.id ?? nextIntentId(ids);
  const now = isoSeconds(clock.now());
  const fields: [string, FieldValue][] = [
    ["id", id],
    ["name", input.name],
    ["status", input.status],
    ["owned_scope", input.ownedScope],
  ];
  if (input.forbiddenScope.length > 0) fields.push(["forbidden_scope", input.forbiddenScope]);
  if (input.agent !== undefined) fields.push(["assigned_agent", input.agent]);
  fields.push(["created_at", now], ["updated_at", now]);
  edit.appendIntent(fields);
  return {
    change: { id, name: input.name, status: input.status, generated: input.id === undefined },
    save: () => edit.save(clock),
  };
}

/**
 * The next free intent ID: the most common prefix's highest number plus one, zero-padded to that
 * prefix's widest number (INT-009 → INT-010, INT-7 → INT-8, INT-999 → INT-1000). A tie between
 * prefixes goes to the one the file names first; an empty file starts at INT-001.
 */
export function nextIntentId(ids: readonly string[]): string {
  const byPrefix = new Map<string, string[]>();
  for (const id of ids) {
    const match = /^(.+)-([0-9]+)$/.exec(id);
    if (!match?.[1] || !match[2]) continue;
    const numbers = byPrefix.get(match[1]) ?? [];
    numbers.push(match[2]);
    byPrefix.set(match[1], numbers);
  }
  let prefix = "INT";
  let numbers: string[] = [];
  for (const [candidate, found] of byPrefix) {
    if (found.length > numbers.length) {
      prefix = candidate;
      numbers = found;
    }
  }
  if (numbers.length === 0) return "INT-001";
  const highest = numbers.reduce(
    (max, digits) => (BigInt(digits) > max ? BigInt(digits) : max),
    0n,
  );
  const width = largest(numbers.map((digits) => digits.length));
  return `${prefix}-${(highest + 1n).toString().padStart(width, "0")}`;
}

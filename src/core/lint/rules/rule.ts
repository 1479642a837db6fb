import type { Intent } from "../../config/intents-schema.js";
import type { Policy } from "../../config/policy-schema.js";
import type { LintDraft } from "../lint-finding.js";

/** An intent of the file that validates, with its position in `active_intents`. */
export interface IndexedIntent {
  intent: Intent;
  index: number;
}

/** A work tree of the repository and what it selected (`intentguard select`). */
export type WorkTreeSelection =
  | { workTree: string; selected: string | undefined }
  | { workTree: string; unreadable: string };

/**
 * What every lint rule reads, gathered by src/governance/intent-lint.ts from the working copy:
 * the intents as written and as validated, the policy that decides which approvals count, the
 * tracked files, each work tree's selection, and where a key of the file is.
 */
export interface LintInput {
  /** The items of `active_intents` as plain data, whatever their shape. */
  raw: readonly unknown[];
  valid: readonly IndexedIntent[];
  /** The valid intents that are not closed (COMPLETED, ABANDONED): only these are checked further. */
  open: readonly IndexedIntent[];
  policy: Policy;
  /** The tracked files (none read when no intent is open). */
  files: readonly string[];
  selections: readonly WorkTreeSelection[];
  /** The line and column of a key of the intents file, null where it is not found. */
  at(keys: readonly (string | number)[]): { line: number | null; column: number | null };
}

/** One lint rule: the findings it makes of the intents file, none when it holds. */
export type LintRule = (input: LintInput) => LintDraft[];

/** The first index of each intent ID the file lists, valid or not. */
export function firstIndexes(raw: readonly unknown[]): Map<string, number> {
  const first = new Map<string, number>();
  raw.forEach((item, index) => {
    const id = (item as { id?: unknown } | null)?.id;
    if (typeof id === "string" && !first.has(id)) first.set(id, index);
  });
  return first;
}

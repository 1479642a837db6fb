import type { IntentStatus } from "../config/intents-schema.js";

export type LintLevel = "error" | "warn";

/** Where a finding points: a line and column of its file, or nowhere in particular. */
interface Location {
  level: LintLevel;
  file: string;
  line: number | null;
  column: number | null;
  intent: string | null;
}

export type LintFinding = Location &
  (
    | { code: "invalid"; field: string | null; problem: string }
    | { code: "duplicate_id"; first_line: number | null }
    | {
        code: "pattern_matches_nothing";
        field: "owned_scope" | "forbidden_scope" | "extended_scope";
        /** 1-based, for a grant's path. */
        grant: number | null;
        pattern: string;
      }
    | {
        code: "scope_overlap";
        other_intent: string;
        agents: [string, string];
        patterns: string[];
        /** The first few tracked files both intents admit, and how many there are. */
        files: string[];
        file_count: number;
      }
    | { code: "grant_not_approved"; grant: number; paths: string[]; rejected_by: string | null }
    | { code: "grant_stale"; grant: number; paths: string[]; approved_by: string }
    | {
        code: "grant_approver_not_allowed";
        grant: number;
        paths: string[];
        approved_by: string;
        approvers: string[];
      }
    | { code: "selection_inactive"; work_tree: string; status: IntentStatus | null }
    | { code: "selection_unreadable"; work_tree: string; problem: string }
  );

export type LintCode = LintFinding["code"];

/**
 * How much each finding weighs: an error is a file that does not load (invalid, duplicate IDs),
 * two agents cleared for the same files, or an approval that does not do what it claims (stale,
 * or by someone the policy does not accept); a warning is what is often on purpose or passing
 * (a pattern for files still to come, a grant waiting for its approval, a work tree's selection,
 * which fails closed: its commits are refused).
 */
export const lintLevels: Record<LintCode, LintLevel> = {
  invalid: "error",
  duplicate_id: "error",
  pattern_matches_nothing: "warn",
  scope_overlap: "error",
  grant_not_approved: "warn",
  grant_stale: "error",
  grant_approver_not_allowed: "error",
  selection_inactive: "warn",
  selection_unreadable: "warn",
};

export interface LintReport {
  /** The intents file, repo-relative: always the working copy's. */
  file: string;
  /** How many intents the file lists (valid or not). */
  intents: number;
  findings: LintFinding[];
}

type Distribute<T> = T extends unknown ? Omit<T, "level" | "file"> : never;
/** A finding as a rule makes it: its level and (by default) its file are added where it is collected. */
export type LintDraft = Distribute<LintFinding> & { file?: string };

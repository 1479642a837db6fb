import type { RangeSource } from "../core/check/range-check.js";

/**
 * A range to check, resolved to a landing: what a report says it checked (`source`), where the
 * rules in force start, and what the landing leaves. Full SHAs throughout.
 */
export interface ResolvedRange {
  /** What the report names: `spec` is `<start>..<head>`, or `<head>` for a whole history. */
  source: RangeSource;
  /**
   * The target's tip before the landing, where the rules in force start: the pushed ref's old
   * value, a pull request's base tip (not the merge base), --range's first end, --base's tip.
   * Null for a whole history, which brings its own adoption.
   */
  start: string | null;
  /** `tip`: the head becomes the target's tip (a push). `merge`: it is proposed for a merge (a pull request, --base). */
  result: "tip" | "merge";
  /** How messages name the target ("main", "origin/main", a short SHA). */
  target: string;
  /** The default branch's tip when the target is another branch: its commits are not judged again. */
  exempt: string[];
  /** Exactly these commits (--commit). */
  judged?: string[];
  /**
   * An audit of history (--range, --commit, --base): signing keys are checked at each commit's
   * committer date. Otherwise (CI, a push) at the time of the check.
   */
  audit: boolean;
}

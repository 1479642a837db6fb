import type { CiBranch, CiCommit } from "./ci-event/range-request.js";

/**
 * Why the commits `check --range/--commit/--base/--ci` covers cannot be known whole (exit 2),
 * as facts: src/ci states them, src/report/range/range-failure-text.ts words them.
 */

/** A commit as a message names it: the name given (a revision, a field), and its SHA if known. */
export interface NamedCommit {
  name: string;
  sha: string | null;
}

/** What a clone lacks for a range: said as the end of "this clone …". */
export type HistoryGap =
  /** A commit the event names; `fetch`: what `git fetch origin` needs to bring it. */
  | { kind: "commit"; commit: CiCommit; fetch: string }
  /** A branch of origin the range lands on: the request's target, or the default branch. */
  | {
      kind: "branch";
      branch: CiBranch;
      role: "target" | "default";
      source: string;
      refspec: string;
    }
  /** --ci --base names a ref the clone lacks; `refspec` when it is a branch of origin. */
  | { kind: "base"; base: string; refspec: string | null }
  /** No merge base of the two, in a shallow clone. */
  | { kind: "no-merge-base"; ends: readonly [NamedCommit, NamedCommit] }
  /** The range reaches `at`, where a shallow history is cut; `range`: --range as given. */
  | { kind: "range-cut"; at: string; range: string | null }
  /** The history of a revision --range names is cut at `at`. */
  | { kind: "history-cut"; range: string; at: string }
  /** The history between two revisions is cut at `at`. */
  | { kind: "cut-between"; from: string; to: string; at: string }
  /** The whole history `source` checks (from `head`) is cut at `at`. */
  | { kind: "whole-history-cut"; head: CiCommit; source: string; at: string }
  /** --commit's parents, which it is judged against, are cut off. */
  | { kind: "parents-cut"; commit: string; rev: string };

/** How far --deepen fetched: each step's depth, in order, and whether it made one plain fetch. */
export interface Deepened {
  steps: number[];
  plainFetch: boolean;
}

/** --deepen's fetches, when it ran before giving up; `stalled`: the last two brought nothing. */
export interface DeepenedBefore extends Deepened {
  stalled: boolean;
}

export type RangeFailure =
  | { kind: "empty-flag"; flag: "--range" | "--commit" | "--base" | "--ci --base" }
  | { kind: "symmetric-range"; range: string }
  | { kind: "not-a-range"; range: string }
  /** `rev` (part of `value`) starts with "-": git would read it as an option. */
  | { kind: "option-like"; flag: string; value: string; rev: string }
  /** `rev` (part of `value`) names no commit of the clone. */
  | { kind: "unknown-revision"; flag: string; value: string; rev: string }
  | {
      kind: "not-ancestor";
      range: string;
      from: NamedCommit;
      to: NamedCommit;
      mergeBase: string | null;
    }
  | { kind: "no-commits"; range: string; commit: string }
  | { kind: "unborn-head" }
  | { kind: "unrelated-base"; base: NamedCommit; head: string }
  | { kind: "head-in-base"; base: string; head: string }
  /** A pull or merge request whose target and head share no history. */
  | { kind: "unrelated-request"; source: string; target: NamedCommit; head: CiCommit }
  /** A shallow clone lacks what the range needs. */
  | { kind: "shallow"; gap: HistoryGap; canDeepen: boolean; deepened: DeepenedBefore | null }
  /** A full clone lacks what the range needs. */
  | { kind: "clone-lacks"; gap: HistoryGap; deepened: DeepenedBefore | null }
  /** --deepen's fetch failed: `reason` is git's first line. */
  | { kind: "fetch-failed"; reason: string; fetched: Deepened; gap: HistoryGap };

/**
 * A commit range a command cannot check. `spelled`: how the user gave it, which the fix names —
 * verify's and check's `--range` flag, or trace stats' argument.
 */
export type CommitRangeFailure =
  /** The range is empty (`--range ""`). */
  | { kind: "range-empty"; spelled: RangeSpelling }
  /** An end starts with "-": no revision does, and git would read it as an option. */
  | { kind: "range-option-like"; range: string; end: string; spelled: RangeSpelling }
  /** An end starts with "^": git's negative revision, which excludes history, names no commit. */
  | { kind: "range-negative"; range: string; end: string; last: boolean; spelled: RangeSpelling }
  /** git cannot resolve the range; `unborn`: the branch has no commits yet. */
  | {
      kind: "range-unresolved";
      range: string;
      /** git's first line about it. */
      gitSaid: string;
      unborn: boolean;
      spelled: RangeSpelling;
    }
  /** git resolves the range's commits but not its tip's history (where adoption is looked for). */
  | { kind: "range-tip-unresolved"; range: string; gitSaid: string; spelled: RangeSpelling };

export type RangeSpelling = "--range" | "trace stats";

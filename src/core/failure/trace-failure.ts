/** A trace question (`trace blame`, `trace stats`) that has no answer here. */
export type TraceFailure =
  /** `trace blame` of a file whose first 8,000 bytes hold a NUL (git's own test). */
  | { kind: "blame-binary"; path: string }
  /**
   * git blame refused a file; `missing`: it said the path or the revision does not exist.
   * `gitSaid`: its message without "fatal: ".
   */
  | {
      kind: "blame-refused";
      path: string;
      rev: string | undefined;
      gitSaid: string;
      missing: boolean;
    }
  /**
   * Lines whose last change lies beyond the edge of a shallow clone. `lines`: the lines of
   * `path` that reach it, for `trace blame` (`trace stats` counts, and names none); `commit`:
   * the edge commit the first reaches.
   */
  | {
      kind: "shallow-edge";
      path: string;
      lines: readonly number[] | null;
      commit: string;
      redo: "blame" | "count";
    }
  /** `trace stats` of a range whose tip git does not resolve to a commit. */
  | { kind: "stats-tip-unresolved"; tip: string }
  /** `trace stats <range> <path>`: the path is neither at the tip nor touched by the range. */
  | { kind: "stats-path-untouched"; path: string; tip: string; range: string }
  /** The notes ref names an object git cannot read as notes (a blob, by hand or another tool). */
  | { kind: "notes-ref-unreadable"; ref: string; object: string };

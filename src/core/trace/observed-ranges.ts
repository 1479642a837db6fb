import type { AttributedRange } from "./build-record.js";
import { type CarriedRun, splitRange } from "./carried-ranges.js";
import type { Contributor } from "./contributor.js";
import type { RangeEvidence } from "./record-schema.js";

/**
 * Who an agent's hook saw writing a line: the contributor and its `observed` evidence — or, where
 * those observations were tampered with, no one (`null`) and `withheld` evidence.
 */
export interface ObservedLine {
  contributor: Contributor | null;
  evidence: RangeEvidence;
}

/** A committed file's observed lines (by line, 0-based) and its lines as records hash them. */
export interface ObservedFile {
  observed: (ObservedLine | undefined)[];
  lines: Uint8Array[];
}

/** Observed files by commit, then by path key (file-change.ts `pathKey`). */
export type ObservedByCommit = ReadonlyMap<string, ReadonlyMap<string, ObservedFile>>;

/**
 * A file's ranges with the lines an agent was seen writing given to it: observation outranks
 * every other attribution (carried from records, trailers, environment), so each range — already
 * split by carried attribution — is split again where observed lines are, and keeps what it had
 * elsewhere. `observed[n]` is line n+1 of the new file (undefined: not observed); `lines` are the
 * new file's lines as records hash them.
 */
export function withObservedLines(
  ranges: readonly AttributedRange[],
  observed: readonly (ObservedLine | undefined)[],
  fileContributor: Contributor,
  lines: readonly Uint8Array[],
): AttributedRange[] {
  return ranges.flatMap((range) => {
    const runs: CarriedRun[] = [];
    for (let line = range.start_line; line <= range.end_line; line++) {
      const by = observed[line - 1];
      if (!by) continue;
      const from = line - range.start_line;
      const last = runs[runs.length - 1];
      if (last && last.to === from - 1 && last.evidence === by.evidence) last.to = from;
      else runs.push({ from, to: from, contributor: by.contributor, evidence: by.evidence });
    }
    if (runs.length === 0) return [range];
    const own = range.contributor ?? fileContributor;
    const pieces = splitRange(range, runs, own, lines.slice(range.start_line - 1, range.end_line));
    // What observation does not cover keeps the range's own contributor and evidence.
    return pieces.map((piece) =>
      piece.evidence || !range.contributor || !range.evidence
        ? piece
        : { ...piece, contributor: range.contributor, evidence: range.evidence },
    );
  });
}

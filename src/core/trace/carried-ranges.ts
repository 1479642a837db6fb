import type { AttributedRange } from "./build-record.js";
import type { Contributor } from "./contributor.js";
import { contentHash, type LineRange } from "./range-hash.js";
import { sameContributorOrNone as same } from "./record-contributors.js";
import type { RangeEvidence } from "./record-schema.js";

/**
 * Lines `from`..`to` of a range (0-based within it) were written by `contributor` — or by no one
 * that can be vouched for (`null`, with withheld evidence).
 */
export interface CarriedRun {
  from: number;
  to: number;
  contributor: Contributor | null;
  evidence: RangeEvidence;
}

/**
 * A range split where carried runs give its lines another contributor than the file's: the
 * pieces are maximal runs of one contributor (adjacent runs of the same one are one piece, with
 * the evidence of its longest run), each hashed from the lines themselves. `lines` holds the
 * range's lines as records hash them (without terminators); `runs` are sorted and disjoint.
 */
export function splitRange(
  range: LineRange,
  runs: readonly CarriedRun[],
  fileContributor: Contributor,
  lines: readonly Uint8Array[],
): AttributedRange[] {
  const owners: (CarriedRun | null)[] = new Array(lines.length).fill(null);
  for (const run of runs) {
    if (same(run.contributor, fileContributor)) continue;
    for (let k = run.from; k <= run.to; k++) owners[k] = run;
  }
  if (owners.every((owner) => owner === null)) return [range];
  const pieces: AttributedRange[] = [];
  const whoAt = (line: number) => {
    const owner = owners[line];
    return owner ? owner.contributor : fileContributor;
  };
  let start = 0;
  while (start < lines.length) {
    const who = whoAt(start);
    let end = start;
    let longest = owners[start] ?? null;
    while (end + 1 < lines.length && same(whoAt(end + 1), who)) {
      end += 1;
      const owner = owners[end] ?? null;
      if (owner && (!longest || owner.to - owner.from > longest.to - longest.from)) longest = owner;
    }
    pieces.push({
      start_line: range.start_line + start,
      end_line: range.start_line + end,
      content_hash: contentHash(lines.slice(start, end + 1)),
      line_hashes: range.line_hashes.slice(start, end + 1),
      ...(longest ? { contributor: who, evidence: longest.evidence } : {}),
    });
    start = end + 1;
  }
  return pieces;
}

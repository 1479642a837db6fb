import type { RecordedFile, RecordedRange } from "./recorded-files.js";
import { contentRunLength } from "./recorded-runs.js";

/** A record as the count of added lines reads it. */
export interface CountedRecord {
  commit: string;
  /** The record's own ID: a note copied onto another commit keeps it. */
  id: string;
  files: readonly RecordedFile[];
}

/**
 * How many lines each range of each record adds to a stats count, each line counted once per
 * count. Records are taken in the order given (oldest first); a record adds its ranges' lines,
 * except that
 * - a record already counted (its ID seen on another commit: a copied note) adds nothing again;
 * - in a range with line hashes, a run of lines equal, line for line, to a whole range of at
 *   least contentRunLength lines that an earlier record added at the same path adds nothing
 *   again (a squash or cherry-pick recording lines already recorded); a range without line
 *   hashes is such a re-record only whole, by its content hash and length.
 * One or two lines alone (a `}`, a blank) are written again and again, so they always count.
 * Returns, by commit, by path, the lines each of the file's ranges adds (in its order).
 */
export function addedLines(
  oldestFirst: readonly CountedRecord[],
): Map<string, Map<string, number[]>> {
  const added = new Map<string, Map<string, number[]>>();
  const ids = new Set<string>();
  const seen = new Map<string, SeenRanges>();
  for (const record of oldestFirst) {
    const byPath = new Map<string, number[]>();
    added.set(record.commit, byPath);
    const again = ids.has(record.id);
    ids.add(record.id);
    for (const file of record.files) {
      const known = seen.get(file.path);
      byPath.set(
        file.path,
        file.ranges.map((range) => (again ? 0 : newLines(range, known))),
      );
    }
    // Only once the whole record is counted: a record never re-records its own lines.
    if (again) continue;
    for (const file of record.files) {
      const known = seen.get(file.path) ?? { byFirstLine: new Map(), byContent: new Set() };
      seen.set(file.path, known);
      for (const range of file.ranges) remember(known, range);
    }
  }
  return added;
}

/** The ranges counted so far at one path, of at least contentRunLength lines. */
interface SeenRanges {
  /** Their line hashes, by the hash of their first line. */
  byFirstLine: Map<string, (readonly string[])[]>;
  /** `<length>:<content hash>` of each. */
  byContent: Set<string>;
}

function remember(known: SeenRanges, range: RecordedRange): void {
  const length = range.end - range.start + 1;
  if (length < contentRunLength) return;
  known.byContent.add(`${length}:${range.contentHash}`);
  const [first] = range.lineHashes ?? [];
  if (first === undefined) return;
  const list = known.byFirstLine.get(first) ?? [];
  list.push(range.lineHashes as readonly string[]);
  known.byFirstLine.set(first, list);
}

/** The lines of `range` that are not a whole earlier range again. */
function newLines(range: RecordedRange, known: SeenRanges | undefined): number {
  const length = range.end - range.start + 1;
  if (known === undefined) return length;
  const hashes = range.lineHashes;
  if (hashes === null) return known.byContent.has(`${length}:${range.contentHash}`) ? 0 : length;
  let fresh = 0;
  for (let at = 0; at < hashes.length; ) {
    let longest = 0;
    for (const earlier of known.byFirstLine.get(hashes[at] as string) ?? []) {
      if (earlier.length > longest && at + earlier.length <= hashes.length) {
        if (earlier.every((hash, k) => hashes[at + k] === hash)) longest = earlier.length;
      }
    }
    if (longest > 0) at += longest;
    else {
      fresh += 1;
      at += 1;
    }
  }
  return fresh;
}

import type { TraceRecord } from "../core/trace/record-schema.js";
import { readNotes } from "../git/notes.js";
import { commitsInRange } from "./commit-range.js";
import { recordsInNote } from "./note-records.js";

/**
 * The trace records of a range's commits, oldest first, read with three git processes whatever
 * the range's size. Lines that are not JSON are skipped here; `trace verify` reports them.
 */
export async function recordsInRange(dir: string, range: string): Promise<TraceRecord[]> {
  const commits = await commitsInRange(dir, range);
  return recordsOfCommits(commits, await readNotes(dir, commits));
}

/** The records in `notes` of `commits` (newest first, as git lists them), oldest first. */
export function recordsOfCommits(
  commits: readonly string[],
  notes: ReadonlyMap<string, string>,
): TraceRecord[] {
  return [...commits].reverse().flatMap((commit) => recordsInNote(notes.get(commit)));
}

import type { TraceRecord } from "../core/trace/record-schema.js";
import { readNotes } from "../git/notes.js";
import { commitsInRange } from "./commit-range.js";
import { parseNote } from "./note-records.js";

/**
 * The trace records of a range's commits, oldest first, read with three git processes whatever
 * the range's size. Lines that are not JSON are skipped here; `trace verify` reports them.
 */
export async function recordsInRange(range: string): Promise<TraceRecord[]> {
  const commits = await commitsInRange(range);
  return recordsOf(commits, await readNotes(commits));
}

/** The records in `notes` of `commits` (newest first, as git lists them), oldest first. */
export function recordsOf(
  commits: readonly string[],
  notes: ReadonlyMap<string, string>,
): TraceRecord[] {
  const records: TraceRecord[] = [];
  for (const commit of [...commits].reverse()) {
    for (const line of parseNote(notes.get(commit) ?? "")) {
      if (line.ok && Array.isArray(line.record.files)) records.push(line.record);
    }
  }
  return records;
}

import type { TraceRecord } from "../core/trace/record-schema.js";
import { readNotes } from "../git/notes.js";
import { commitsInRange } from "./commit-range.js";
import { noteLines } from "./note-records.js";

/** A note line that is not a trace record of its commit: skipped, and said so. */
export interface InvalidNoteLine {
  commit: string;
  /** 1-based, as `git notes show` prints the note. */
  line: number;
  problem: string;
}

export interface ReadRecords {
  /** The valid records, oldest commit first. */
  records: TraceRecord[];
  /** Every other line of the notes read, oldest commit first. */
  invalid: InvalidNoteLine[];
}

/**
 * The trace records of a range's commits, oldest first, read with three git processes whatever
 * the range's size, and the range's commits (newest first; none when HEAD has no commits yet).
 * Every line is checked (noteLines): one that is not a valid record is returned in `invalid`.
 */
export async function recordsInRange(
  dir: string,
  range: string,
): Promise<ReadRecords & { commits: string[] }> {
  const commits = await commitsInRange(dir, range);
  return { commits, ...(await recordsOfCommits(commits, await readNotes(dir, commits))) };
}

/** The records in `notes` of `commits` (newest first, as git lists them), oldest first. */
export async function recordsOfCommits(
  commits: readonly string[],
  notes: ReadonlyMap<string, string>,
): Promise<ReadRecords> {
  const records: TraceRecord[] = [];
  const invalid: InvalidNoteLine[] = [];
  for (const commit of [...commits].reverse()) {
    const note = notes.get(commit);
    if (note === undefined) continue;
    for (const line of await noteLines(note, commit)) {
      if (line.ok) records.push(line.record);
      else invalid.push({ commit, line: line.line, problem: line.problem });
    }
  }
  return { records, invalid };
}

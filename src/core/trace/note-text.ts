import type { TraceRecord } from "./record-schema.js";

// Kept apart from trace/note-records.ts, which validates with zod: the hook writes notes on every
// commit and loads the schema only when it has a note to read.

/** A note's content: one record per line, so notes merged by concatenation stay valid. */
export function recordsToNote(records: readonly TraceRecord[]): string {
  return `${records.map((record) => JSON.stringify(record)).join("\n")}\n`;
}

/** The number of lines a record attributes: the sum of its ranges' lengths. */
export function attributedLines(record: TraceRecord): number {
  let lines = 0;
  for (const file of record.files ?? []) {
    for (const range of file.ranges ?? []) lines += range.end_line - range.start_line + 1;
  }
  return lines;
}

import type { TraceRecord } from "../core/trace/record-schema.js";

/** A note's content: one record per line, so notes merged by concatenation stay valid. */
export function recordsToNote(records: readonly TraceRecord[]): string {
  return `${records.map((record) => JSON.stringify(record)).join("\n")}\n`;
}

export type NoteLine =
  | { ok: true; record: TraceRecord }
  | { ok: false; line: number; text: string; problem: string };

/**
 * Splits a note into its lines and parses each as JSON (not yet validated: see verify). A line
 * that is not JSON is reported with its number, never dropped.
 */
export function parseNote(text: string): NoteLine[] {
  return text
    .split("\n")
    .map((line, index) => ({ line: index + 1, text: line }))
    .filter(({ text: line }) => line.trim() !== "")
    .map(({ line, text: content }) => {
      try {
        return { ok: true as const, record: JSON.parse(content) as TraceRecord };
      } catch (error) {
        return { ok: false as const, line, text: content, problem: (error as Error).message };
      }
    });
}

/** The records of a note that parse and have files; other lines are skipped (verify reports them). */
export function recordsInNote(note: string | undefined): TraceRecord[] {
  if (note === undefined) return [];
  return parseNote(note).flatMap((line) =>
    line.ok && Array.isArray(line.record.files) ? [line.record] : [],
  );
}

/** The number of lines a record attributes: the sum of its ranges' lengths. */
export function attributedLines(record: TraceRecord): number {
  let lines = 0;
  for (const file of record.files ?? []) {
    for (const range of file.ranges ?? []) lines += range.end_line - range.start_line + 1;
  }
  return lines;
}

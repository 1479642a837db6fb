import type { Contributor } from "./contributor.js";
import type { TracedFile, TracedRange, TraceRecord } from "./record-schema.js";

/**
 * Who wrote what, at the three levels a record names it: the record's contributor (version 2;
 * the commit's, the default), a file's (only where it differs; version 1 names one on every file),
 * and a range's (only where it differs). Every reader asks here, never the fields themselves, so
 * the defaults are applied in one place and both versions read alike.
 */

/** A file's contributor: its own, else the record's. */
export function fileContributor(record: TraceRecord, file: TracedFile): Contributor {
  return (file.contributor ??
    ("contributor" in record ? record.contributor : undefined)) as Contributor;
}

/**
 * A range's contributor: its own, else its file's — null for a withheld range (version 3: its
 * observations were tampered with, and its lines are nobody's).
 */
export function rangeContributor(
  record: TraceRecord,
  file: TracedFile,
  range: TracedRange,
): Contributor | null {
  if ("evidence" in range && range.evidence?.kind === "withheld") return null;
  return ("contributor" in range ? range.contributor : undefined) ?? fileContributor(record, file);
}

/** The range of `file` holding line `line` (its numbering in the commit), if any. */
export function rangeAt(file: TracedFile, line: number): TracedRange | undefined {
  return file.ranges.find((range) => range.start_line <= line && line <= range.end_line);
}

/** Every contributor a file's lines have: the file's, and its ranges' own. */
export function contributorsOf(record: TraceRecord, file: TracedFile): Contributor[] {
  const found = [fileContributor(record, file)];
  for (const range of file.ranges) {
    if ("contributor" in range && range.contributor) found.push(range.contributor);
  }
  return found;
}

/** The same contributor, or both no one (withheld ranges). */
export function sameContributorOrNone(a: Contributor | null, b: Contributor | null): boolean {
  return a === null || b === null ? a === b : sameContributor(a, b);
}

/** Whether two contributors are the same one (type, model, agent, name, e-mail). */
export function sameContributor(a: Contributor, b: Contributor): boolean {
  return (
    a.entity_type === b.entity_type &&
    (a.model_identifier ?? null) === (b.model_identifier ?? null) &&
    (a.agent_id ?? null) === (b.agent_id ?? null) &&
    (a.name ?? null) === (b.name ?? null) &&
    (a.email ?? null) === (b.email ?? null)
  );
}

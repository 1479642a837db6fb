import type { Contributor } from "./contributor.js";
import { fileContributor, rangeContributor } from "./record-contributors.js";
import type { TraceRecord } from "./record-schema.js";

/** A run of lines a record says its commit wrote, and who wrote them. */
export interface RecordedRange {
  start: number;
  end: number;
  /** Null for a withheld range: nobody's. */
  contributor: Contributor | null;
  contentHash: string;
  /** One hash per line, when the record has them (records before line hashes do not). */
  lineHashes: readonly string[] | null;
}

/** A file a record names: its path after the change, who changed it, the lines written. */
export interface RecordedFile {
  path: string;
  contributor: Contributor;
  ranges: readonly RecordedRange[];
}

/**
 * The files of a record as stats reads them: the one place stats touches a record's files, so a
 * change of record format (a contributor per range) changes this function and nothing else.
 */
export function recordedFiles(record: TraceRecord): RecordedFile[] {
  return record.files.map((file) => ({
    path: file.relative_path,
    contributor: fileContributor(record, file),
    ranges: file.ranges.map((range) => ({
      start: range.start_line,
      end: range.end_line,
      contributor: rangeContributor(record, file, range),
      contentHash: range.content_hash,
      lineHashes: range.line_hashes ?? null,
    })),
  }));
}

/**
 * Who wrote lines `line`..`line + count - 1` of `path` at the record's commit, as trace blame
 * attributes a line of a recorded commit: the range holding a line, else the file; null when the
 * record does not name the file. Consecutive lines of one contributor come as one run.
 */
export function contributorRuns(
  files: readonly RecordedFile[],
  path: string,
  line: number,
  count: number,
): { contributor: Contributor | null; lines: number }[] {
  const file = files.find((candidate) => candidate.path === path);
  if (!file) return [{ contributor: null, lines: count }];
  if (file.ranges.every((range) => range.contributor === file.contributor)) {
    return [{ contributor: file.contributor, lines: count }];
  }
  const runs: { contributor: Contributor | null; lines: number }[] = [];
  const add = (contributor: Contributor | null, lines: number) => {
    const last = runs[runs.length - 1];
    if (last?.contributor === contributor) last.lines += lines;
    else if (lines > 0) runs.push({ contributor, lines });
  };
  const end = line + count - 1;
  let at = line;
  const overlapping = file.ranges
    .filter((range) => range.end >= line && range.start <= end)
    .sort((a, b) => a.start - b.start);
  for (const range of overlapping) {
    const from = Math.max(range.start, at);
    const to = Math.min(range.end, end);
    if (to < from) continue;
    add(file.contributor, from - at);
    add(range.contributor, to - from + 1);
    at = to + 1;
  }
  add(file.contributor, end - at + 1);
  return runs;
}

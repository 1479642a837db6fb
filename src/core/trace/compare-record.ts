import { appendAll } from "../unbounded-arrays.js";
import { rangeContributor, sameContributorOrNone } from "./record-contributors.js";
import type { TracedFile, TracedRange, TraceRecord } from "./record-schema.js";
import type { HashedRange, TraceIssueDetail } from "./trace-issue-detail.js";

/** A file's identity in a record: its exact bytes when its name is not UTF-8, else its path. */
function identity(file: Pick<TracedFile, "relative_path" | "relative_path_base64">): string {
  return file.relative_path_base64 !== undefined
    ? `\0${file.relative_path_base64}`
    : file.relative_path;
}

/**
 * What differs between a stored record and one recomputed from its commit: the commit it is
 * keyed to and its parents, its intent (the commit's own Intent: trailer, or null without one), the files (by
 * their exact names), their operations, blob hashes, modes and object IDs, and every range's bounds,
 * content hash and, when the record has them, line hashes (records written before line_hashes
 * existed lack them and are not faulted for it). Identity, time and contributor are not
 * recomputable: the ledger vouches for those (verify-traces.ts).
 */
export function compareRecord(
  stored: TraceRecord,
  fresh: TraceRecord,
  pieceHash: PieceHash = () => null,
): TraceIssueDetail[] {
  const differences: TraceIssueDetail[] = [];
  if (stored.vcs?.revision_id !== fresh.vcs.revision_id) {
    differences.push({
      kind: "rekeyed",
      commit: fresh.vcs.revision_id,
      named: stored.vcs?.revision_id,
    });
  }
  if ((stored.parents ?? []).join(" ") !== fresh.parents.join(" ")) {
    differences.push({ kind: "parents-differ", parents: fresh.parents });
  }
  if (stored.intent_id !== fresh.intent_id) {
    differences.push({
      kind: "intent-differs",
      recorded: stored.intent_id,
      trailer: fresh.intent_id,
    });
  }
  const storedFiles = new Map((stored.files ?? []).map((file) => [identity(file), file]));
  if (storedFiles.size < (stored.files ?? []).length) differences.push({ kind: "file-repeated" });
  const freshFiles = new Set(fresh.files.map(identity));
  for (const file of fresh.files) {
    const old = storedFiles.get(identity(file));
    if (!old) {
      differences.push({ kind: "file-missing", path: file.relative_path });
      continue;
    }
    const summary = (f: typeof file) =>
      JSON.stringify([
        f.operation,
        f.old_path,
        f.old_path_base64,
        f.before?.sha256,
        f.before?.mode,
        f.before?.oid,
        f.after?.sha256,
        f.after?.mode,
        f.after?.oid,
      ]);
    if (summary(old) !== summary(file)) {
      differences.push({ kind: "file-differs", path: file.relative_path });
    }
    const runs = joinedRuns(old.ranges);
    const bounds = (list: readonly { start_line: number; end_line: number }[]) =>
      list.map((range) => `${range.start_line}-${range.end_line}`).join(",");
    if (bounds(runs.map((run) => run.whole)) !== bounds(file.ranges)) {
      differences.push({
        kind: "ranges-differ",
        path: file.relative_path,
        recorded: old.ranges.map(hashedRange),
        recomputed: file.ranges.map(hashedRange),
      });
      continue;
    }
    runs.forEach((run, index) => {
      const fresh = file.ranges[index] as TracedRange;
      appendAll(
        differences,
        pieceDifferences(stored, old, file.relative_path, run, fresh, pieceHash),
      );
    });
  }
  for (const [key, file] of storedFiles) {
    if (!freshFiles.has(key)) differences.push({ kind: "file-extra", path: file.relative_path });
  }
  return differences;
}

/**
 * The content hash of lines `start`..`end` of a file after the commit, for a range the record
 * split by contributor (verify reads the file); null when it cannot be read.
 */
export type PieceHash = (path: string, start: number, end: number) => string | null;

/** A recomputed range as the record holds it: one range, or pieces split by contributor. */
interface JoinedRun {
  whole: { start_line: number; end_line: number };
  pieces: TracedRange[];
}

/** The stored ranges joined where one ends on the line before the next begins. */
function joinedRuns(ranges: readonly TracedRange[]): JoinedRun[] {
  const runs: JoinedRun[] = [];
  for (const range of ranges) {
    const last = runs[runs.length - 1];
    if (last && last.whole.end_line + 1 === range.start_line) {
      last.whole.end_line = range.end_line;
      last.pieces.push(range);
    } else {
      runs.push({
        whole: { start_line: range.start_line, end_line: range.end_line },
        pieces: [range],
      });
    }
  }
  return runs;
}

/**
 * One recomputed range against the stored range or pieces holding it: an unsplit range has the
 * recomputed content hash; pieces split it only where the contributor changes, and each holds
 * the content hash of its lines and their line hashes. Line hashes are optional in version 1
 * (absent ones are not a difference); when present each must be the hash of its line.
 */
function pieceDifferences(
  record: TraceRecord,
  file: TracedFile,
  path: string,
  run: JoinedRun,
  fresh: TracedRange,
  pieceHash: PieceHash,
): TraceIssueDetail[] {
  const differences: TraceIssueDetail[] = [];
  const [only] = run.pieces;
  if (run.pieces.length === 1 && only) {
    if (only.content_hash !== fresh.content_hash) {
      differences.push({
        kind: "ranges-differ",
        path,
        recorded: [hashedRange(only)],
        recomputed: [hashedRange(fresh)],
      });
      return differences;
    }
  }
  run.pieces.forEach((piece, index) => {
    const range = { path, start: piece.start_line, end: piece.end_line };
    const previous = run.pieces[index - 1];
    if (
      previous &&
      sameContributorOrNone(
        rangeContributor(record, file, previous),
        rangeContributor(record, file, piece),
      )
    ) {
      differences.push({ kind: "split-same-contributor", range });
    }
    if (run.pieces.length > 1) {
      const hash = pieceHash(path, piece.start_line, piece.end_line);
      if (hash !== piece.content_hash) {
        differences.push({ kind: "piece-hash-mismatch", range, unreadable: hash === null });
      }
    }
    const recorded = piece.line_hashes;
    if (recorded === undefined) return;
    const offset = piece.start_line - fresh.start_line;
    const expected = (fresh.line_hashes ?? []).slice(
      offset,
      offset + piece.end_line - piece.start_line + 1,
    );
    const length = Math.max(recorded.length, expected.length);
    for (let at = 0; at < length; at++) {
      if (recorded[at] === expected[at]) continue;
      differences.push({
        kind: "line-hashes-differ",
        range,
        line: piece.start_line + at,
        recorded: recorded[at] ?? null,
        recomputed: expected[at] ?? null,
      });
      return;
    }
  });
  return differences;
}

function hashedRange(range: {
  start_line: number;
  end_line: number;
  content_hash: string;
}): HashedRange {
  return { start: range.start_line, end: range.end_line, hash: range.content_hash };
}

import { appendAll } from "../unbounded-arrays.js";
import { rangeContributor, sameContributor } from "./record-contributors.js";
import type { TracedFile, TracedRange, TraceRecord } from "./record-schema.js";

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
): string[] {
  const differences: string[] = [];
  if (stored.vcs?.revision_id !== fresh.vcs.revision_id) {
    differences.push(
      `keyed to ${fresh.vcs.revision_id} but names ${stored.vcs?.revision_id} (a rewrite was not re-keyed)`,
    );
  }
  if ((stored.parents ?? []).join(" ") !== fresh.parents.join(" ")) {
    differences.push(`parents differ from the commit's (${fresh.parents.join(", ") || "none"})`);
  }
  if (stored.intent_id !== fresh.intent_id) {
    differences.push(
      `intent_id is ${JSON.stringify(stored.intent_id)}, but the commit's Intent: trailer says ${JSON.stringify(fresh.intent_id)}`,
    );
  }
  const storedFiles = new Map((stored.files ?? []).map((file) => [identity(file), file]));
  if (storedFiles.size < (stored.files ?? []).length) {
    differences.push("a file is named more than once (each file is one entry)");
  }
  const freshFiles = new Set(fresh.files.map(identity));
  for (const file of fresh.files) {
    const old = storedFiles.get(identity(file));
    if (!old) {
      differences.push(`${file.relative_path}: missing from the record`);
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
    if (summary(old) !== summary(file))
      differences.push(`${file.relative_path}: operation, modes or blob hashes differ`);
    const ranges = (
      list: readonly { start_line: number; end_line: number; content_hash: string }[],
    ) =>
      list.map((range) => `${range.start_line}-${range.end_line}:${range.content_hash}`).join(",");
    const runs = joinedRuns(old.ranges);
    const bounds = (list: readonly { start_line: number; end_line: number }[]) =>
      list.map((range) => `${range.start_line}-${range.end_line}`).join(",");
    if (bounds(runs.map((run) => run.whole)) !== bounds(file.ranges)) {
      differences.push(
        `${file.relative_path}: ranges differ (recorded ${ranges(old.ranges) || "none"}; recomputed ${ranges(file.ranges) || "none"})`,
      );
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
    if (!freshFiles.has(key))
      differences.push(`${file.relative_path}: recorded, but the commit does not touch it`);
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
): string[] {
  const differences: string[] = [];
  const [only] = run.pieces;
  if (run.pieces.length === 1 && only) {
    if (only.content_hash !== fresh.content_hash) {
      differences.push(
        `${path}: ranges differ (recorded ${only.start_line}-${only.end_line}:${only.content_hash}; recomputed ${fresh.start_line}-${fresh.end_line}:${fresh.content_hash})`,
      );
      return differences;
    }
  }
  run.pieces.forEach((piece, index) => {
    const span = `${piece.start_line}-${piece.end_line}`;
    const previous = run.pieces[index - 1];
    if (
      previous &&
      sameContributor(
        rangeContributor(record, file, previous),
        rangeContributor(record, file, piece),
      )
    ) {
      differences.push(
        `${path}: range ${span} is split from the range before it, but both have the same contributor (ranges split only where the contributor changes)`,
      );
    }
    if (run.pieces.length > 1) {
      const hash = pieceHash(path, piece.start_line, piece.end_line);
      if (hash !== piece.content_hash) {
        differences.push(
          `${path}: the content hash of range ${span} does not match its lines${hash === null ? " (they could not be read)" : ""}`,
        );
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
      differences.push(
        `${path}: line_hashes of range ${span} differ from the content (line ${piece.start_line + at}: recorded ${recorded[at] ?? "none"}, recomputed ${expected[at] ?? "none"})`,
      );
      return;
    }
  });
  return differences;
}

import type { TraceRecord } from "./record-schema.js";

/**
 * What differs between a stored record and one recomputed from its commit: the files, their
 * operations, blob hashes and modes, and every range's bounds and content hash. Identity, time,
 * intent and contributor are not recomputable and are not compared.
 */
export function compareRecord(stored: TraceRecord, fresh: TraceRecord): string[] {
  const differences: string[] = [];
  if (stored.vcs?.revision_id !== fresh.vcs.revision_id) {
    differences.push(
      `keyed to ${fresh.vcs.revision_id} but names ${stored.vcs?.revision_id} (a rewrite was not re-keyed)`,
    );
  }
  const storedFiles = new Map((stored.files ?? []).map((file) => [file.relative_path, file]));
  const freshPaths = new Set(fresh.files.map((file) => file.relative_path));
  for (const file of fresh.files) {
    const old = storedFiles.get(file.relative_path);
    if (!old) {
      differences.push(`${file.relative_path}: missing from the record`);
      continue;
    }
    const summary = (f: typeof file) =>
      JSON.stringify([
        f.operation,
        f.old_path,
        f.before?.sha256,
        f.before?.mode,
        f.after?.sha256,
        f.after?.mode,
      ]);
    if (summary(old) !== summary(file))
      differences.push(`${file.relative_path}: operation, modes or blob hashes differ`);
    const ranges = (f: typeof file) =>
      (f.ranges ?? [])
        .map((range) => `${range.start_line}-${range.end_line}:${range.content_hash}`)
        .join(",");
    if (ranges(old) !== ranges(file)) {
      differences.push(
        `${file.relative_path}: ranges differ (recorded ${ranges(old) || "none"}; recomputed ${ranges(file) || "none"})`,
      );
    }
  }
  for (const path of storedFiles.keys()) {
    if (!freshPaths.has(path))
      differences.push(`${path}: recorded, but the commit does not touch it`);
  }
  return differences;
}

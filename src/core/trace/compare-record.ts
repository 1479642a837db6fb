import { appendAll } from "../unbounded-arrays.js";
import type { TracedFile, TraceRecord } from "./record-schema.js";

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
export function compareRecord(stored: TraceRecord, fresh: TraceRecord): string[] {
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
    const ranges = (f: typeof file) =>
      (f.ranges ?? [])
        .map((range) => `${range.start_line}-${range.end_line}:${range.content_hash}`)
        .join(",");
    if (ranges(old) !== ranges(file)) {
      differences.push(
        `${file.relative_path}: ranges differ (recorded ${ranges(old) || "none"}; recomputed ${ranges(file) || "none"})`,
      );
    } else {
      appendAll(differences, lineHashDifferences(file.relative_path, old.ranges, file.ranges));
    }
  }
  for (const [key, file] of storedFiles) {
    if (!freshFiles.has(key))
      differences.push(`${file.relative_path}: recorded, but the commit does not touch it`);
  }
  return differences;
}

/**
 * A stored range's `line_hashes` against the recomputed ones, range by range (the bounds already
 * agree): each must be the hash of its line. Absent ones are not a difference: they are optional.
 */
function lineHashDifferences(
  path: string,
  stored: readonly TracedFile["ranges"][number][],
  fresh: readonly TracedFile["ranges"][number][],
): string[] {
  const differences: string[] = [];
  stored.forEach((range, index) => {
    const recorded = range.line_hashes;
    if (recorded === undefined) return;
    const expected = fresh[index]?.line_hashes ?? [];
    const length = Math.max(recorded.length, expected.length);
    for (let offset = 0; offset < length; offset++) {
      if (recorded[offset] === expected[offset]) continue;
      differences.push(
        `${path}: line_hashes of range ${range.start_line}-${range.end_line} differ from the content (line ${range.start_line + offset}: recorded ${recorded[offset] ?? "none"}, recomputed ${expected[offset] ?? "none"})`,
      );
      return;
    }
  });
  return differences;
}

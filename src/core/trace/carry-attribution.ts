import type { FileChange } from "../file-change.js";
import type { Contributor } from "./contributor.js";
import type { LineRange } from "./range-hash.js";
import { fileContributor } from "./record-contributors.js";
import type { TraceRecord } from "./record-schema.js";

/**
 * When commits are rewritten (amend, rebase, squash), the new commit's ranges are recomputed from
 * its own diff; who wrote them is carried over from the old records: lines by content, range by
 * range (carry-lines.ts), and the file-level contributor here. A file's contributor is the
 * one whose old ranges share the most content hashes with the new ones (content hashes do not
 * depend on line numbers, so moved lines still match); else the latest old record that touched
 * the file; else the rewritten commit's own contributor.
 */
export function carryAttribution(oldRecords: readonly TraceRecord[]) {
  return (file: FileChange, ranges: readonly LineRange[], fallback: Contributor): Contributor => {
    const names = new Set([file.path, ...(file.oldPath ? [file.oldPath] : [])]);
    const wanted = new Set(ranges.map((range) => range.content_hash));
    let best: { contributor: Contributor; score: number } | null = null;
    for (const record of oldRecords) {
      for (const old of record.files) {
        const sameFile = names.has(old.relative_path);
        const score = old.ranges.filter((range) => wanted.has(range.content_hash)).length;
        if (!sameFile && score === 0) continue;
        if (!best || score >= best.score)
          best = { contributor: fileContributor(record, old), score };
      }
    }
    return best?.contributor ?? fallback;
  };
}

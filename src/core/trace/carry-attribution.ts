import type { Contributor } from "./contributor.js";
import type { LineRange } from "./range-hash.js";
import { fileContributor } from "./record-contributors.js";
import type { TraceRecord } from "./record-schema.js";

/**
 * When commits are rewritten (amend, rebase, squash), the new commit's ranges are recomputed from
 * its own diff; who wrote them is carried over from the old records: lines by content, range by
 * range (carry-lines.ts), and the file-level contributor here. A file's contributor is the
 * one whose old ranges share the most content hashes with the new ones (content hashes do not
 * depend on line numbers, so moved lines still match); else the rewritten commit's own.
 */
export function carryAttribution(oldRecords: readonly TraceRecord[]) {
  return (ranges: readonly LineRange[], fallback: Contributor): Contributor => {
    const wanted = new Set(ranges.map((range) => range.content_hash));
    let best: { contributor: Contributor; score: number } | null = null;
    for (const record of oldRecords) {
      for (const old of record.files) {
        const score = old.ranges.filter((range) => wanted.has(range.content_hash)).length;
        // A file the old records named but whose lines none of them wrote (score 0) keeps the
        // rewriting commit's contributor: an AI amending a person's commit wrote what it added.
        if (score === 0) continue;
        if (!best || score >= best.score)
          best = { contributor: fileContributor(record, old), score };
      }
    }
    return best?.contributor ?? fallback;
  };
}

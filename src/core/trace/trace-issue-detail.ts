import type { Contributor } from "./contributor.js";

/** A range of a file as a detail names it. */
export interface DetailRange {
  path: string;
  start: number;
  end: number;
}

/** A range's bounds and content hash, as a record holds it and as it is recomputed. */
export interface HashedRange {
  start: number;
  end: number;
  hash: string;
}

/**
 * What is wrong with a commit's trace, as facts (src/report/trace/trace-issue-text.ts words them):
 * what `trace verify` and `check --verify-traces` report per commit. By the issue's kind:
 * - untraced: `no-record`, `note-unreadable`;
 * - invalid: `invalid-line` (a note line that is no valid record; `problem`: the schema's words);
 * - tampered, where the record disagrees with a recomputation from its commit (compare-record.ts):
 *   `rekeyed`, `parents-differ`, `intent-differs`, `file-repeated`, `file-missing`,
 *   `file-differs` (operation, modes or blob hashes), `ranges-differ`, `file-extra` (recorded but
 *   untouched), `split-same-contributor`, `piece-hash-mismatch`, `line-hashes-differ`; and where a
 *   range's evidence does not hold: `evidence-short` (its source is its own commit, or fewer
 *   lines than content matching needs), `evidence-unheld`;
 * - ledger, where the record and this clone's ledger disagree: `ledger-other-record`,
 *   `ledger-truncated`, `ledger-line-edited`, `ledger-line-other`, `record-edited`;
 * - tampered too: `superseded-disagrees`, a further record of the commit that disagrees with it
 *   (the reports that read every record of a note would show it).
 */
export type TraceIssueDetail =
  | { kind: "no-record" }
  | { kind: "note-unreadable" }
  | { kind: "invalid-line"; line: number; problem: string }
  | { kind: "rekeyed"; commit: string; named: string | undefined }
  | { kind: "parents-differ"; parents: readonly string[] }
  | { kind: "intent-differs"; recorded: string | null; trailer: string | null }
  | { kind: "file-repeated" }
  | { kind: "file-missing"; path: string }
  | { kind: "file-differs"; path: string }
  | {
      kind: "ranges-differ";
      path: string;
      recorded: readonly HashedRange[];
      recomputed: readonly HashedRange[];
    }
  | { kind: "file-extra"; path: string }
  | { kind: "split-same-contributor"; range: DetailRange }
  | { kind: "piece-hash-mismatch"; range: DetailRange; unreadable: boolean }
  | {
      kind: "line-hashes-differ";
      range: DetailRange;
      line: number;
      recorded: string | null;
      recomputed: string | null;
    }
  | {
      kind: "evidence-short";
      range: DetailRange;
      who: Contributor;
      /** null: the range names its own commit as its source. */
      source: { commit: string; lines: number } | null;
      needed: number;
    }
  | {
      kind: "evidence-unheld";
      range: DetailRange;
      who: Contributor;
      source: { commit: string } & DetailRange;
      /** Whether the source commit has a record here (that does not hold the lines). */
      recorded: boolean;
    }
  | { kind: "ledger-other-record"; seq: number; ledgerRecord: string; noteRecord: string }
  | { kind: "ledger-truncated"; seq: number; lines: number }
  | { kind: "ledger-line-edited"; seq: number }
  | { kind: "ledger-line-other"; seq: number; record: string }
  | { kind: "record-edited"; seq: number }
  /** A further record names another contributor of the commit than the record that counts. */
  | { kind: "contributor-differs"; contributor: Contributor; counted: Contributor }
  /** A further record of the commit (not the one that counts) that disagrees with it. */
  | { kind: "superseded-disagrees"; record: string; detail: TraceIssueDetail };

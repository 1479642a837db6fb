import type { Contributor } from "../../core/trace/contributor.js";
import type {
  DetailRange,
  HashedRange,
  TraceIssueDetail,
} from "../../core/trace/trace-issue-detail.js";
import { plural } from "../text/count.js";

/**
 * What is wrong with a commit's trace, as one sentence: `trace verify`'s lines and its JSON
 * `detail`, and `check --verify-traces`' findings.
 */
export function traceIssueText(detail: TraceIssueDetail): string {
  switch (detail.kind) {
    case "no-record":
      return "no trace record";
    case "note-unreadable":
      return "its note cannot be read";
    case "invalid-line":
      return `note line ${detail.line} is ${detail.problem}`;
    case "rekeyed":
      return `keyed to ${detail.commit} but names ${detail.named} (a rewrite was not re-keyed)`;
    case "parents-differ":
      return `parents differ from the commit's (${detail.parents.join(", ") || "none"})`;
    case "intent-differs":
      return `intent_id is ${JSON.stringify(detail.recorded)}, but the commit's Intent: trailer says ${JSON.stringify(detail.trailer)}`;
    case "file-repeated":
      return "a file is named more than once (each file is one entry)";
    case "file-missing":
      return `${detail.path}: missing from the record`;
    case "file-differs":
      return `${detail.path}: operation, modes or blob hashes differ`;
    case "ranges-differ":
      return `${detail.path}: ranges differ (recorded ${hashed(detail.recorded)}; recomputed ${hashed(detail.recomputed)})`;
    case "file-extra":
      return `${detail.path}: recorded, but the commit does not touch it`;
    case "split-same-contributor":
      return `${detail.range.path}: range ${bounds(detail.range)} is split from the range before it, but both have the same contributor (ranges split only where the contributor changes)`;
    case "piece-hash-mismatch":
      return `${detail.range.path}: the content hash of range ${bounds(detail.range)} does not match its lines${detail.unreadable ? " (they could not be read)" : ""}`;
    case "line-hashes-differ":
      return `${detail.range.path}: line_hashes of range ${bounds(detail.range)} differ from the content (line ${detail.line}: recorded ${detail.recorded ?? "none"}, recomputed ${detail.recomputed ?? "none"})`;
    case "evidence-short": {
      const from =
        detail.source === null
          ? "its own commit"
          : `only ${detail.source.lines} line(s) of ${detail.source.commit.slice(0, 12)}`;
      return `range ${span(detail.range)} names ${who(detail.who)} from ${from}: a source is another commit's record of at least ${detail.needed} of these lines`;
    }
    case "evidence-unheld": {
      const { source } = detail;
      const but = detail.recorded
        ? "its record does not hold those lines as that contributor"
        : "that commit has no record here";
      return `range ${span(detail.range)} names ${who(detail.who)} from ${source.commit.slice(0, 12)} (${span(source)}), but ${but}`;
    }
    case "ledger-other-record":
      return `this clone's ledger (line ${detail.seq}) traced the commit as record ${detail.ledgerRecord}, but its note holds record ${detail.noteRecord}`;
    case "ledger-truncated":
      return `the record anchors ledger line ${detail.seq}, but this clone's ledger has ${plural(detail.lines, "line")}: it was truncated or deleted`;
    case "ledger-line-edited":
      return `ledger line ${detail.seq} is not the line the record anchors: it was edited`;
    case "ledger-line-other":
      return `ledger line ${detail.seq} does not record this commit's record ${detail.record}`;
    case "contributor-differs":
      return `it names ${who(detail.contributor)} as the commit's contributor, the record that counts ${who(detail.counted)}`;
    case "superseded-disagrees":
      return `record ${detail.record}, beside the one that counts, disagrees with the commit: ${traceIssueText(detail.detail)}`;
    case "record-edited":
      return `the record is not the one ledger line ${detail.seq} recorded (its digest differs): it was edited after it was written`;
  }
}

function hashed(ranges: readonly HashedRange[]): string {
  return ranges.map((range) => `${range.start}-${range.end}:${range.hash}`).join(",") || "none";
}

function bounds(range: DetailRange): string {
  return `${range.start}-${range.end}`;
}

function span(range: DetailRange): string {
  return `${range.path}:${bounds(range)}`;
}

function who(contributor: Contributor): string {
  return contributor.entity_type === "AI"
    ? `AI ${contributor.model_identifier ?? "(no model)"}${contributor.agent_id ? ` / ${contributor.agent_id}` : ""}`
    : `${contributor.name ?? "a person"}`;
}

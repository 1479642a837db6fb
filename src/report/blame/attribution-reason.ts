import type { AttributionReason, ObservedBy, RangeSpan } from "../../core/trace/blame-line.js";

/**
 * Why a blamed line has its confidence, as one sentence: the `reason` of `trace blame --json`,
 * porcelain's `confidence-reason` and the text legend. It names the range, the commit, or how to
 * get the notes (`command`: intentguard as installed).
 */
export function attributionReasonText(reason: AttributionReason, command: string): string {
  switch (reason.kind) {
    case "recorded":
      return `recorded in range ${span(reason.range)}${observedText(reason.observed)}`;
    case "hash-mismatch":
      return `the record's hash of range ${span(reason.range)} does not match the content at ${reason.commit.slice(0, 12)}`;
    case "range-unchecked":
      return `in range ${span(reason.range)}, which could not be read to check it`;
    case "no-range":
      return `the commit's record names ${reason.path} but no range holds line ${reason.line}`;
    case "file-unrecorded":
      return `the commit's record does not name ${reason.path}; attributed from the record`;
    case "note-conflict":
      return `the commit's note holds ${reason.count} records, so none can be trusted alone`;
    case "intent-disagrees": {
      const said = reason.trailers.length > 0 ? reason.trailers.join(", ") : "none";
      return `the record names intent ${reason.recorded ?? "none"}, the commit's Intent: trailer ${said}`;
    }
    case "contributor-disagrees":
      return "the record's contributor is not the one the commit's Contributor-* trailers name";
    case "content":
      return `the same ${reason.lines} lines were recorded in ${reason.commit.slice(0, 12)} (${span(reason.range)}), ${relationText[reason.relation]}`;
    case "trailers": {
      const named =
        reason.intents.length > 1
          ? `; its trailers name ${reason.intents.join(", ")}, so no one intent is`
          : "";
      return `no trace record; from the commit's trailers${named}`;
    }
    case "not-committed":
      return "not committed yet";
    case "before-adoption":
      return "made before intentguard was adopted (its tree has no intents file)";
    case "nowhere":
      return "no trace record, no trailers, and its content is recorded nowhere else";
    case "no-notes":
      return `this clone has no trace notes: run ${command} trace fetch, then blame again`;
    case "withheld": {
      const seen = [reason.agent, reason.session && `session ${reason.session}`]
        .filter(Boolean)
        .join(", ");
      return `recorded in range ${span(reason.range)} as nobody's: the agent's observations${seen ? ` (${seen})` : ""} were ${reason.how} before it was committed`;
    }
  }
}

const relationText = {
  ancestor: "an ancestor of this line's commit",
  "not-here": "a commit not in this clone, recorded before this line's commit",
  "other-branch": "committed before this line's commit, on another branch",
} as const;

function span(range: RangeSpan): string {
  return `${range.path}:${range.start}-${range.end}`;
}

function observedText(observed: ObservedBy | null): string {
  if (observed === null) return "";
  const details = [
    observed.agent,
    observed.model,
    observed.session && `session ${observed.session}`,
    observed.toolUse && `tool call ${observed.toolUse}`,
  ].filter(Boolean);
  return `, observed written by an agent's hook (${details.join(", ")})`;
}

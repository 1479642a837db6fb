import { isGovernanceOnly } from "../governance/governance-files.js";
import type { TraceRecord } from "./record-schema.js";

/**
 * What the reports (`trace log`, `trace stats`, the intent map) count a traced commit's work
 * for: `governance` when it changes only the rules files or the intent map, whatever its
 * trailer says; `nothing` for a merge that authors nothing of its own (what it brings in is
 * counted where it was written); else the intent its record names (null: none).
 */
export type Credit =
  | { kind: "intent"; id: string | null }
  | { kind: "governance" }
  | { kind: "nothing" };

export function creditOf(record: Pick<TraceRecord, "intent_id" | "parents" | "files">): Credit {
  if (record.parents.length > 1 && record.files.length === 0) return { kind: "nothing" };
  if (isGovernanceOnly(recordPaths(record.files))) return { kind: "governance" };
  return { kind: "intent", id: record.intent_id };
}

/** A record's paths, after the change and (renames, copies) before it. */
function* recordPaths(files: TraceRecord["files"]): Generator<string> {
  for (const file of files) {
    yield file.relative_path;
    if (file.old_path !== null) yield file.old_path;
  }
}

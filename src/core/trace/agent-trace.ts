import type { Contributor } from "./contributor.js";
import { fileContributor, rangeContributor, sameContributorOrNone } from "./record-contributors.js";
import type { TracedFile, TraceRecord } from "./record-schema.js";

/** The vendor key under `metadata` that carries what Agent Trace has no field for. */
const metadataKey = "dev.intentguard";

/** An Agent Trace 0.1.0 record (https://github.com/cursor/agent-trace), as intentguard writes it. */
export interface AgentTraceRecord {
  version: "0.1.0";
  id: string;
  timestamp: string;
  vcs: { type: "git"; revision: string };
  tool: { name: string; version: string };
  files: {
    path: string;
    conversations: {
      /** "unknown": lines whose observations were tampered with (a withheld range). */
      contributor: { type: "ai" | "human"; model_id?: string } | { type: "unknown" };
      ranges: { start_line: number; end_line: number; content_hash: string }[];
      related?: { type: string; url: string }[];
    }[];
  }[];
  metadata: Record<string, unknown>;
}

/**
 * Maps a trace record to Agent Trace 0.1.0. Each file that exists after the commit becomes one
 * conversation per contributor of its lines (the file's, then each range's own, in order of first
 * appearance) carrying that contributor's ranges; `related` entries become `urn:intentguard:`
 * URIs (the spec requires a URI). Deletions, operations, blob hashes and the intent go under
 * `metadata["dev.intentguard"]`.
 */
export function toAgentTrace(record: TraceRecord): AgentTraceRecord {
  return {
    version: "0.1.0",
    id: record.id,
    timestamp: record.timestamp,
    vcs: { type: "git", revision: record.vcs.revision_id },
    tool: { name: record.tool.name, version: record.tool.version },
    files: record.files
      .filter((file) => file.after !== null)
      .map((file) => ({
        path: file.relative_path,
        conversations: conversations(record, file),
      })),
    metadata: {
      [metadataKey]: {
        intent_id: record.intent_id,
        parents: record.parents,
        files: record.files.map((file) => ({
          path: file.relative_path,
          operation: file.operation,
          old_path: file.old_path,
          before: file.before,
          after: file.after,
          mutation_class: file.mutation_class,
          agent_id: fileContributor(record, file).agent_id ?? null,
        })),
      },
    },
  };
}

type Conversation = AgentTraceRecord["files"][number]["conversations"][number];

/** A file's conversations: one per contributor, holding the ranges that contributor wrote. */
function conversations(record: TraceRecord, file: TracedFile): Conversation[] {
  const groups: { who: Contributor | null; ranges: Conversation["ranges"] }[] = [
    { who: fileContributor(record, file), ranges: [] },
  ];
  for (const range of file.ranges) {
    const who = rangeContributor(record, file, range);
    let group = groups.find((candidate) => sameContributorOrNone(candidate.who, who));
    if (!group) {
      group = { who, ranges: [] };
      groups.push(group);
    }
    const { start_line, end_line, content_hash } = range;
    group.ranges.push({ start_line, end_line, content_hash });
  }
  const related = file.related.map(({ type, value }) => ({ type, url: relatedUrn(type, value) }));
  return groups
    .filter((group, index) => index === 0 || group.ranges.length > 0)
    .map(({ who, ranges }) => ({
      // A withheld range's lines are nobody's: Agent Trace's "unknown".
      contributor: who
        ? {
            type: who.entity_type === "AI" ? "ai" : "human",
            ...(who.model_identifier ? { model_id: who.model_identifier } : {}),
          }
        : { type: "unknown" },
      ranges,
      related,
    }));
}

function relatedUrn(type: string, value: string): string {
  return `urn:intentguard:${encodeURIComponent(type)}:${encodeURIComponent(value)}`;
}

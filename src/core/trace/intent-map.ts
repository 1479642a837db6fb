import type { Intent } from "../config/intents-schema.js";
import type { TraceRecord } from "./record-schema.js";

/** One file an intent's commits touched, with how many commits and attributed lines. */
export interface MappedFile {
  path: string;
  commits: number;
  lines: number;
}

/** An intent and the files its commits touched; `id` null for commits without an intent. */
export interface MappedIntent {
  id: string | null;
  /** The intent as the governance defines it; null when unknown. */
  intent: { name: string; status: Intent["status"] } | null;
  files: MappedFile[];
}

/** What `intent_map.md` shows, computed from the records. */
export interface IntentMap {
  commits: number;
  intents: MappedIntent[];
}

/**
 * For each intent, the files its commits touched with commit and line counts. Deterministic for
 * the same records (intents by ID, commits without an intent last; files sorted), so
 * regenerating the map changes nothing when nothing changed.
 */
export function mapIntents(records: readonly TraceRecord[], intents: readonly Intent[]): IntentMap {
  const byIntent = new Map<string | null, Map<string, { commits: Set<string>; lines: number }>>();
  for (const record of records) {
    const files = byIntent.get(record.intent_id) ?? new Map();
    byIntent.set(record.intent_id, files);
    for (const file of record.files) {
      const tally = files.get(file.relative_path) ?? { commits: new Set<string>(), lines: 0 };
      tally.commits.add(record.vcs.revision_id);
      tally.lines += file.ranges.reduce(
        (sum, range) => sum + range.end_line - range.start_line + 1,
        0,
      );
      files.set(file.relative_path, tally);
    }
  }
  const known = new Map(intents.map((intent) => [intent.id, intent]));
  const ids = [...byIntent.keys()].sort((a, b) =>
    a === null ? 1 : b === null ? -1 : a.localeCompare(b),
  );
  return {
    commits: records.length,
    intents: ids.map((id) => {
      const intent = id === null ? undefined : known.get(id);
      const files = [...(byIntent.get(id) ?? new Map())].sort(([a], [b]) => a.localeCompare(b));
      return {
        id,
        intent: intent ? { name: intent.name, status: intent.status } : null,
        files: files.map(([path, tally]) => ({
          path,
          commits: tally.commits.size,
          lines: tally.lines,
        })),
      };
    }),
  };
}

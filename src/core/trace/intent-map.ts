import type { Intent } from "../config/intents-schema.js";
import { creditOf } from "./commit-credit.js";
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
  /** The files the governance commits touched: the rules, under no intent. */
  governance: MappedFile[];
}

type FileTallies = Map<string, { commits: Set<string>; lines: number }>;

/**
 * For each intent, the files its commits touched with commit and line counts, as
 * commit-credit.ts credits commits: the governance commits apart, merges that author nothing
 * nowhere. Deterministic for the same records (intents by ID, commits without an intent last;
 * files sorted), so regenerating the map changes nothing when nothing changed.
 */
export function mapIntents(records: readonly TraceRecord[], intents: readonly Intent[]): IntentMap {
  const byIntent = new Map<string | null, FileTallies>();
  const governance: FileTallies = new Map();
  for (const record of records) {
    const credit = creditOf(record);
    if (credit.kind === "nothing") continue;
    let files = governance;
    if (credit.kind === "intent") {
      files = byIntent.get(credit.id) ?? new Map();
      byIntent.set(credit.id, files);
    }
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
      return {
        id,
        intent: intent ? { name: intent.name, status: intent.status } : null,
        files: mappedFiles(byIntent.get(id) ?? new Map()),
      };
    }),
    governance: mappedFiles(governance),
  };
}

function mappedFiles(files: FileTallies): MappedFile[] {
  return [...files]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([path, tally]) => ({ path, commits: tally.commits.size, lines: tally.lines }));
}

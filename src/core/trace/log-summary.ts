import type { Contributor } from "./contributor.js";
import { contributorsOf, rangeContributor } from "./record-contributors.js";
import type { TraceRecord } from "./record-schema.js";

/** One traced commit in `trace log`. */
export interface LoggedCommit {
  commit: string;
  date: string;
  subject: string;
  files: number;
  lines: number;
  contributors: Contributor[];
}

/** An intent's traced commits, with its totals (`trace log`, `--json` prints it). */
export interface IntentLog {
  intent_id: string | null;
  commits: LoggedCommit[];
  files: number;
  lines: number;
  ai_lines: number;
  human_lines: number;
}

/**
 * Groups trace records (given oldest first) by intent, newest commit first within an intent;
 * intents sorted by ID, commits without an intent last. Counts files, attributed lines, and how
 * many of those lines came from AI.
 */
export function summariseLog(
  records: readonly TraceRecord[],
  commits: ReadonlyMap<string, { date: string; subject: string }>,
): IntentLog[] {
  const byIntent = new Map<string | null, { log: IntentLog; files: Set<string> }>();
  for (const record of [...records].reverse()) {
    const entry = byIntent.get(record.intent_id) ?? {
      log: {
        intent_id: record.intent_id,
        commits: [],
        files: 0,
        lines: 0,
        ai_lines: 0,
        human_lines: 0,
      },
      files: new Set<string>(),
    };
    byIntent.set(record.intent_id, entry);
    let lines = 0;
    for (const file of record.files) {
      entry.files.add(file.relative_path);
      for (const range of file.ranges) {
        const rangeLines = range.end_line - range.start_line + 1;
        lines += rangeLines;
        if (rangeContributor(record, file, range).entity_type === "AI") {
          entry.log.ai_lines += rangeLines;
        } else entry.log.human_lines += rangeLines;
      }
    }
    const info = commits.get(record.vcs.revision_id);
    entry.log.commits.push({
      commit: record.vcs.revision_id,
      date: info?.date ?? "",
      subject: info?.subject ?? "",
      files: record.files.length,
      lines,
      contributors: distinctContributors(
        record.files.flatMap((file) => contributorsOf(record, file)),
      ),
    });
    entry.log.lines += lines;
    entry.log.files = entry.files.size;
  }
  return [...byIntent.values()]
    .map(({ log }) => log)
    .sort((a, b) => (a.intent_id ?? "~").localeCompare(b.intent_id ?? "~"));
}

function distinctContributors(contributors: readonly Contributor[]): Contributor[] {
  const seen = new Map<string, Contributor>();
  for (const contributor of contributors) seen.set(JSON.stringify(contributor), contributor);
  return [...seen.values()];
}

import { creditOf } from "./commit-credit.js";
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

/** Traced commits with their totals: an intent's, or governance's. */
export interface CommitGroup {
  commits: LoggedCommit[];
  files: number;
  lines: number;
  ai_lines: number;
  human_lines: number;
}

/** An intent's traced commits, with its totals (`trace log`, `--json` prints it). */
export interface IntentLog extends CommitGroup {
  intent_id: string | null;
}

/** `trace log`: the commits each intent's work is, governance apart, and merges of nothing. */
export interface TraceLog {
  intents: IntentLog[];
  /** Commits that change only the rules files or the intent map; null when there are none. */
  governance: CommitGroup | null;
  /** Merges that author nothing of their own: no intent's commits. */
  merges: LoggedCommit[];
}

/**
 * Groups trace records (given oldest first) as commit-credit.ts credits them: by intent
 * (sorted by ID, commits without an intent last), governance apart, merges that author nothing
 * apart; newest commit first in each, each commit once. Counts files, attributed lines, and how
 * many of those lines came from AI.
 */
export function summariseLog(
  records: readonly TraceRecord[],
  commits: ReadonlyMap<string, { date: string; subject: string }>,
): TraceLog {
  const byIntent = new Map<string | null, Tally>();
  let governance: Tally | undefined;
  const merges: LoggedCommit[] = [];
  // A note may hold several records of one commit (two clones' hooks, merged notes): the commit
  // counts once, by its first; trace verify says whether the others agree with it.
  const seen = new Set<string>();
  const once = records.filter((record) => {
    const commit = record.vcs.revision_id;
    if (seen.has(commit)) return false;
    seen.add(commit);
    return true;
  });
  for (const record of once.reverse()) {
    const credit = creditOf(record);
    const commit = loggedCommit(record, commits);
    if (credit.kind === "nothing") {
      merges.push(commit);
      continue;
    }
    let tally: Tally;
    if (credit.kind === "governance") {
      governance ??= newTally();
      tally = governance;
    } else {
      tally = byIntent.get(credit.id) ?? newTally();
      byIntent.set(credit.id, tally);
    }
    add(tally, record, commit);
  }
  return {
    intents: [...byIntent]
      .map(([intent_id, tally]) => ({ intent_id, ...finish(tally) }))
      .sort(
        (a, b) =>
          Number(a.intent_id === null) - Number(b.intent_id === null) ||
          (a.intent_id ?? "").localeCompare(b.intent_id ?? ""),
      ),
    governance: governance ? finish(governance) : null,
    merges,
  };
}

interface Tally {
  group: CommitGroup;
  files: Set<string>;
}

const newTally = (): Tally => ({
  group: { commits: [], files: 0, lines: 0, ai_lines: 0, human_lines: 0 },
  files: new Set(),
});

function add(tally: Tally, record: TraceRecord, commit: LoggedCommit): void {
  for (const file of record.files) {
    tally.files.add(file.relative_path);
    for (const range of file.ranges) {
      const lines = range.end_line - range.start_line + 1;
      // A withheld range's lines are nobody's: neither an AI's nor a person's.
      const who = rangeContributor(record, file, range);
      if (who?.entity_type === "AI") tally.group.ai_lines += lines;
      else if (who) tally.group.human_lines += lines;
    }
  }
  tally.group.commits.push(commit);
  tally.group.lines += commit.lines;
}

function finish(tally: Tally): CommitGroup {
  return { ...tally.group, files: tally.files.size };
}

function loggedCommit(
  record: TraceRecord,
  commits: ReadonlyMap<string, { date: string; subject: string }>,
): LoggedCommit {
  const info = commits.get(record.vcs.revision_id);
  return {
    commit: record.vcs.revision_id,
    date: info?.date ?? "",
    subject: info?.subject ?? "",
    files: record.files.length,
    lines: record.files.reduce((sum, file) => sum + fileLines(file), 0),
    contributors: distinctContributors(
      record.files.flatMap((file) => contributorsOf(record, file)),
    ),
  };
}

function fileLines(file: TraceRecord["files"][number]): number {
  return file.ranges.reduce((sum, range) => sum + range.end_line - range.start_line + 1, 0);
}

function distinctContributors(contributors: readonly Contributor[]): Contributor[] {
  const seen = new Map<string, Contributor>();
  for (const contributor of contributors) seen.set(JSON.stringify(contributor), contributor);
  return [...seen.values()];
}

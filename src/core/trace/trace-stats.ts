import { isGovernancePath } from "../governance-files.js";
import { lineContributor } from "./attribute-lines.js";
import type { FileBlame, LineContributor } from "./blame-line.js";
import { contributorKey } from "./blame-runs.js";
import { creditOf } from "./commit-credit.js";
import { fileContributor, rangeContributor } from "./record-contributors.js";
import type { TraceRecord } from "./record-schema.js";

/** The stable, versioned shape of `trace stats --json`. */
export const traceStatsSchemaVersion = 1;

/** What each intent and each contributor did over the commits counted. */
export interface StatsCounts {
  /** Commits whose record names it (a contributor: on at least one of the commit's files). */
  commits: number;
  /** The lines its records' ranges hold: what those commits added or rewrote. */
  lines_added: number;
  /** Lines at the tip, last changed by a commit counted, whose attribution names it. */
  lines_present: number;
  /** Distinct files (paths after the change) its records name. */
  files: number;
}

/** An intent's totals; `id` null: records of no intent. `name` from the rules at the tip. */
export interface IntentStats extends StatsCounts {
  id: string | null;
  name: string | null;
}

/** A contributor's totals: an AI by model and agent, a person by name and email. */
export interface ContributorStats extends StatsCounts {
  type: LineContributor["type"];
  model: string | null;
  agent: string | null;
  name: string | null;
  email: string | null;
}

/** `trace stats`: who did what over a range, and how much of it is still there. */
export interface TraceStats {
  version: typeof traceStatsSchemaVersion;
  /** The range as given (`HEAD`, a revision, `a..b`). */
  range: string;
  /** The commit the range ends at, where lines are counted; null when there are no commits. */
  tip: string | null;
  /** Only files under this path (repo-relative), or null for all. */
  path: string | null;
  commits: {
    /** The commits counted (with a path: those that touched a file under it). */
    total: number;
    traced: number;
    /** After adoption, without a valid trace record. */
    untraced: number;
    /** Made before intentguard was adopted: skipped, and counted here. */
    before_adoption: number;
  };
  /**
   * Most lines added first; ties by id; records of no intent last. A merge that authors nothing
   * counts for no intent (its commits are counted where they were written).
   */
  intents: IntentStats[];
  /**
   * The rules, no intent's work: commits that change only the rules files or the intent map
   * (whatever `Intent:` they carry), and the attributed lines present in those files.
   */
  governance: StatsCounts;
  /** Most lines added first; ties by label. */
  contributors: ContributorStats[];
  /** The untraced commits: the files they touched, and their lines at the tip nothing attributes. */
  untraced: { commits: number; files: number; lines_present: number };
  /**
   * The files blamed at the tip (those the counted commits touched that still exist) and their
   * lines; `binary`: such files skipped, having no lines (binary content, submodules).
   */
  blamed: { files: number; lines: number; binary: number };
}

/** Everything the tally draws on, read by the use case in batches. */
export interface StatsFacts {
  range: string;
  tip: string | null;
  path: string | null;
  /** The range's commits, newest first. */
  commits: readonly string[];
  /** The first valid record of each commit that has one. */
  records: ReadonlyMap<string, TraceRecord>;
  /** The range's commits made before adoption. */
  beforeAdoption: ReadonlySet<string>;
  /**
   * The files commits without a record touched (from their diffs), by commit: every untraced
   * commit; the commits before adoption only when a path limits the count.
   */
  touched: ReadonlyMap<string, readonly string[]>;
  /** The tip's blame of the files to count lines in. */
  blames: readonly FileBlame[];
  /** The files to count lines in that have none: binary content, submodules. */
  binary: number;
  /** Intent names by id, from the rules at the tip. */
  intentNames: ReadonlyMap<string, string>;
}

/** Whether `file` (repo-relative) is `under` (a file or directory, repo-relative; null: all). */
export function isUnder(file: string, under: string | null): boolean {
  if (under === null || under === "" || under === ".") return true;
  return file === under || file.startsWith(`${under.replace(/\/+$/, "")}/`);
}

/**
 * The files of the range a stats count blames at the tip: every file the counted commits touched
 * (records' files, untraced commits' diffs), under the path, that still exists there.
 */
export function filesToCount(
  facts: Pick<StatsFacts, "records" | "touched" | "path" | "beforeAdoption">,
  atTip: ReadonlySet<string>,
): string[] {
  const files = new Set<string>();
  for (const record of facts.records.values()) {
    for (const file of record.files) files.add(file.relative_path);
  }
  for (const [commit, paths] of facts.touched) {
    if (facts.beforeAdoption.has(commit)) continue;
    for (const file of paths) files.add(file);
  }
  return [...files].filter((file) => isUnder(file, facts.path) && atTip.has(file)).sort();
}

interface Tally {
  counts: StatsCounts;
  commits: Set<string>;
  files: Set<string>;
}

const newTally = (): Tally => ({
  counts: { commits: 0, lines_added: 0, lines_present: 0, files: 0 },
  commits: new Set(),
  files: new Set(),
});

/**
 * Per intent and per contributor: the commits, the lines their records' ranges hold, the files
 * they name (all under the path, when one is given), and the lines at the tip whose last change
 * is one of the range's commits and whose attribution names them. Governance is counted apart
 * from every intent: the commits commit-credit.ts credits to it, and the lines present in the
 * rules files. Commits without a record are counted as untraced; those before adoption are
 * skipped and counted.
 */
export function tallyStats(facts: StatsFacts): TraceStats {
  const intents = new Map<string | null, { id: string | null; tally: Tally }>();
  const contributors = new Map<string, { who: LineContributor; tally: Tally }>();
  const intentTally = (id: string | null) => {
    const entry = intents.get(id) ?? { id, tally: newTally() };
    intents.set(id, entry);
    return entry.tally;
  };
  const contributorTally = (who: LineContributor) => {
    const key = contributorKey(who) as string;
    const entry = contributors.get(key) ?? { who, tally: newTally() };
    contributors.set(key, entry);
    return entry.tally;
  };
  const commits = { total: 0, traced: 0, untraced: 0, before_adoption: 0 };
  const governance = newTally();
  const untracedFiles = new Set<string>();
  const untracedCommits = new Set<string>();

  for (const commit of facts.commits) {
    const record = facts.records.get(commit);
    if (!record) {
      const touched = facts.touched.get(commit) ?? [];
      if (facts.path !== null && !touched.some((file) => isUnder(file, facts.path))) continue;
      commits.total += 1;
      if (facts.beforeAdoption.has(commit)) {
        commits.before_adoption += 1;
        continue;
      }
      commits.untraced += 1;
      untracedCommits.add(commit);
      for (const file of touched) if (isUnder(file, facts.path)) untracedFiles.add(file);
      continue;
    }
    const files = record.files.filter((file) => isUnder(file.relative_path, facts.path));
    if (facts.path !== null && files.length === 0) continue;
    commits.total += 1;
    commits.traced += 1;
    const credit = creditOf(record);
    if (credit.kind === "nothing") continue;
    const credited = credit.kind === "governance" ? governance : intentTally(credit.id);
    credited.commits.add(commit);
    for (const file of files) {
      credited.files.add(file.relative_path);
      const fileWho = contributorTally(lineContributor(fileContributor(record, file)));
      fileWho.commits.add(commit);
      fileWho.files.add(file.relative_path);
      for (const range of file.ranges) {
        const added = range.end_line - range.start_line + 1;
        credited.counts.lines_added += added;
        const who = contributorTally(lineContributor(rangeContributor(record, file, range)));
        who.commits.add(commit);
        who.counts.lines_added += added;
        who.files.add(file.relative_path);
      }
    }
  }

  const counted = new Set(
    facts.commits.filter(
      (commit) => !facts.beforeAdoption.has(commit) || facts.records.has(commit),
    ),
  );
  let untracedPresent = 0;
  let lines = 0;
  for (const blame of facts.blames) {
    for (const line of blame.lines) {
      lines += 1;
      if (!counted.has(line.commit)) continue;
      if (line.intent || line.confidence !== "unattributed") {
        const rules = isGovernancePath(blame.path);
        (rules ? governance : intentTally(line.intent?.id ?? null)).counts.lines_present += 1;
      }
      if (line.contributor) contributorTally(line.contributor).counts.lines_present += 1;
      if (!line.intent && !line.contributor && untracedCommits.has(line.commit)) {
        untracedPresent += 1;
      }
    }
  }

  const finish = (tally: Tally): StatsCounts => ({
    ...tally.counts,
    commits: tally.commits.size,
    files: tally.files.size,
  });
  return {
    version: traceStatsSchemaVersion,
    range: facts.range,
    tip: facts.tip,
    path: facts.path,
    commits,
    intents: [...intents.values()]
      .map(({ id, tally }) => ({
        id,
        name: id === null ? null : (facts.intentNames.get(id) ?? null),
        ...finish(tally),
      }))
      .sort(
        (a, b) =>
          Number(a.id === null) - Number(b.id === null) ||
          b.lines_added - a.lines_added ||
          (a.id ?? "").localeCompare(b.id ?? ""),
      ),
    governance: finish(governance),
    contributors: [...contributors.values()]
      .map(({ who, tally }) => ({ ...who, ...finish(tally) }))
      .sort(
        (a, b) =>
          b.lines_added - a.lines_added ||
          (contributorKey(a) ?? "").localeCompare(contributorKey(b) ?? ""),
      ),
    untraced: {
      commits: untracedCommits.size,
      files: untracedFiles.size,
      lines_present: untracedPresent,
    },
    blamed: { files: facts.blames.length, lines, binary: facts.binary },
  };
}

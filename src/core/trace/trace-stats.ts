import { addedLines } from "./added-lines.js";
import { lineContributor } from "./attribute-lines.js";
import type { LineContributor } from "./blame-line.js";
import { contributorKey } from "./blame-runs.js";
import { creditOf } from "./commit-credit.js";
import type { TraceRecord } from "./record-schema.js";
import { recordedFiles } from "./recorded-files.js";

/** The stable, versioned shape of `trace stats --json`. */
export const traceStatsSchemaVersion = 1;

/** What each intent and each contributor did over the commits counted. */
export interface StatsCounts {
  /** Commits whose record names it (a contributor: on at least one of the commit's files). */
  commits: number;
  /**
   * The lines its records' ranges hold: what those commits added or rewrote, each line once per
   * count (addedLines: a squash or a copied note re-recording lines does not add them again).
   */
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
   * The files whose lines are counted at the tip (those the counted commits touched that still
   * exist) and their lines; `binary`: such files skipped, having no lines (binary content,
   * submodules). Named for git blame, whose answer the count is.
   */
  blamed: { files: number; lines: number; binary: number };
}

/**
 * Lines at the tip, run by run: `lines` lines git blame gives to `commit`, and their attribution
 * (as trace blame attributes them: intent, contributor, whether anything attributes them).
 */
export interface PresentRun {
  commit: string;
  lines: number;
  intentId: string | null;
  contributor: LineContributor | null;
  attributed: boolean;
  /** In a rules file (the intents, the policy, the intent map): counted as governance. */
  governance: boolean;
}

/** The files whose lines are counted at the tip, and their lines as runs. */
export interface PresentLines {
  files: number;
  runs: readonly PresentRun[];
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
  /** The lines of the files to count at the tip, by who they are attributed to. */
  present: PresentLines;
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
  const added = addedLines(
    [...facts.commits].reverse().flatMap((commit) => {
      const record = facts.records.get(commit);
      return record ? [{ commit, id: record.id, files: recordedFiles(record) }] : [];
    }),
  );

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
    const files = recordedFiles(record).filter((file) => isUnder(file.path, facts.path));
    if (facts.path !== null && files.length === 0) continue;
    commits.total += 1;
    commits.traced += 1;
    const credit = creditOf(record);
    if (credit.kind === "nothing") continue;
    const credited = credit.kind === "governance" ? governance : intentTally(credit.id);
    credited.commits.add(commit);
    for (const file of files) {
      const byRange = added.get(commit)?.get(file.path) ?? [];
      credited.files.add(file.path);
      const who = contributorTally(lineContributor(file.contributor));
      who.commits.add(commit);
      who.files.add(file.path);
      file.ranges.forEach((range, index) => {
        const lines = byRange[index] ?? 0;
        credited.counts.lines_added += lines;
        // A withheld range's lines are nobody's: counted for the intent, for no contributor.
        if (range.contributor) {
          contributorTally(lineContributor(range.contributor)).counts.lines_added += lines;
        }
      });
    }
  }

  const counted = countedCommits(facts);
  let untracedPresent = 0;
  let lines = 0;
  for (const run of facts.present.runs) {
    lines += run.lines;
    if (!counted.has(run.commit)) continue;
    if (run.intentId || run.attributed) {
      const credited = run.governance ? governance : intentTally(run.intentId);
      credited.counts.lines_present += run.lines;
    }
    if (run.contributor) contributorTally(run.contributor).counts.lines_present += run.lines;
    if (!run.intentId && !run.contributor && untracedCommits.has(run.commit)) {
      untracedPresent += run.lines;
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
    blamed: { files: facts.present.files, lines, binary: facts.binary },
  };
}

/**
 * The commits whose lines at the tip are counted: the range's, those before adoption only when
 * they have a record.
 */
export function countedCommits(
  facts: Pick<StatsFacts, "commits" | "beforeAdoption" | "records">,
): Set<string> {
  return new Set(
    facts.commits.filter(
      (commit) => !facts.beforeAdoption.has(commit) || facts.records.has(commit),
    ),
  );
}

/** A share: `part` of `whole` lines (the report turns it into a percentage). */
export interface Share {
  part: number;
  whole: number;
}

/**
 * What AI contributors did, against everyone: of the lines added, and of the lines present at
 * the tip that the counted commits last changed. Each line is counted once for one contributor
 * (contributors' rows may share commits and files, never lines), so a share is at most 100%.
 */
export function aiShare(stats: TraceStats): { added: Share; present: Share } {
  const ai = stats.contributors.filter((row) => row.type === "AI");
  const sum = (rows: readonly StatsCounts[], key: "lines_added" | "lines_present") =>
    rows.reduce((total, row) => total + row[key], 0);
  return {
    // Governance is apart from every intent but written by the same contributors: it counts.
    added: {
      part: sum(ai, "lines_added"),
      whole: sum([...stats.intents, stats.governance], "lines_added"),
    },
    present: {
      part: sum(ai, "lines_present"),
      whole:
        sum([...stats.intents, stats.governance], "lines_present") + stats.untraced.lines_present,
    },
  };
}

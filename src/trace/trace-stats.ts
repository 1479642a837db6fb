import type { TraceRecord } from "../core/trace/record-schema.js";
import {
  filesToCount,
  isUnder,
  type PresentLines,
  type TraceStats,
  tallyStats,
} from "../core/trace/trace-stats.js";
import { ExitCode, FailureError } from "../errors.js";
import { CatFileSession } from "../git/cat-file-batch.js";
import { diffCommitsInBatches } from "../git/diff-commit.js";
import { originsAtTip } from "../git/line-origins.js";
import { trackedFiles } from "../git/list-files.js";
import { listNotes } from "../git/notes.js";
import { collectInto, type GitObject } from "../git/read-objects.js";
import type { Repo } from "../git/repo.js";
import { checkRange, commitsBeforeAdoption, commitsInRange } from "./commit-range.js";
import { noteLines } from "./note-records.js";
import { presentLines } from "./present-lines.js";
import type { InvalidNoteLine } from "./read-records.js";
import { rulesAt } from "./rules-at.js";

export interface StatsOptions {
  /** `HEAD` (the default), a revision, or `a..b`. */
  range: string;
  /** Only files under this path, repo-relative; null for all. */
  path: string | null;
}

/** How many commits' notes are read and parsed together: what bounds the memory notes use. */
const batchSize = 256;

/**
 * `trace stats`: per intent and per contributor, the commits of a range, the lines their records
 * add, the files they touch, and how many of those lines are still there at the range's tip.
 *
 * The commits come from one `git rev-list`, the notes' names from one `git notes list`, every
 * note from one `git cat-file --batch` (a batch at a time; never a process per commit), and the
 * files of the commits without a record from one `git diff-tree --stdin` (names only). The lines
 * at the tip are git blame's answer for the files those commits touched that still exist there,
 * worked out by one pass over the history's diffs (git/line-origins.ts; over `a..b`, only the
 * range's), not one `git blame` per file; their attribution is trace blame's (present-lines.ts).
 */
export async function traceStats(
  repo: Repo,
  options: StatsOptions,
): Promise<{ stats: TraceStats; invalid: InvalidNoteLine[] }> {
  const { range, path } = options;
  const dir = repo.root;
  try {
    checkRange(range); // before git sees it
  } catch (error) {
    throw asStatsRange(error);
  }
  const tipRev = rangeTip(range);
  // The pass over the history runs beside everything else (a range git refuses is explained by
  // commitsInRange below; the pass's own failure then goes unheard).
  const passing = originsAtTip(dir, passRevision(range, tipRev));
  passing.catch(() => {});
  const [commits, beforeAdoption, noteBlobs] = await Promise.all([
    commitsInRange(dir, range),
    commitsBeforeAdoption(dir, range),
    listNotes(dir),
  ]).catch((error: unknown) => {
    throw asStatsRange(error);
  });
  const session = new CatFileSession(dir);
  let tip: string | null = null;
  let intentNames = new Map<string, string>();
  let records: Map<string, TraceRecord>;
  let invalid: InvalidNoteLine[];
  let touched: Map<string, string[]>;
  let present: PresentLines = { files: 0, runs: [] };
  let binary = 0;
  try {
    // The tip and the rules there through the session: no git process of their own.
    ({ commit: tip, intentNames } = await rulesAt(repo, session, tipRev));
    if (tip === null && commits.length > 0) {
      throw new FailureError(
        { kind: "stats-tip-unresolved", tip: tipRev },
        ExitCode.CannotEvaluate,
      );
    }
    ({ records, invalid } = await readRecords(session, commits, noteBlobs));
    touched = await touchedFiles(
      dir,
      commits.filter(
        (commit) => !records.has(commit) && (path !== null || !beforeAdoption.has(commit)),
      ),
    );
    const atTip = new Set(tip === null ? [] : await filesAt(dir, tip, path));
    if (path !== null && atTip.size === 0 && !touchedUnder(records, touched, path)) {
      throw new FailureError(
        { kind: "stats-path-untouched", path, tip: tipRev, range },
        ExitCode.CannotEvaluate,
      );
    }
    const files = filesToCount({ records, touched, path, beforeAdoption }, atTip);
    if (tip !== null) {
      const text = await textFilesAt(session, tip, files);
      binary = files.length - text.size;
      if (commits.length > 0 && text.size > 0) {
        const origins = await passing;
        if (origins.tip !== tip) throw new Error(`the pass ended at ${origins.tip}, not ${tip}`);
        present = await presentLines(repo, session, {
          tip,
          lineCounts: text,
          origins,
          commits,
          records,
          beforeAdoption,
        });
      }
    }
  } finally {
    await session.close().catch(() => {});
  }
  return {
    stats: tallyStats({
      range,
      tip,
      path,
      commits,
      records,
      beforeAdoption,
      touched,
      present,
      binary,
      intentNames,
    }),
    invalid,
  };
}

/**
 * commit-range.ts's refusals are of verify's and check's `--range` flag; here the range is the
 * argument itself.
 */
function asStatsRange(error: unknown): unknown {
  if (error instanceof FailureError && "spelled" in error.failure) {
    return new FailureError({ ...error.failure, spelled: "trace stats" }, error.exitCode);
  }
  return error;
}

/** Where a range ends: `b` of `a..b` or `a...b` (HEAD when empty), else the revision itself. */
function rangeTip(range: string): string {
  return range.includes("..") ? range.split(/\.\.\.?/).pop() || "HEAD" : range;
}

/**
 * What the pass walks, as blame would: over `a..b`, only the range (lines older than it stop at
 * its boundary, which is not one of the range's commits, so they are not counted either way),
 * else the whole history of the tip.
 */
function passRevision(range: string, tip: string): string {
  return range.includes("..") && !range.includes("...") ? range : tip;
}

/** The files git has at `tip` under `path` (all files without one). */
async function filesAt(dir: string, tip: string, path: string | null): Promise<string[]> {
  return trackedFiles(dir, path ?? ".", tip);
}

/**
 * Each commit's first valid record, the notes read through the session a batch at a time; the
 * other lines of those notes, to be named.
 */
async function readRecords(
  session: CatFileSession,
  commits: readonly string[],
  noteBlobs: ReadonlyMap<string, string>,
): Promise<{ records: Map<string, TraceRecord>; invalid: InvalidNoteLine[] }> {
  const records = new Map<string, TraceRecord>();
  const invalid: InvalidNoteLine[] = [];
  const noted = commits.filter((commit) => noteBlobs.has(commit));
  for (let start = 0; start < noted.length; start += batchSize) {
    const batch = noted.slice(start, start + batchSize);
    const notes = new Map<string, GitObject | null>();
    await session.read(
      batch.map((commit) => noteBlobs.get(commit) as string),
      (name, object) => collectInto(notes, name, object),
    );
    for (const commit of batch) {
      const note = notes.get(noteBlobs.get(commit) as string);
      if (!note) continue;
      for (const line of await noteLines(note.content, commit)) {
        if (!line.ok) invalid.push({ commit, line: line.line, problem: line.problem });
        else if (!records.has(commit)) records.set(commit, line.record);
      }
    }
  }
  return { records, invalid };
}

/** How far git looks for a NUL to call a file binary (its own test, as trace blame applies it). */
const binaryProbe = 8000;

/**
 * Which of `files` have lines to count at the tip, and how many: blobs whose first 8,000 bytes
 * hold no NUL. Binary files (and submodules) have none, and trace blame refuses them; each is
 * read through the session keeping only those first bytes and a count of its lines (the length
 * of content older than a range, which the pass does not read).
 */
async function textFilesAt(
  session: CatFileSession,
  tip: string,
  files: readonly string[],
): Promise<Map<string, number>> {
  const isText = new Map<string, boolean>();
  const lines = new Map<string, number>();
  // cat-file reads names a line each: a file name with a newline cannot be asked for by name.
  const nameable = files.filter((file) => !file.includes("\n"));
  await session.read(
    nameable.map((file) => `${tip}:${file}`),
    (name, object) => {
      if (object?.type !== "blob") {
        isText.set(name, false);
        return null;
      }
      let seen = 0;
      let nul = false;
      let newlines = 0;
      let last = 10;
      return {
        write: (bytes) => {
          for (let at = bytes.indexOf(10); at !== -1; at = bytes.indexOf(10, at + 1)) newlines++;
          if (bytes.length > 0) last = bytes[bytes.length - 1] as number;
          if (nul || seen >= binaryProbe) return;
          nul = bytes.subarray(0, binaryProbe - seen).includes(0);
          seen += bytes.length;
        },
        end: () => {
          isText.set(name, !nul);
          // A last line without a newline is a line too.
          lines.set(name, newlines + (last === 10 ? 0 : 1));
        },
      };
    },
  );
  const text = new Map<string, number>();
  for (const file of files) {
    const name = `${tip}:${file}`;
    if (isText.get(name) === true) text.set(file, lines.get(name) ?? 0);
  }
  return text;
}

/** The files each commit touched (paths after the change), from one `git diff-tree --stdin`. */
async function touchedFiles(
  dir: string,
  commits: readonly string[],
): Promise<Map<string, string[]>> {
  const touched = new Map<string, string[]>();
  await diffCommitsInBatches(
    dir,
    commits,
    batchSize,
    async (diffs) => {
      for (const diff of diffs) {
        touched.set(
          diff.commit.sha,
          diff.changes.map((change) => change.path),
        );
      }
    },
    "raw",
  );
  return touched;
}

function touchedUnder(
  records: ReadonlyMap<string, TraceRecord>,
  touched: ReadonlyMap<string, readonly string[]>,
  path: string,
): boolean {
  for (const record of records.values()) {
    if (record.files.some((file) => isUnder(file.relative_path, path))) return true;
  }
  for (const files of touched.values()) {
    if (files.some((file) => isUnder(file, path))) return true;
  }
  return false;
}

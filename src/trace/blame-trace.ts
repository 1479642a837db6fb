import { intentsFilePath } from "../core/governance-files.js";
import {
  type AttributionFacts,
  attributeLines,
  type BlamedInput,
  type CommitHistory,
  rangeKey,
} from "../core/trace/attribute-lines.js";
import { blameSchemaVersion, type FileBlame } from "../core/trace/blame-line.js";
import { contentHash, lineHash, recordedLines } from "../core/trace/range-hash.js";
import { rangeContributor } from "../core/trace/record-contributors.js";
import type { TraceRecord } from "../core/trace/record-schema.js";
import { isTrivialLine, type RecordedLine } from "../core/trace/recorded-runs.js";
import type { Trailer } from "../core/trailers.js";
import { ConfigError, GitError, IntentguardError } from "../errors.js";
import { type BlamedLine, type BlameOptions, blameFile } from "../git/blame.js";
import { CatFileSession } from "../git/cat-file-batch.js";
import { readCommitHistory } from "../git/commit-graph.js";
import { commitTrailers } from "../git/commit-trailers.js";
import { readGitConfigAll } from "../git/config.js";
import { shallowCommits } from "../git/history-bounds.js";
import { type GitPath, pathText } from "../git/list-files.js";
import { listNotes } from "../git/notes.js";
import { collectInto, type GitObject } from "../git/read-objects.js";
import type { Repo } from "../git/repo.js";
import { compileSnapshot } from "../governance/compile-snapshot.js";
import { snapshotFromGit } from "../governance/governance-snapshot.js";
import type { noteLines } from "./note-records.js";

type NoteLines = typeof noteLines;

/** How many `git blame` processes run at once over a directory (one per file is git's floor). */
const blamesAtOnce = 2;

/**
 * `trace blame` of files: one `git blame --line-porcelain` per file (git blames one file at a
 * time), then, for every commit those blames name, together: the notes' names with one
 * `git notes list`, the records, the content of every recorded range and the blamed commits'
 * intents files through one `git cat-file --batch`, their trailers with one `git log --no-walk`,
 * and — only when some line has no record — every recorded line, for content matching.
 */
export async function blameWithTraces(
  repo: Repo,
  paths: readonly GitPath[],
  options: BlameOptions,
  skipped?: string[],
): Promise<FileBlame[]> {
  const blaming = blameAll(repo, paths, options, skipped);
  // The record schema (zod, about a tenth of a second to load) loads while git blames.
  const noteRecords = import("./note-records.js");
  const blamed = (await blaming).filter((file) => file !== undefined);
  await refuseShallowEdge(repo.root, blamed);
  return attributeBlamed(repo, blamed, options, noteRecords);
}

/** A file's lines as git blame gives them (or a pass that gives its answer: trace stats). */
export interface Blamed {
  path: string;
  lines: BlamedInput[];
}

/**
 * Trace blame's attribution of blamed lines: the facts every line's commit offers, read
 * together, then attributeLines file by file.
 */
export async function attributeBlamed(
  repo: Repo,
  blamed: readonly Blamed[],
  options: BlameOptions,
  noteRecords: Promise<{ noteLines: NoteLines }> = import("./note-records.js"),
): Promise<FileBlame[]> {
  const facts = await gatherFacts(repo, blamed, options, (await noteRecords).noteLines);
  return blamed.map(({ path, lines }) => ({
    version: blameSchemaVersion,
    path,
    rev: options.rev ?? null,
    lines: attributeLines(lines, facts),
  }));
}

/**
 * Blames every path, two at a time. Given `skipped`, a path git cannot blame line by line (a
 * binary file, a submodule) is listed there and left out, as a directory's summary wants;
 * without it, it is refused.
 */
async function blameAll(
  repo: Repo,
  paths: readonly GitPath[],
  options: BlameOptions,
  skipped: string[] | undefined,
) {
  const results: (Blamed | undefined)[] = new Array(paths.length);
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < paths.length; index = next++) {
      const file = paths[index] as GitPath;
      const path = pathText(file);
      try {
        results[index] = { path, lines: await blameOne(repo, file, options) };
      } catch (error) {
        if (!skipped || !(error instanceof IntentguardError)) throw error;
        skipped.push(path);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(blamesAtOnce, paths.length) }, worker));
  return results;
}

async function blameOne(repo: Repo, file: GitPath, options: BlameOptions): Promise<BlamedInput[]> {
  const lines: BlamedLine[] = [];
  const path = pathText(file);
  try {
    await blameFile(repo.root, file, options, (line) => lines.push(line));
  } catch (error) {
    if (!(error instanceof GitError)) throw error;
    throw blameRefused(path, options.rev, error.stderr);
  }
  const head = Buffer.concat(lines.slice(0, 200).map((line) => line.content)).subarray(0, 8000);
  if (head.includes(0)) {
    throw new IntentguardError(
      `${path} is a binary file (a NUL in its first 8,000 bytes, git's own test): it has no lines to blame. Name a text file.`,
    );
  }
  return lines.map((line) => ({
    ...line,
    content: stripCarriageReturn(line.content.toString("utf8")),
  }));
}

/** A CRLF line's `\r` is its terminator's, as records hash lines. */
function stripCarriageReturn(content: string): string {
  return content.endsWith("\r") ? content.slice(0, -1) : content;
}

function blameRefused(path: string, rev: string | undefined, stderr: string): IntentguardError {
  const said = stderr.trim().replace(/^fatal: /, "");
  const at = rev ? ` at ${rev}` : "";
  if (/no such path|does not exist|no such ref|bad revision|unknown revision/i.test(said)) {
    return new IntentguardError(
      `cannot blame ${path}${at}: ${said}. Name a file git tracks${rev ? " at that revision" : ""} (git ls-files lists them), and a revision that exists.`,
    );
  }
  return new IntentguardError(`cannot blame ${path}${at}: ${said}.`);
}

/** In a shallow clone, lines git could only pin on the clone's edge are not answers: refused. */
async function refuseShallowEdge(dir: string, blamed: readonly Blamed[]): Promise<void> {
  const edge = await shallowCommits(dir);
  if (edge.size === 0) return;
  for (const { path, lines } of blamed) {
    const hit = lines.filter((line) => line.boundary && edge.has(line.commit));
    if (hit.length === 0) continue;
    const shown = hit
      .slice(0, 10)
      .map((line) => line.finalLine)
      .join(", ");
    const more = hit.length > 10 ? ` and ${hit.length - 10} more` : "";
    throw new IntentguardError(
      `${path}: lines ${shown}${more} reach the edge of this shallow clone (commit ${hit[0]?.commit.slice(0, 12)}), so the commit that last changed them is not here. Fetch the history (git fetch --unshallow), then blame again.`,
    );
  }
}

async function gatherFacts(
  repo: Repo,
  blamed: readonly Blamed[],
  options: BlameOptions,
  parseNote: NoteLines,
): Promise<AttributionFacts> {
  const dir = repo.root;
  const lines = blamed.flatMap((file) => file.lines);
  const commits = [...new Set(lines.map((line) => line.commit))].filter((c) => !/^0+$/.test(c));
  const [noteBlobs, intentNames, exact] = await Promise.all([
    listNotes(dir),
    intentNamesAt(repo, options.rev),
    blameIsExact(dir, options),
  ]);
  const session = new CatFileSession(dir);
  try {
    const { records, counts: recordCounts } = await readRecords(
      session,
      commits,
      noteBlobs,
      parseNote,
    );
    const rangeMatches = await checkRanges(session, lines, records, exact);
    const unrecorded = commits.filter((commit) => !records.has(commit));
    const [trailers, beforeAdoption] = await Promise.all([
      commitTrailers(dir, commits), // every commit's: a record must agree with them
      withoutIntents(session, unrecorded),
    ]);
    const open = lines.filter(
      (line) =>
        !records.has(line.commit) &&
        !beforeAdoption.has(line.commit) &&
        !isTrivialLine(line.content),
    );
    const recorded =
      open.length > 0 ? await recordedLineIndex(session, noteBlobs, parseNote) : new Map();
    const history = await historyAround(dir, open, recorded);
    return {
      records,
      rangeMatches,
      trailers: trailers as ReadonlyMap<string, readonly Trailer[]>,
      recordCounts,
      recorded,
      history,
      beforeAdoption,
      notesHere: noteBlobs.size > 0,
      intentNames,
    };
  } finally {
    await session.close().catch(() => {});
  }
}

/**
 * Each commit's record (the first valid one of its note) and how many valid records its note
 * holds, read in one batch.
 */
async function readRecords(
  session: CatFileSession,
  commits: readonly string[],
  noteBlobs: ReadonlyMap<string, string>,
  parseNote: NoteLines,
): Promise<{ records: Map<string, TraceRecord>; counts: Map<string, number> }> {
  const noted = commits.filter((commit) => noteBlobs.has(commit));
  const notes = new Map<string, GitObject | null>();
  await session.read(
    noted.map((commit) => noteBlobs.get(commit) as string),
    (name, object) => collectInto(notes, name, object),
  );
  const records = new Map<string, TraceRecord>();
  const counts = new Map<string, number>();
  for (const commit of noted) {
    const note = notes.get(noteBlobs.get(commit) as string);
    if (!note) continue;
    const valid = parseNote(note.content.toString("utf8"), commit).flatMap((line) =>
      line.ok ? [line.record] : [],
    );
    const [first] = valid;
    if (first) records.set(commit, first);
    counts.set(commit, valid.length);
  }
  return { records, counts };
}

/**
 * Whether git's blame matches lines exactly, so that a blamed line's content is byte for byte
 * its content at the commit blamed: not with -w (whitespace ignored) nor with ignored revisions
 * (git then guesses lines by similarity), given as options or by blame.ignoreRevsFile.
 */
async function blameIsExact(dir: string, options: BlameOptions): Promise<boolean> {
  if (options.ignoreWhitespace || (options.ignoreRevs?.length ?? 0) > 0) return false;
  if (options.ignoreRevsFile !== undefined) return false;
  return (await readGitConfigAll(dir, "blame.ignoreRevsFile")).length === 0;
}

/**
 * For every recorded range that holds a blamed line: whether its hash still matches the content
 * at its commit — git's content, never the record's claim of it. When blame matched lines
 * exactly (`exact`) and every line of a range is blamed to that commit and path, the blamed
 * lines are that content and the range is checked with them; otherwise (some line of it was
 * changed since, or the hash does not match what blame printed) from the blob git has for that
 * commit and path, read through the session. A long history thus reads only the blobs of the
 * ranges partly overwritten since, not one blob per blamed commit.
 */
async function checkRanges(
  session: CatFileSession,
  lines: readonly BlamedInput[],
  records: ReadonlyMap<string, TraceRecord>,
  exact: boolean,
): Promise<Map<string, boolean>> {
  const wanted = new Map<string, { commit: string; path: string }>();
  /** By `commit:path`, the content of each blamed line by its line number at that commit. */
  const blamedAt = new Map<string, Map<number, string>>();
  for (const line of lines) {
    const file = records
      .get(line.commit)
      ?.files.find((candidate) => candidate.relative_path === line.filename);
    if (file && file.ranges.length > 0) {
      const name = `${line.commit}:${line.filename}`;
      // cat-file reads names a line each: a path with a newline cannot be asked for by name
      // (its ranges stay unchecked, and blame says so).
      if (!line.filename.includes("\n"))
        wanted.set(name, { commit: line.commit, path: line.filename });
      const known = blamedAt.get(name) ?? new Map<number, string>();
      known.set(line.originalLine, line.content);
      blamedAt.set(name, known);
    }
  }
  const matches = new Map<string, boolean>();
  const unread = new Map<string, { commit: string; path: string }>();
  for (const [name, { commit, path }] of wanted) {
    const file = records.get(commit)?.files.find((candidate) => candidate.relative_path === path);
    const known = blamedAt.get(name) as Map<number, string>;
    for (const range of file?.ranges ?? []) {
      if (!exact) {
        unread.set(name, { commit, path });
        break;
      }
      const content: string[] = [];
      for (let at = range.start_line; at <= range.end_line; at++) {
        const blamedLine = known.get(at);
        if (blamedLine !== undefined) content.push(blamedLine);
      }
      if (content.length === 0) continue; // holds no blamed line: never asked about
      if (
        content.length === range.end_line - range.start_line + 1 &&
        contentHash(content) === range.content_hash
      ) {
        matches.set(rangeKey(commit, path, range.start_line), true);
      } else {
        unread.set(name, { commit, path });
      }
    }
  }
  const blobs = new Map<string, GitObject | null>();
  await session.read([...unread.keys()], (name, object) => collectInto(blobs, name, object));
  for (const [name, { commit, path }] of unread) {
    const blob = blobs.get(name);
    const file = records.get(commit)?.files.find((candidate) => candidate.relative_path === path);
    const fileLines = blob ? recordedLines(new Uint8Array(blob.content)) : [];
    for (const range of file?.ranges ?? []) {
      const content = fileLines.slice(range.start_line - 1, range.end_line);
      const fits = content.length === range.end_line - range.start_line + 1;
      matches.set(
        rangeKey(commit, path, range.start_line),
        fits && contentHash(content) === range.content_hash,
      );
    }
  }
  return matches;
}

/** The commits whose tree has no intents file: made before adoption (or outside it). */
async function withoutIntents(
  session: CatFileSession,
  commits: readonly string[],
): Promise<Set<string>> {
  const objects = new Map<string, GitObject | null>();
  const names = commits.map((commit) => `${commit}:${intentsFilePath}`);
  await session.read(names, (name, object) => collectInto(objects, name, object));
  return new Set(commits.filter((_, index) => !objects.get(names[index] as string)));
}

/** Every line every record in this clone records, by line hash: for moved and squashed code. */
async function recordedLineIndex(
  session: CatFileSession,
  noteBlobs: ReadonlyMap<string, string>,
  parseNote: NoteLines,
): Promise<Map<string, IndexedLine[]>> {
  const notes = new Map<string, GitObject | null>();
  const commits = [...noteBlobs.keys()];
  await session.read(
    commits.map((commit) => noteBlobs.get(commit) as string),
    (name, object) => collectInto(notes, name, object),
  );
  const index = new Map<string, IndexedLine[]>();
  for (const commit of commits) {
    const note = notes.get(noteBlobs.get(commit) as string);
    if (!note) continue;
    for (const line of parseNote(note.content.toString("utf8"), commit)) {
      if (!line.ok) continue;
      indexRecord(index, line.record);
    }
  }
  return index;
}

type IndexedLine = RecordedLine & { recordedAt: number };

function indexRecord(index: Map<string, IndexedLine[]>, record: TraceRecord): void {
  const commit = record.vcs.revision_id;
  const recordedAt = Math.floor(Date.parse(record.timestamp) / 1000);
  for (const file of record.files) {
    for (const range of file.ranges) {
      const rangeHashes = range.line_hashes;
      if (!rangeHashes) continue;
      const contributor = rangeContributor(record, file, range);
      rangeHashes.forEach((hash, position) => {
        const entry: IndexedLine = {
          commit,
          path: file.relative_path,
          rangeHashes,
          rangeStart: range.start_line,
          position,
          intentId: record.intent_id,
          contributor,
          recordedAt,
        };
        const known = index.get(hash);
        if (known) known.push(entry);
        else index.set(hash, [entry]);
      });
    }
  }
}

/**
 * The commit graph content matching needs: from the commits of the lines it may answer and of
 * every source their hashes name, back to the oldest of them (one git process).
 */
async function historyAround(
  dir: string,
  open: readonly BlamedInput[],
  recorded: ReadonlyMap<string, readonly IndexedLine[]>,
): Promise<CommitHistory> {
  const tips = new Set<string>();
  for (const line of open) {
    const sources = recorded.get(lineHash(line.content));
    if (!sources) continue;
    if (!/^0+$/.test(line.commit)) tips.add(line.commit);
    for (const source of sources) tips.add(source.commit);
  }
  return readCommitHistory(dir, [...tips]);
}

/** Intent names from the rules at the blamed revision (HEAD for the work tree). */
async function intentNamesAt(repo: Repo, rev: string | undefined): Promise<Map<string, string>> {
  try {
    const snapshot = await snapshotFromGit(repo.root, { kind: "commit", rev: rev ?? "HEAD" });
    const governance = await compileSnapshot(snapshot, repo.stateDir);
    return new Map((governance?.intents ?? []).map((intent) => [intent.id, intent.name]));
  } catch (error) {
    if (error instanceof ConfigError || error instanceof GitError) return new Map(); // no names
    throw error;
  }
}

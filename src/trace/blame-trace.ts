import type { Trailer } from "../core/commit/trailers.js";
import { intentsFilePath } from "../core/governance/governance-files.js";
import {
  type AttributionFacts,
  attributeLines,
  type BlamedInput,
  type CommitHistory,
  rangeKey,
} from "../core/trace/attribute-lines.js";
import { blameSchemaVersion, type FileBlame } from "../core/trace/blame-line.js";
import { contentHash, lineHash } from "../core/trace/range-hash.js";
import { rangeContributor } from "../core/trace/record-contributors.js";
import type { TraceRecord } from "../core/trace/record-schema.js";
import { isTrivialLine, type RecordedLine } from "../core/trace/recorded-runs.js";
import { ExitCode, FailureError, GitError, IntentguardError } from "../errors.js";
import { type BlamedLine, type BlameOptions, blameFile } from "../git/blame.js";
import { CatFileSession, type ObjectSink } from "../git/cat-file-batch.js";
import { readCommitHistory } from "../git/commit-graph.js";
import { commitTrailers } from "../git/commit-trailers.js";
import { commitsTouching } from "../git/commits-touching.js";
import { readGitConfigAll } from "../git/config.js";
import { shallowCommits } from "../git/history-bounds.js";
import { type GitPath, pathText } from "../git/list-files.js";
import { listNotes } from "../git/notes.js";
import type { Repo } from "../git/repo.js";
import { certainNoteLines, type NoteLine, noteLines } from "./note-records.js";
import { rangeLines } from "./range-lines.js";
import { rulesAt } from "./rules-at.js";

/** How many `git blame` processes run at once over a directory (one per file is git's floor). */
const blamesAtOnce = 2;

/**
 * `trace blame` of files: one `git blame --porcelain` per file (git blames one file at a
 * time), then, for every commit those blames name, together: the notes' names with one
 * `git notes list`, the records, the content of every recorded range and the blamed commits'
 * intents files through one `git cat-file --batch`, their trailers with one `git log --no-walk`,
 * and — only when some line has no record — every recorded line, for content matching.
 * What does not depend on the blame (the notes' names, the intents' names, the `cat-file`
 * process, whether blame is exact) is read while git blames.
 */
export async function blameWithTraces(
  repo: Repo,
  paths: readonly GitPath[],
  options: BlameOptions,
  skipped?: string[],
): Promise<FileBlame[]> {
  const blaming = blameAll(repo, paths, options, skipped);
  return attributeBlamed(repo, blaming, options, paths);
}

/** A file's lines as git blame gives them (or a pass that gives its answer: trace stats). */
export interface Blamed {
  path: string;
  lines: BlamedInput[];
}

/**
 * Trace blame's attribution of blamed lines: the facts every line's commit offers, read
 * together while the lines come (`blaming`), then attributeLines file by file. Given the one
 * path blamed, the notes of the commits that touched it are read while git blames it.
 */
export async function attributeBlamed(
  repo: Repo,
  blaming: Promise<readonly (Blamed | undefined)[]> | readonly Blamed[],
  options: BlameOptions,
  paths: readonly GitPath[] = [],
): Promise<FileBlame[]> {
  const notes = listNotes(repo.root);
  const session = new CatFileSession(repo.root);
  const meanwhile = Promise.all([
    notes,
    rulesAt(repo, session, options.rev ?? "HEAD").then((rules) => rules.intentNames),
    blameIsExact(repo.root, options),
  ]);
  meanwhile.catch(() => {}); // awaited below, once the blame is in: its failure is said first
  const prefetch = new NotePrefetch();
  const [only] = paths;
  if (paths.length === 1 && typeof only === "string") {
    void prefetch.run(repo.root, session, notes, options.rev, only); // never rejects
  }
  try {
    const all: readonly (Blamed | undefined)[] = await blaming;
    const blamed = all.filter((file): file is Blamed => file !== undefined);
    const prefetched = await prefetch.stop(blamed);
    await refuseShallowEdge(repo.root, blamed);
    const [noteBlobs, intentNames, exact] = await meanwhile;
    const facts = await gatherFacts(repo.root, session, blamed, {
      noteBlobs,
      intentNames,
      exact,
      prefetched,
      trailers: new Map(prefetch.trailers),
    });
    return blamed.map(({ path, lines }) => ({
      version: blameSchemaVersion,
      path,
      rev: options.rev ?? null,
      lines: attributeLines(lines, facts),
    }));
  } finally {
    await session.close().catch(() => {});
  }
}

/**
 * Reads, while git blames a file, the notes of the commits that touched it (`git log -- <path>`,
 * newest first, in batches), and their trailers, so that most records blame will name are
 * checked by the time it ends; the blame's own list of commits then decides which are used, and any it names that were
 * not read (a rename git blame followed, a history past the budget) are read after it, as
 * without this. Best effort: a failure here only leaves the reading to afterwards.
 */
class NotePrefetch {
  /** What is kept of each note read, its record narrowed to the blamed file's path. */
  readonly notes = new Map<string, NoteDigest>();
  /** The trailers of every commit that touched the path (git log gives them with the list). */
  trailers = new Map<string, Trailer[]>();
  private stopped = false;
  /** The batch of notes being read, if one is. */
  private reading: Promise<unknown> = Promise.resolve();

  /** At most this many notes, 100 at a time: a long history's notes are not all held at once. */
  private static readonly budget = 2000;
  private static readonly batch = 100;

  async run(
    dir: string,
    session: CatFileSession,
    notes: Promise<ReadonlyMap<string, string>>,
    rev: string | undefined,
    path: string,
  ): Promise<void> {
    try {
      const [touching, noteBlobs] = await Promise.all([commitsTouching(dir, rev, path), notes]);
      if (this.stopped) return; // a long history's log outlasted the blame: read afterwards
      this.trailers = touching;
      const wanted = [...touching.keys()].filter((commit) => noteBlobs.has(commit));
      const end = Math.min(wanted.length, NotePrefetch.budget);
      const paths = new Set([path]);
      for (let start = 0; start < end && !this.stopped; start += NotePrefetch.batch) {
        const batch = wanted.slice(start, Math.min(end, start + NotePrefetch.batch));
        const reading = readNotes(session, batch, noteBlobs, paths);
        this.reading = reading.catch(() => {});
        for (const [commit, note] of await reading) this.notes.set(commit, note);
      }
    } catch {
      // Read afterwards instead.
    }
  }

  /**
   * Stops after the batch being read (without waiting for a `git log` still walking a long
   * history), and gives what was read — nothing when some blamed line is not in `path` (git
   * blame followed a rename, or -M/-C found lines in other files): the records were narrowed to
   * `path` alone.
   */
  async stop(blamed: readonly Blamed[]): Promise<Map<string, NoteDigest>> {
    this.stopped = true;
    await this.reading;
    const [only] = blamed;
    const one = blamed.length === 1 && only?.lines.every((line) => line.filename === only.path);
    return one ? new Map(this.notes) : new Map();
  }
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
    throw new FailureError({ kind: "blame-binary", path }, ExitCode.CannotEvaluate);
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

/** git blame's refusal; `missing` when it says the path or the revision does not exist. */
function blameRefused(path: string, rev: string | undefined, stderr: string): FailureError {
  const gitSaid = stderr.trim().replace(/^fatal: /, "");
  const missing = /no such path|does not exist|no such ref|bad revision|unknown revision/i.test(
    gitSaid,
  );
  return new FailureError(
    { kind: "blame-refused", path, rev, gitSaid, missing },
    ExitCode.CannotEvaluate,
  );
}

/** In a shallow clone, lines git could only pin on the clone's edge are not answers: refused. */
async function refuseShallowEdge(dir: string, blamed: readonly Blamed[]): Promise<void> {
  const edge = await shallowCommits(dir);
  if (edge.size === 0) return;
  for (const { path, lines } of blamed) {
    const hit = lines.filter((line) => line.boundary && edge.has(line.commit));
    const first = hit[0];
    if (first === undefined) continue;
    throw new FailureError(
      {
        kind: "shallow-edge",
        path,
        lines: hit.map((line) => line.finalLine),
        commit: first.commit,
        redo: "blame",
      },
      ExitCode.CannotEvaluate,
    );
  }
}

async function gatherFacts(
  dir: string,
  session: CatFileSession,
  blamed: readonly Blamed[],
  known: {
    noteBlobs: ReadonlyMap<string, string>;
    intentNames: Map<string, string>;
    exact: boolean;
    prefetched: ReadonlyMap<string, NoteDigest>;
    trailers: ReadonlyMap<string, Trailer[]>;
  },
): Promise<AttributionFacts> {
  const { noteBlobs, intentNames, exact, prefetched } = known;
  const lines = blamed.flatMap((file) => file.lines);
  const commits = [...new Set(lines.map((line) => line.commit))].filter((c) => !/^0+$/.test(c));
  // Every commit's trailers (a record must agree with them): those git log did not give with
  // the commits that touched the file are read while the records are.
  const trailing = commitTrailers(
    dir,
    commits.filter((commit) => !known.trailers.has(commit)),
  ).then((read) => new Map([...known.trailers, ...read]));
  trailing.catch(() => {}); // awaited below
  const paths = new Set(lines.map((line) => line.filename));
  const { records, counts: recordCounts } = await readRecords(
    session,
    commits,
    noteBlobs,
    paths,
    prefetched,
  );
  // The blobs of ranges are asked for first: git reads them while the rest is worked out here.
  const ranging = checkRanges(session, lines, records, exact);
  const unrecorded = commits.filter((commit) => !records.has(commit));
  const beforeAdoption = await withoutIntents(session, unrecorded);
  // Content matching answers only lines of commits after adoption without a valid record.
  const open = lines.filter(
    (line) =>
      !records.has(line.commit) && !beforeAdoption.has(line.commit) && !isTrivialLine(line.content),
  );
  const recorded = open.length > 0 ? await recordedLineIndex(session, noteBlobs) : new Map();
  const [rangeMatches, trailers, history] = await Promise.all([
    ranging,
    trailing,
    historyAround(dir, open, recorded),
  ]);
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
}

/**
 * Each commit's record (the first valid one of its note, narrowed to `paths`) and how many valid
 * records its note holds, read in one batch — but for those the prefetch read while git blamed.
 */
async function readRecords(
  session: CatFileSession,
  commits: readonly string[],
  noteBlobs: ReadonlyMap<string, string>,
  paths: ReadonlySet<string>,
  prefetched: ReadonlyMap<string, NoteDigest>,
): Promise<{ records: Map<string, TraceRecord>; counts: Map<string, number> }> {
  const noted = commits.filter((commit) => noteBlobs.has(commit));
  const unread = noted.filter((commit) => !prefetched.has(commit));
  const read = await readNotes(session, unread, noteBlobs, paths);
  const records = new Map<string, TraceRecord>();
  const counts = new Map<string, number>();
  for (const commit of noted) {
    const note = prefetched.get(commit) ?? read.get(commit);
    if (!note) continue;
    if (note.record) records.set(commit, note.record);
    counts.set(commit, note.count);
  }
  return { records, counts };
}

/**
 * What blame keeps of a commit's note: its first valid record, narrowed to the files blame asks
 * about (everything attribution looks up in a record it looks up by a blamed line's path; the
 * reader validates only those, note-records.ts); how many valid records the note holds; their
 * line-hashed ranges, for content matching.
 */
interface NoteDigest {
  record: TraceRecord | undefined;
  count: number;
  hashed: HashedRange[];
}

function digest(lines: readonly NoteLine[]): NoteDigest {
  const valid = lines.flatMap((line) => (line.ok ? [line.record] : []));
  return { record: valid[0], count: valid.length, hashed: valid.flatMap(hashedRanges) };
}

/**
 * The notes of `commits` (absent: no note object), every line checked — by the fast path as
 * each note arrives, by the schema afterwards for a note it cannot vouch for — and narrowed to
 * the files at `paths` (all files when undefined: content matching's index).
 */
async function readNotes(
  session: CatFileSession,
  commits: readonly string[],
  noteBlobs: ReadonlyMap<string, string>,
  paths: ReadonlySet<string> | undefined,
): Promise<Map<string, NoteDigest>> {
  const commitsOf = new Map<string, string[]>();
  for (const commit of commits) {
    const blob = noteBlobs.get(commit) as string;
    commitsOf.set(blob, [...(commitsOf.get(blob) ?? []), commit]);
  }
  const notes = new Map<string, NoteDigest>();
  const undecided: { commit: string; content: Buffer }[] = [];
  const decide = (blob: string, content: Buffer) => {
    for (const commit of commitsOf.get(blob) ?? []) {
      const lines = certainNoteLines(content, commit, paths);
      if (lines) notes.set(commit, digest(lines));
      else undecided.push({ commit, content });
    }
  };
  await session.read([...commitsOf.keys()], (name, object) =>
    object ? wholeThen(object.size, (content) => decide(name, content)) : null,
  );
  for (const { commit, content } of undecided) {
    notes.set(commit, digest(await noteLines(content, commit, paths)));
  }
  return notes;
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
 * For every recorded range that holds a blamed line: whether its hashes still match the content
 * at its commit — git's content, never the record's claim of it. When blame matched lines
 * exactly (`exact`), the blamed lines are that content: a range whose every line is blamed to
 * that commit and path is checked by its `content_hash`; a range some lines of which were
 * changed since, line by line by its `line_hashes` (each line still blamed to it against its own
 * hash: what blame answers about is those lines). Otherwise (not exact, no line hashes, or the
 * whole range's hash does not match what blame printed) it is checked from the blob git has for
 * that commit and path, read through the session — so a long history reads few blobs.
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
    for (const [index, range] of (file?.ranges ?? []).entries()) {
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
      const whole = content.length === range.end_line - range.start_line + 1;
      if (whole && contentHash(content) === range.content_hash) {
        matches.set(rangeKey(commit, path, index), true);
      } else if (!whole && range.line_hashes) {
        // Lines of it were changed since: each line still blamed to it is checked by its own
        // hash, which the record holds for this — not the whole range through the blob.
        const held = range.line_hashes;
        let every = true;
        for (const [at, blamedLine] of known) {
          if (at < range.start_line || at > range.end_line) continue;
          if (lineHash(blamedLine) !== held[at - range.start_line]) every = false;
        }
        matches.set(rangeKey(commit, path, index), every);
      } else {
        unread.set(name, { commit, path });
      }
    }
  }
  // Of each blob, only the lines its ranges cover, as recordedLines splits them.
  const linesAt = new Map<string, Map<number, Uint8Array>>();
  const rangesOf = (commit: string, path: string) =>
    records.get(commit)?.files.find((candidate) => candidate.relative_path === path)?.ranges ?? [];
  // cat-file reads names a line each: a path with a newline cannot be asked for by name, so a
  // range blame's own lines could not check stays unchecked (and blame says so).
  for (const name of [...unread.keys()]) if (name.includes("\n")) unread.delete(name);
  await session.read([...unread.keys()], (name, object) => {
    const { commit, path } = unread.get(name) as { commit: string; path: string };
    const lines = new Map<number, Uint8Array>();
    linesAt.set(name, lines);
    return object ? rangeLines(rangesOf(commit, path), lines) : null;
  });
  for (const [name, { commit, path }] of unread) {
    const lines = linesAt.get(name) ?? new Map<number, Uint8Array>();
    for (const [index, range] of rangesOf(commit, path).entries()) {
      const fits = lines.has(range.end_line); // the file has that many lines
      const content: Uint8Array[] = [];
      for (let at = range.start_line; fits && at <= range.end_line; at++) {
        content.push(lines.get(at) as Uint8Array);
      }
      matches.set(
        rangeKey(commit, path, index),
        fits && contentHash(content) === range.content_hash,
      );
    }
  }
  return matches;
}

/** A sink that gathers an object's bytes (copied once) and hands them to `done` at its end. */
function wholeThen(size: number, done: (content: Buffer) => void): ObjectSink {
  const content = Buffer.allocUnsafe(size);
  let filled = 0;
  return {
    write: (bytes) => {
      filled += bytes.copy(content, filled);
    },
    end: () => done(content.subarray(0, filled)),
  };
}

/** The commits whose tree has no intents file: made before adoption (or outside it). */
async function withoutIntents(
  session: CatFileSession,
  commits: readonly string[],
): Promise<Set<string>> {
  const found = new Set<string>();
  const names = commits.map((commit) => `${commit}:${intentsFilePath}`);
  await session.read(names, (name, object) => {
    if (object) found.add(name);
    return null; // only whether it is there
  });
  return new Set(commits.filter((_, index) => !found.has(names[index] as string)));
}

/**
 * Every line every record in this clone records, by line hash: for moved and squashed code.
 * Every note is read whole here (blame's own reading kept only the blamed paths' files); only
 * a blame with a line of a commit after adoption that has no record needs it.
 */
async function recordedLineIndex(
  session: CatFileSession,
  noteBlobs: ReadonlyMap<string, string>,
): Promise<Map<string, IndexedLine[]>> {
  const commits = [...noteBlobs.keys()];
  const read = await readNotes(session, commits, noteBlobs, undefined);
  const index = new Map<string, IndexedLine[]>();
  for (const commit of commits) {
    const ranges = read.get(commit)?.hashed ?? [];
    for (const range of ranges) {
      range.rangeHashes.forEach((hash, position) => {
        const entry: IndexedLine = { ...range, position };
        const found = index.get(hash);
        if (found) found.push(entry);
        else index.set(hash, [entry]);
      });
    }
  }
  return index;
}

/** A recorded line, with when its record was written (seconds): a pruned source's time. */
type IndexedLine = RecordedLine & { recordedAt: number };

/** A recorded range with line hashes, as content matching takes it from its record. */
type HashedRange = Omit<IndexedLine, "position">;

/** A record's line-hashed ranges, in the record's order of files and ranges. */
function hashedRanges(record: TraceRecord): HashedRange[] {
  const commit = record.vcs.revision_id;
  const recordedAt = Math.floor(Date.parse(record.timestamp) / 1000);
  const ranges: HashedRange[] = [];
  for (const file of record.files) {
    for (const range of file.ranges) {
      const rangeHashes = range.line_hashes;
      const contributor = rangeContributor(record, file, range);
      // A withheld range's lines are nobody's: no line elsewhere is derived from them.
      if (!rangeHashes || contributor === null) continue;
      ranges.push({
        commit,
        path: file.relative_path,
        rangeHashes,
        rangeStart: range.start_line,
        intentId: record.intent_id,
        contributor,
        recordedAt,
      });
    }
  }
  return ranges;
}

/**
 * The commit graph content matching needs: the ancestry of the commits of the lines it may
 * answer and of every source their hashes name (commit-graph.ts: one git process).
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

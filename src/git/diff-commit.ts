import type { FileChange } from "../core/commit/file-change.js";
import type { CommitDiff } from "../core/trace/commit-diff.js";
import { CommitDiffParser, commitHeaderFields, commitHeaderFormat } from "./commit-diff-parser.js";
import { streamGit } from "./exec.js";
import { RawDiffParser } from "./raw-diff-parser.js";

/**
 * A patch of every changed line with every knob configuration could turn pinned to git's
 * defaults (algorithm, heuristic, prefixes, colour, external diff, textconv), and `--text`: what
 * the records' ranges and the stats' line origins are both computed from.
 */
export const pinnedPatch = [
  "-p",
  "-U0",
  "--text",
  "--no-ext-diff",
  "--no-textconv",
  "--no-color",
  "--diff-algorithm=myers",
  "--indent-heuristic",
  "--src-prefix=a/",
  "--dst-prefix=b/",
] as const;

/**
 * The diff options every trace computation uses, so that the hook and verify produce identical
 * ranges: against the first parent with rename detection, a combined diff for a merge (only what
 * the merge itself wrote), the empty tree for a root commit, and every knob configuration could
 * turn pinned to git's defaults (algorithm, heuristic, prefixes, colour, external diff,
 * textconv). `--text`: no `.gitattributes` (`-diff`, `binary`) may decide which files have lines;
 * a record drops the ranges of binary content itself, by git's own test of content
 * (build-record.ts), so a change of attributes never changes a record.
 */
const diffTreeArgs = [
  "diff-tree",
  "-r",
  "--root",
  // An empty commit (`commit --allow-empty`, a merge git combined whole) prints nothing at all
  // without it, and the `--stdin` stream would fall out of step with the commits it was given.
  "--always",
  "--cc",
  "-M",
  "--raw",
  "-z",
  ...pinnedPatch,
  commitHeaderFormat,
];

/**
 * One commit's diff from a single streamed `git diff-tree`, with `onChanges` called as soon as
 * its raw part is in (before the patch streams), so that reading its blobs can start beside it.
 */
export async function diffCommit(
  dir: string,
  rev: string,
  onChanges: (changes: readonly FileChange[], parents: readonly string[]) => void,
): Promise<CommitDiff> {
  const parser: CommitDiffParser = new CommitDiffParser((changes) =>
    onChanges(changes, parser.parents()),
  );
  await streamGit(dir, [...diffTreeArgs, rev, "--"], (chunk) => parser.push(chunk));
  return parser.end();
}

/** Many commits' diffs from one `git diff-tree --stdin`, handed over one commit at a time. */
export async function diffCommits(
  dir: string,
  commits: readonly string[],
  onDiff: (diff: CommitDiff) => void,
): Promise<void> {
  if (commits.length === 0) return;
  const splitter = new CommitStreamSplitter(commits, onDiff);
  await streamCommitDiffs(dir, commits, (chunk) => splitter.push(chunk));
  splitter.end();
}

/**
 * How much of each diff to read: `patch` (the raw changes and the added line ranges, what a trace
 * record needs), or `raw` (the changes alone, what judging needs: git then reads no blobs and
 * computes no line diff, several times faster over a long range). The changes are identical.
 */
export type DiffDetail = "patch" | "raw";

const rawOnly = (args: readonly string[]) => args.filter((arg) => arg !== "-p" && arg !== "-U0");

/**
 * Many commits' diffs from one `git diff-tree --stdin`, handed over `batchSize` at a time: git's
 * output is not read while a batch is being handled, so memory holds one batch, whatever the
 * number of commits (trace verify, a range check, over a long history).
 */
export async function diffCommitsInBatches(
  dir: string,
  commits: readonly string[],
  batchSize: number,
  onBatch: (diffs: CommitDiff[]) => Promise<void>,
  detail: DiffDetail = "patch",
): Promise<void> {
  if (commits.length === 0) return;
  let diffs: CommitDiff[] = [];
  const splitter = new CommitStreamSplitter(commits, (diff) => diffs.push(diff));
  const handOver = () => {
    const batch = diffs;
    diffs = [];
    return onBatch(batch);
  };
  const onChunk = (chunk: Buffer) => {
    splitter.push(chunk);
    return diffs.length >= batchSize ? handOver() : undefined;
  };
  await streamCommitDiffs(dir, commits, onChunk, detail);
  splitter.end();
  if (diffs.length > 0) await handOver();
}

/** The raw output of one `git diff-tree --stdin` for `commits`, chunk by chunk. */
export async function streamCommitDiffs(
  dir: string,
  commits: readonly string[],
  onChunk: (chunk: Buffer) => void | Promise<void>,
  detail: DiffDetail = "patch",
): Promise<void> {
  const args = detail === "patch" ? diffTreeArgs : rawOnly(diffTreeArgs);
  await streamGit(dir, [...args, "--stdin"], onChunk, {
    input: `${commits.join("\n")}\n`,
  });
}

/**
 * Cuts the output of `git diff-tree --stdin` for a known list of commits into one parsed diff
 * per commit. The output is cut where the next expected commit's header begins, after the
 * current header: its SHA followed by a NUL, which no patch line can contain, at the start of a
 * line or right after a NUL.
 */
export class CommitStreamSplitter {
  private index = 0;
  private parser = new CommitDiffParser();
  /** The output not yet handed to a parser: `pending` from `offset` on (never copied per cut). */
  private pending: Buffer = Buffer.alloc(0);
  private offset = 0;
  /** The byte just before `offset`: a header starts after a newline, a NUL, or nothing. */
  private before: number | null = null;
  /** The header's own fields hold SHAs (the parents): look for the next commit only past them. */
  private headerFieldsLeft = commitHeaderFields;

  constructor(
    private readonly commits: readonly string[],
    private readonly onDiff: (diff: CommitDiff) => void,
  ) {}

  push(chunk: Buffer): void {
    const rest = this.pending.subarray(this.offset);
    this.pending = rest.length > 0 ? Buffer.concat([rest, chunk]) : chunk;
    this.offset = 0;
    for (;;) {
      for (; this.headerFieldsLeft > 0; this.headerFieldsLeft--) {
        const end = this.pending.indexOf(0, this.offset);
        if (end === -1) return;
        this.flush(end + 1);
      }
      const nextCommit = this.commits[this.index + 1];
      if (nextCommit === undefined) {
        this.flush(this.pending.length);
        return;
      }
      const marker = Buffer.from(`${nextCommit}\0`);
      let at = this.pending.indexOf(marker, this.offset);
      while (at !== -1 && !this.startsHeader(at)) at = this.pending.indexOf(marker, at + 1);
      // A marker may be cut in two by the chunk boundary: keep its length back.
      if (at === -1) {
        this.flush(this.pending.length - marker.length);
        return;
      }
      this.flush(at);
      this.onDiff(this.parser.end());
      this.parser = new CommitDiffParser();
      this.before = null;
      this.headerFieldsLeft = commitHeaderFields;
      this.index += 1;
    }
  }

  /** Call once git has exited: hands over the last commit's diff. */
  end(): void {
    this.flush(this.pending.length);
    this.onDiff(this.parser.end());
  }

  /** Hands the output up to `end` (an index into `pending`) to the current commit's parser. */
  private flush(end: number): void {
    if (end <= this.offset) return;
    this.parser.push(this.pending.subarray(this.offset, end));
    this.before = this.pending[end - 1] ?? null;
    this.offset = end;
  }

  private startsHeader(at: number): boolean {
    const previous = at === this.offset ? this.before : this.pending[at - 1];
    return previous === null || previous === 10 || previous === 0;
  }
}

/**
 * The paths that differ between two commits (no rename detection: both sides of a move are
 * listed), from one streamed `git diff-tree --raw -z`. A merge of an unrelated history authors
 * everything that differs from its first parent.
 */
export async function diffTrees(dir: string, from: string, to: string): Promise<FileChange[]> {
  const changes: FileChange[] = [];
  const parser = new RawDiffParser((change) => changes.push(change));
  await streamGit(
    dir,
    ["diff-tree", "-r", "--raw", "-z", "--no-renames", "--no-ext-diff", from, to, "--"],
    (chunk) => parser.push(chunk),
  );
  parser.end();
  return changes;
}

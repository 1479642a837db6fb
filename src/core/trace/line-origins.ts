/**
 * Where every line of every file comes from — git blame's answer (default options) — worked out
 * forward over a history's diffs instead of backward one file at a time. A file's lines are kept
 * as segments: runs of lines from one commit, path and consecutive original line numbers.
 *
 * git blame assigns a line of commit C to the first parent (in order) from which the line is
 * unchanged, and to C itself when it is unchanged from none; a file whose content is identical
 * to a parent's (the first such parent) takes that parent's answer whole. Forward, that is: a
 * commit's lines are its parents' lines carried through the diff against each parent, the lines
 * no parent has are the commit's own. Renames are followed as git blame follows them (a path the
 * parent lacks, paired by the diff's rename detection); moves and copies are not (-M, -C).
 *
 * Where a forward pass cannot be git blame: blame looks for the source of a renamed file for that
 * one file, the pass takes the pairs git's rename detection makes for the whole commit; when
 * several added files are similar to one deleted file, or a commit adds and deletes more files
 * than diff.renameLimit lets git compare, the two can pair differently. And the answer is blame's
 * with its default options (no -w, ignored revisions or blame.ignoreRevsFile, no textconv).
 */

/** A run of lines at a commit: `count` lines from `line` of `path` as `commit` has them. */
export interface Segment {
  commit: string;
  /** The path at `commit` (a key as the diff source gives it). */
  path: string;
  /** 1-based line number at `commit`. */
  line: number;
  /**
   * How many lines; Infinity for "to the end of the file": content older than a range
   * (`a..b`), whose length no diff has said.
   */
  count: number;
}

/**
 * One file of a commit's diff against one parent: `status` git's letter (A, D, M, R, T), paths
 * at the parent and at the commit (null where absent), whether the content is the parent's
 * byte for byte, and the hunks as flat quadruples (old start, old count, new start, new count).
 */
export interface FileDelta {
  status: string;
  oldPath: string | null;
  path: string | null;
  identical: boolean;
  /** A submodule at the commit: no lines. */
  gitlink: boolean;
  hunks: readonly number[];
}

/** A commit, its parents in order, and its diff against each (one against the empty tree for a root). */
export interface CommitDeltas {
  commit: string;
  parents: readonly string[];
  deltas: readonly (readonly FileDelta[])[];
}

/** A commit's files: path → segments; null where the commit deleted the file. */
interface State {
  files: Map<string, readonly Segment[] | null>;
  /** Files not in `files` are, unchanged, this commit's: the range's boundary (null: none). */
  boundary: string | null;
}

/**
 * The forward pass: give it every commit of a history, parents before children; then ask for
 * the tip's files. A commit's files are released once all its children in the history are in.
 */
export class LineOrigins {
  private readonly states = new Map<string, State>();
  private readonly childrenLeft: Map<string, number>;

  /** `children`: how many children each commit has among the commits to come. */
  constructor(children: ReadonlyMap<string, number>) {
    this.childrenLeft = new Map(children);
  }

  add({ commit, parents, deltas }: CommitDeltas): void {
    const parentStates = parents.map((parent) => this.stateOf(parent));
    const state = this.inherit(parents[0] ?? null, parentStates[0]);
    const first = deltas[0] ?? [];
    // Worked out from the parents' files before any is replaced: the first parent's may be
    // this very state, taken over.
    const changed: [string, readonly Segment[]][] = [];
    for (const delta of first) {
      if (delta.path === null || delta.status === "D") continue;
      const lines = delta.gitlink ? [] : this.fileAt(commit, delta, parentStates, deltas);
      changed.push([delta.path, lines]);
    }
    // What the commit no longer has: deleted files and the sources of renames.
    for (const delta of first) {
      if ((delta.status === "D" || delta.status === "R") && delta.oldPath !== null) {
        state.files.set(delta.oldPath, null);
      }
    }
    for (const [path, lines] of changed) state.files.set(path, lines);
    this.states.set(commit, state);
    for (const parent of parents) this.release(parent);
  }

  /** The segments of `path` at `commit` (the tip), or undefined when it has no such file. */
  segments(commit: string, path: string): readonly Segment[] | undefined {
    const state = this.states.get(commit);
    return state ? lookup(state, path) : undefined;
  }

  /** A parent's state: one added earlier, or a boundary commit outside the history given. */
  private stateOf(parent: string): State {
    return this.states.get(parent) ?? { files: new Map(), boundary: parent };
  }

  /** The first parent's files, taken over when it has no other child to come, else copied. */
  private inherit(parent: string | null, state: State | undefined): State {
    if (parent === null || state === undefined) return { files: new Map(), boundary: null };
    const shared = (this.childrenLeft.get(parent) ?? 0) > 1;
    return shared ? { files: new Map(state.files), boundary: state.boundary } : state;
  }

  private release(parent: string): void {
    const left = (this.childrenLeft.get(parent) ?? 0) - 1;
    this.childrenLeft.set(parent, left);
    if (left <= 0) {
      const state = this.states.get(parent);
      // Taken over by its last child: that child's state is the same object.
      if (state !== undefined) this.states.delete(parent);
    }
  }

  /**
   * The segments of a file the commit changed against its first parent. As git blame does: the
   * first parent (in order) that has the same path with the same content gives its whole answer,
   * then the first parent with it under a path it renamed; else each line comes from the first
   * parent it is unchanged from (the diff against each), else it is the commit's own. A parent
   * with the path of another type (a file became a symlink) has none of its lines.
   */
  private fileAt(
    commit: string,
    own: FileDelta,
    parentStates: readonly State[],
    deltas: readonly (readonly FileDelta[])[],
  ): readonly Segment[] {
    const path = own.path as string;
    const against = parentStates.map((state, index) => ({
      state,
      delta: index === 0 ? own : deltas[index]?.find((delta) => delta.path === path),
    }));
    for (const renamed of [false, true]) {
      for (const { state, delta } of against) {
        if ((delta?.status === "R") !== renamed) continue;
        if (delta !== undefined && !delta.identical) continue;
        const whole = lookup(state, delta?.oldPath ?? path);
        if (whole !== undefined) return whole;
      }
    }
    const candidates: Segment[][] = [];
    for (const { state, delta } of against) {
      if (delta === undefined || (delta.status !== "M" && delta.status !== "R")) continue;
      const before = lookup(state, delta.oldPath as string);
      if (before !== undefined) candidates.push(carry(before, delta.hunks, commit, path));
    }
    if (candidates.length === 0) return ownLines(commit, path, own.hunks);
    return candidates.length === 1 ? (candidates[0] as Segment[]) : firstOrigin(candidates, commit);
  }
}

function lookup(state: State, path: string): readonly Segment[] | undefined {
  const known = state.files.get(path);
  if (known !== undefined) return known ?? undefined;
  if (state.files.has(path) || state.boundary === null) return undefined;
  return [{ commit: state.boundary, path, line: 1, count: Number.POSITIVE_INFINITY }];
}

/** A file the commit created (or whose parents have none of its lines): all its own. */
function ownLines(commit: string, path: string, hunks: readonly number[]): Segment[] {
  const segments: Segment[] = [];
  for (let at = 0; at < hunks.length; at += 4) {
    const start = hunks[at + 2] as number;
    const count = hunks[at + 3] as number;
    if (count > 0) push(segments, { commit, path, line: start, count });
  }
  return segments;
}

/**
 * The parent's segments carried through a diff's hunks: lines outside every hunk keep the
 * parent's origin, a hunk's new lines are the commit's own (`commit`, `path`, their new numbers).
 */
export function carry(
  before: readonly Segment[],
  hunks: readonly number[],
  commit: string,
  path: string,
): Segment[] {
  const out: Segment[] = [];
  const cursor = new Cursor(before);
  let oldNext = 1;
  for (let at = 0; at < hunks.length; at += 4) {
    const oldStart = hunks[at] as number;
    const oldCount = hunks[at + 1] as number;
    const newStart = hunks[at + 2] as number;
    const newCount = hunks[at + 3] as number;
    // With no old lines, the hunk comes after old line `oldStart`; else it replaces from it.
    const keptUntil = oldCount === 0 ? oldStart : oldStart - 1;
    cursor.take(keptUntil - oldNext + 1, out);
    cursor.skip(oldCount);
    oldNext = keptUntil + 1 + oldCount;
    if (newCount > 0) push(out, { commit, path, line: newStart, count: newCount });
  }
  cursor.take(Number.POSITIVE_INFINITY, out);
  return out;
}

/**
 * A merge's file from its candidates (one per parent with the file, each the parent's segments
 * carried through the diff against it): each line from the first candidate that has it from its
 * parent, else the merge's own.
 */
export function firstOrigin(candidates: readonly Segment[][], commit: string): Segment[] {
  const cursors = candidates.map((segments) => new Cursor(segments));
  const out: Segment[] = [];
  for (;;) {
    let step = Number.POSITIVE_INFINITY;
    for (const cursor of cursors) step = Math.min(step, cursor.left());
    if (step <= 0) return out; // a file of known length has ended
    const chosen =
      cursors.find((cursor) => cursor.current()?.commit !== commit) ?? (cursors[0] as Cursor);
    const piece = chosen.peek(step);
    if (piece === null) return out;
    push(out, piece);
    if (step === Number.POSITIVE_INFINITY) return out;
    for (const cursor of cursors) cursor.skip(step);
  }
}

/** Appends a segment, joined to the last one when it continues it. */
function push(out: Segment[], segment: Segment): void {
  if (segment.count <= 0) return;
  const last = out[out.length - 1];
  if (
    last !== undefined &&
    last.commit === segment.commit &&
    last.path === segment.path &&
    last.line + last.count === segment.line
  ) {
    out[out.length - 1] = { ...last, count: last.count + segment.count };
    return;
  }
  out.push(segment);
}

/** Walks a file's segments line by line without expanding them. */
class Cursor {
  private index = 0;
  private offset = 0;

  constructor(private readonly segments: readonly Segment[]) {}

  current(): Segment | undefined {
    return this.segments[this.index];
  }

  /** Lines left in the current segment (0 at the end of the file). */
  left(): number {
    const segment = this.segments[this.index];
    return segment === undefined ? 0 : segment.count - this.offset;
  }

  /** The next `count` lines (at most the current segment's) as a segment, without moving. */
  peek(count: number): Segment | null {
    const segment = this.segments[this.index];
    if (segment === undefined) return null;
    const line = segment.line + this.offset;
    return { ...segment, line, count: Math.min(count, segment.count - this.offset) };
  }

  /** Appends the next `count` lines (all that are left: Infinity) to `out`. */
  take(count: number, out: Segment[]): void {
    let wanted = count;
    while (wanted > 0) {
      const segment = this.segments[this.index];
      // A whole segment is shared, not copied: segments are never changed once made.
      const whole = segment !== undefined && this.offset === 0 && wanted >= segment.count;
      const piece = whole ? segment : this.peek(wanted);
      if (piece === null) return;
      push(out, piece);
      if (piece.count === Number.POSITIVE_INFINITY) return;
      this.skip(piece.count);
      wanted -= piece.count;
    }
  }

  skip(count: number): void {
    let wanted = count;
    while (wanted > 0) {
      const left = this.left();
      if (left === 0) return;
      if (wanted < left) {
        this.offset += wanted;
        return;
      }
      wanted -= left;
      this.index += 1;
      this.offset = 0;
    }
  }
}

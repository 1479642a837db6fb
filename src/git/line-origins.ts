import { type FileDelta, LineOrigins, type Segment } from "../core/trace/line-origins.js";
import { pinnedPatch } from "./diff-commit.js";
import { streamGit } from "./exec.js";
import { startsLikeOption } from "./revisions.js";
import { unquotePath } from "./unquote-path.js";

/**
 * The diff every commit gets against each of its parents, with the knobs git blame's own diff
 * has (myers, the indent heuristic, no textconv: blame's default diff of the stored bytes) and
 * every knob configuration could turn pinned; `--text`: a binary file's lines are followed as
 * blame follows them. `-M`: renames, as blame finds the path a parent lacks. `--always`: a
 * header even for an empty diff, so that the output stays in step with the pairs given.
 */
const diffArgs = [
  "diff-tree",
  "--stdin",
  "-r",
  "--root",
  "--always",
  "-M",
  "--raw",
  "-z",
  ...pinnedPatch,
  "--format=%H%x00",
];

/** The tip's files, each as its segments (paths as UTF-8 text). */
export interface OriginsAtTip {
  /** The commit the history ends at (null: no commits). */
  tip: string | null;
  /** The segments of `path` at the tip; undefined when the tip has no such file. */
  segments(path: string): Segment[] | undefined;
}

/**
 * git blame's answer for every file at the tip of `revision` (a commit: its whole history;
 * `a..b`: the range, older lines being the boundary's), from one `git rev-list` and one streamed
 * `git diff-tree --stdin` of every commit against each of its parents, oldest first. Memory
 * holds segments of the files of the commits whose children are still to come, never lines.
 */
export async function originsAtTip(dir: string, revision: string): Promise<OriginsAtTip> {
  for (const end of revision.split(/\.\.\.?/)) {
    if (startsLikeOption(end)) throw new Error(`refusing to pass ${revision} to git`);
  }
  const commits = await commitsWithParents(dir, revision);
  const children = new Map<string, number>();
  for (const { parents } of commits) {
    for (const parent of parents) children.set(parent, (children.get(parent) ?? 0) + 1);
  }
  const origins = new LineOrigins(children);
  const pairs: string[] = [];
  for (const { commit, parents } of commits) {
    if (parents.length === 0) pairs.push(commit);
    for (const parent of parents) pairs.push(`${commit} ${parent}`);
  }
  if (pairs.length > 0) {
    let index = 0;
    let deltas: FileDelta[][] = [];
    const shas = pairs.map((pair) => pair.slice(0, pair.indexOf(" ") >>> 0));
    const parser = new DeltaParser(shas, (sha, files) => {
      const entry = commits[index] as { commit: string; parents: string[] };
      if (sha !== entry.commit)
        throw new Error(`git diff-tree answered ${sha} for ${entry.commit}`);
      deltas.push(files);
      if (deltas.length < Math.max(entry.parents.length, 1)) return;
      origins.add({ commit: entry.commit, parents: entry.parents, deltas });
      deltas = [];
      index += 1;
    });
    await streamGit(dir, diffArgs, (chunk) => parser.push(chunk), {
      input: `${pairs.join("\n")}\n`,
    });
    parser.end();
  }
  // Every commit listed is an ancestor of the tip, which comes last.
  const tip = commits[commits.length - 1]?.commit ?? null;
  return {
    tip,
    segments: (path) => {
      if (tip === null) return undefined;
      const found = origins.segments(tip, Buffer.from(path, "utf8").toString("latin1"));
      return found?.map((segment) => ({ ...segment, path: textPath(segment.path) }));
    },
  };
}

/** `git rev-list --topo-order --reverse --parents`: every commit after its parents. */
async function commitsWithParents(
  dir: string,
  revision: string,
): Promise<{ commit: string; parents: string[] }[]> {
  const commits: { commit: string; parents: string[] }[] = [];
  let pending = "";
  await streamGit(
    dir,
    ["rev-list", "--topo-order", "--reverse", "--parents", revision, "--"],
    (chunk) => {
      const lines = (pending + chunk.toString("latin1")).split("\n");
      pending = lines.pop() ?? "";
      for (const line of lines) {
        const [commit = "", ...parents] = line.split(" ");
        if (commit !== "") commits.push({ commit, parents });
      }
    },
  );
  return commits;
}

/** A key (the name's bytes as latin1) as text. */
function textPath(key: string): string {
  return Buffer.from(key, "latin1").toString("utf8");
}

const NUL = 0;
const LF = 10;
/** What can follow a hunk's lines, besides the next pair's header. */
const plainMarkers = [Buffer.from("\n@@ "), Buffer.from("\ndiff ")];
const unsearched = -2;
/** The longest marker: a newline, a SHA-256 object ID, a NUL. */
const markerLength = 66;
const PLUS = 0x2b;
const MINUS = 0x2d;
const BACKSLASH = 0x5c;

/**
 * Cuts `git diff-tree -z --raw -p -U0` output, one header (`<sha>` NUL) per pair it was given,
 * into each pair's files: from the NUL-separated raw records their status, paths and whether the
 * content is the same; from the patch, each file's hunk headers (a file's section is found by its
 * `+++` name). The patch's lines themselves are skipped. Paths are kept as their bytes in latin1.
 */
export class DeltaParser {
  private pending: Buffer = Buffer.alloc(0);
  private sha: string | null = null;
  private mode: "gap" | "raw" | "patch" = "gap";
  private files: FileDelta[] = [];
  private byPath = new Map<string, FileDelta>();
  private rawHeader: string | null = null;
  private rawFirstPath: string | null = null;
  private section: number[] | null = null;
  /** Past a hunk header: a `+` line is content, not the `+++` file header. */
  private inHunk = false;
  /** Inside a hunk's lines, not at the start of a line: output was cut in the middle of them. */
  private midContent = false;
  /** How many headers were read: the index of the next pair's SHA in `expected`, plus one. */
  private headers = 0;
  /**
   * Where each marker (hunk header, diff line, next pair's header) was found in the output being
   * read: -1 not in it, `unsearched` not looked for yet.
   */
  private readonly found = [unsearched, unsearched, unsearched];
  private marker: { sha: string; bytes: Buffer } | null = null;

  /** `expected`: the commit of each pair given, in order (what each header will name). */
  constructor(
    private readonly expected: readonly string[],
    private readonly onPair: (sha: string, files: FileDelta[]) => void,
  ) {}

  push(chunk: Buffer): void {
    const data = this.pending.length > 0 ? Buffer.concat([this.pending, chunk]) : chunk;
    this.found.fill(unsearched);
    let at = 0;
    for (;;) {
      const next = this.step(data, at);
      if (next === null) break;
      at = next;
    }
    this.pending = Buffer.from(data.subarray(at));
  }

  end(): void {
    // Left inside a hunk's lines, the rest is more of them: nothing to look at.
    if (this.midContent) this.pending = Buffer.alloc(0);
    if (this.mode === "patch" && this.pending.length > 0) this.patchLine(this.pending);
    else if (this.pending.length > 0) throw new Error("git's diff ended inside a record");
    this.pending = Buffer.alloc(0);
    this.finish();
  }

  /** Consumes what it can from `at`; null when it needs more output. */
  private step(data: Buffer, at: number): number | null {
    if (at >= data.length) return null;
    if (this.sha === null || this.mode === "gap") {
      const header = this.header(data, at);
      if (header !== undefined) return header;
      if (this.sha === null) throw new Error("git's diff did not start with a commit");
      const byte = data[at];
      if (byte === NUL || byte === LF) return at + 1;
      this.mode = byte === 0x3a /* : */ ? "raw" : "patch";
      return at;
    }
    if (this.mode === "raw") {
      const end = data.indexOf(NUL, at);
      if (end === -1) return null;
      this.rawField(data.toString("latin1", at, end));
      return end + 1;
    }
    return this.patchLines(data, at);
  }

  /**
   * Patch lines from `at` until a header or the end of the output read so far. A hunk's own
   * lines (`+`, `-`, `\`) are stepped over without being looked at: only file and hunk headers
   * matter, and a large commit has many thousands of lines.
   */
  private patchLines(data: Buffer, from: number): number | null {
    let at = from;
    for (;;) {
      if (at >= data.length) return at === from ? null : at;
      const first = data[at] as number;
      const content =
        this.midContent ||
        first === MINUS ||
        first === BACKSLASH ||
        (first === PLUS && this.inHunk);
      if (content && this.inHunk) {
        const next = this.afterContent(data, at);
        if (next === -1) {
          // No end of the hunk's lines in this output yet: read on, keeping what a marker
          // cut in two would need.
          const keep = Math.max(at, data.length - markerLength);
          this.midContent = keep > at || this.midContent;
          return keep === from ? null : keep;
        }
        this.midContent = false;
        at = next;
        continue;
      }
      if (!content && isHex(first)) {
        const header = this.header(data, at);
        if (header !== undefined) return header ?? (at === from ? null : at);
      }
      const end = data.indexOf(LF, at);
      if (end === -1) return at === from ? null : at;
      if (!content) this.patchLine(data.subarray(at, end));
      at = end + 1;
    }
  }

  /**
   * A header at `at` (a line start): the end of the previous pair. Returns where its output
   * continues, null when more output is needed to tell, undefined when there is none.
   */
  private header(data: Buffer, at: number): number | null | undefined {
    for (let length = 40; length <= 64; length += 24) {
      let hex = 0;
      while (hex < length && at + hex < data.length && isHex(data[at + hex] as number)) hex += 1;
      if (at + hex >= data.length) return null; // cut by the chunk: wait for more
      if (hex < length) return undefined;
      if (data[at + length] === NUL) {
        this.finish();
        this.sha = data.toString("latin1", at, at + length);
        this.headers += 1;
        this.found[2] = unsearched; // the next header is another pair's
        this.mode = "gap";
        return at + length + 1;
      }
      if (at + length >= data.length) return null;
    }
    return undefined;
  }

  /**
   * Where the line after a hunk's lines starts, searched from `at` (inside them): every such line
   * is a hunk header, a file's `diff` line or the next pair's header, and none of those can start
   * a hunk's line (`+`, `-`, `\`), so the search is three native scans (each remembered for the
   * hunks after it), not a look at every line. -1: not in this output yet.
   */
  private afterContent(data: Buffer, at: number): number {
    let end = -1;
    for (let index = 0; index < 3; index++) {
      const marker = index < 2 ? plainMarkers[index] : this.headerMarker();
      if (marker === undefined) continue;
      let where = this.found[index] as number;
      if (where === unsearched || (where !== -1 && where < at - 1)) {
        where = data.indexOf(marker, Math.max(at - 1, 0));
        this.found[index] = where;
      }
      if (where !== -1 && (end === -1 || where < end)) end = where;
    }
    return end === -1 ? -1 : end + 1;
  }

  /** A newline, the next pair's SHA, a NUL: its header (undefined after the last pair). */
  private headerMarker(): Buffer | undefined {
    const next = this.expected[this.headers];
    if (next === undefined) return undefined;
    if (this.marker?.sha !== next) {
      this.marker = { sha: next, bytes: Buffer.from(`\n${next}\0`, "latin1") };
    }
    return this.marker.bytes;
  }

  private finish(): void {
    if (this.sha !== null) this.onPair(this.sha, this.files);
    this.sha = null;
    this.files = [];
    this.byPath = new Map();
    this.section = null;
    this.inHunk = false;
  }

  private rawField(text: string): void {
    if (this.rawHeader === null) {
      if (text === "") {
        this.mode = "patch";
        return;
      }
      this.rawHeader = text;
      return;
    }
    const header = this.rawHeader;
    const fields = header.split(" ");
    const status = (fields[4] ?? "M").charAt(0);
    if ((status === "R" || status === "C") && this.rawFirstPath === null) {
      this.rawFirstPath = text;
      return;
    }
    const newMode = fields[1] ?? "";
    const oldPath = this.rawFirstPath ?? (status === "A" ? null : text);
    const delta: FileDelta = {
      status,
      oldPath,
      path: status === "D" ? null : text,
      identical: fields[2] === fields[3],
      gitlink: newMode === "160000",
      hunks: [],
    };
    this.files.push(delta);
    if (delta.path !== null) this.byPath.set(delta.path, delta);
    this.rawHeader = null;
    this.rawFirstPath = null;
  }

  /** Keeps hunk headers, under the file the last `+++` line named; skips everything else. */
  private patchLine(line: Buffer): void {
    const first = line[0];
    if (first === 0x40 /* @ */) {
      this.inHunk = true;
      if (this.section === null) return;
      const hunk = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/.exec(line.toString("latin1"));
      if (!hunk) return;
      this.section.push(
        Number(hunk[1]),
        hunk[2] === undefined ? 1 : Number(hunk[2]),
        Number(hunk[3]),
        hunk[4] === undefined ? 1 : Number(hunk[4]),
      );
      return;
    }
    if (first === 0x64 /* d */ && line.toString("latin1", 0, 5) === "diff ") {
      this.section = null;
      this.inHunk = false;
      return;
    }
    if (
      first === 0x2b /* + */ &&
      this.section === null &&
      line.toString("latin1", 0, 4) === "+++ "
    ) {
      const path = newPath(line.toString("latin1", 4));
      const delta = path === null ? undefined : this.byPath.get(path);
      this.section = delta ? (delta.hunks as number[]) : [];
    }
  }
}

function isHex(byte: number): boolean {
  return (byte >= 0x30 && byte <= 0x39) || (byte >= 0x61 && byte <= 0x66);
}

/** The name after `+++ ` (`b/<path>`, C-quoted when unusual, or /dev/null) as a latin1 key. */
function newPath(field: string): string | null {
  // git appends a TAB to a name containing a space, so the name's end is unambiguous.
  const name = unquotePath(field.endsWith("\t") ? field.slice(0, -1) : field).toString("latin1");
  if (name === "/dev/null") return null;
  return name.startsWith("b/") ? name.slice(2) : name;
}

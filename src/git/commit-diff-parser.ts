import { type FileChange, pathKey } from "../core/commit/file-change.js";
import { parseTrailerLines } from "../core/commit/trailers.js";
import type { CommitDiff } from "../core/trace/commit-diff.js";
import { type LineRange, RangeHasher } from "../core/trace/range-hash.js";
import { fileChangeFromRaw } from "./raw-diff-parser.js";
import { pathFromBytes, pathFromLatin1 } from "./repo-path.js";
import { unquotePath } from "./unquote-path.js";

/** The `--format` that produces the header fields, NUL-terminated (none of them can hold NUL). */
export const commitHeaderFormat =
  "--format=%H%x00%P%x00%an%x00%ae%x00%s%x00%(trailers:only,unfold)%x00%T%x00";
/** How many NUL-terminated fields that format produces. */
export const commitHeaderFields = 7;

const NUL = 0;
const LF = 10;
const CR = 13;
const PLUS = 43;
const MINUS = 45;
const SPACE = 32;
const BACKSLASH = 92;
const DIFF = Buffer.from("diff ");
const NEW_FILE = Buffer.from("+++ ");

function startsWith(line: Buffer, prefix: Buffer): boolean {
  return (
    line.length >= prefix.length && line.compare(prefix, 0, prefix.length, 0, prefix.length) === 0
  );
}

/**
 * Streaming parser for `git diff-tree -r --raw -z -p -U0` output, ordinary or combined (`--cc`,
 * for merges): NUL-separated raw records, an empty field, then the patch as text lines. It keeps
 * the raw records (operation, paths, modes, blob IDs) and, from the patch, hashes each maximal run
 * of added lines as it streams by, so a commit of any size is never held in memory. For a merge,
 * a line counts as added only when it is new against every parent: what the merge itself wrote.
 *
 * Works on bytes: the hash is over the lines git stores, whatever their encoding.
 */
export class CommitDiffParser {
  private readonly changes: FileChange[] = [];
  private readonly ranges = new Map<string, LineRange[]>();
  private pending: Buffer = Buffer.alloc(0);
  private readonly header: string[] = [];
  /** Whether the NULs and newlines between the header and the diff are behind us. */
  private separatorSkipped = false;
  private inPatch = false;
  private rawHeader: string | null = null;
  private rawFirstPath: string | null = null;
  // Patch state for the current file section.
  private path: string | null = null;
  private inHunk = false;
  private parentCount = 1;
  private nextLine = 0;
  private range: RangeHasher | null = null;
  private fileRanges: LineRange[] = [];
  /** The last added line, held back one line: a "\ No newline" marker may follow it. */
  private held: { line: number; content: Buffer } | null = null;

  /** Called once the raw records are all in, before the patch streams: blob hashing can start. */
  constructor(private readonly onChanges: (changes: readonly FileChange[]) => void = () => {}) {}

  push(chunk: Buffer): void {
    const data = this.pending.length > 0 ? Buffer.concat([this.pending, chunk]) : chunk;
    let start = this.readHeader(data);
    while (this.separatorSkipped && start < data.length) {
      const end = data.indexOf(this.inPatch ? LF : NUL, start);
      if (end === -1) break;
      if (this.inPatch) this.patchLine(data.subarray(start, end));
      else this.rawField(data.toString("latin1", start, end));
      start = end + 1;
    }
    this.pending = Buffer.from(data.subarray(start));
  }

  end(): CommitDiff {
    if (this.header.length < commitHeaderFields) {
      throw new Error("git's output ended inside the commit header");
    }
    if (this.inPatch && this.pending.length > 0) this.patchLine(this.pending);
    else if (!this.inPatch && this.pending.length > 0) {
      throw new Error("git's diff ended inside a raw record");
    }
    this.pending = Buffer.alloc(0);
    if (!this.inPatch) this.onChanges(this.changes);
    this.endSection();
    const [
      sha = "",
      ,
      authorName = "",
      authorEmail = "",
      subject = "",
      trailerText = "",
      tree = "",
    ] = this.header;
    const trailers = parseTrailerLines(trailerText);
    const parents = this.parents();
    const commit = { sha, parents, authorName, authorEmail, subject, trailers, tree };
    return { commit, changes: this.changes, ranges: this.ranges };
  }

  /** The commit's parents, known as soon as its header has streamed in. */
  parents(): string[] {
    return (this.header[1] ?? "").split(" ").filter(Boolean);
  }

  /** Consumes the header fields, then the NULs and newlines git puts before the diff. */
  private readHeader(data: Buffer): number {
    let start = 0;
    while (this.header.length < commitHeaderFields) {
      const end = data.indexOf(NUL, start);
      if (end === -1) return start; // an incomplete field: it stays pending
      this.header.push(data.toString("utf8", start, end));
      start = end + 1;
    }
    while (!this.separatorSkipped && start < data.length) {
      if (data[start] !== NUL && data[start] !== LF) this.separatorSkipped = true;
      else start += 1;
    }
    return start;
  }

  private rawField(text: string): void {
    if (this.rawHeader === null) {
      if (text === "") {
        this.inPatch = true; // the empty field between the raw records and the patch
        this.onChanges(this.changes);
        return;
      }
      if (!text.startsWith(":"))
        throw new Error(`unexpected raw diff field: ${JSON.stringify(text)}`);
      this.rawHeader = text;
      return;
    }
    const header = this.rawHeader;
    const combined = header.startsWith("::");
    const letter = header.charAt(header.lastIndexOf(" ") + 1);
    if (!combined && (letter === "R" || letter === "C") && this.rawFirstPath === null) {
      this.rawFirstPath = text;
      return;
    }
    this.changes.push(
      combined
        ? combinedChange(header, text)
        : this.rawFirstPath === null
          ? fileChangeFromRaw(header, text)
          : fileChangeFromRaw(header, this.rawFirstPath, text),
    );
    this.rawHeader = null;
    this.rawFirstPath = null;
  }

  private patchLine(line: Buffer): void {
    const first = line[0];
    if (!this.inHunk || first === 0x40 /* @ */ || first === 0x64 /* d */) {
      if (this.sectionLine(line)) return;
    }
    if (!this.inHunk) return;
    if (first === BACKSLASH) {
      // "\ No newline at end of file": the held line, if any, has no terminator.
      this.release(false);
      return;
    }
    this.release(true);
    if (this.parentCount === 1) {
      if (first === PLUS) this.hold(line.subarray(1));
      if (first === PLUS || first === SPACE) this.nextLine += 1;
      return;
    }
    const prefix = line.subarray(0, this.parentCount);
    if (prefix.includes(MINUS)) return; // not in the merge result
    if (prefix.every((byte) => byte === PLUS)) this.hold(line.subarray(this.parentCount));
    this.nextLine += 1;
  }

  /**
   * Handles file and hunk headers; false when the line is hunk content after all. Decides on
   * the first bytes and decodes only the lines it needs (hunk headers, the `+++` path): a
   * 20,000-file commit has ~100,000 header lines.
   */
  private sectionLine(line: Buffer): boolean {
    const first = line[0];
    if (first === 0x64 /* d */ && startsWith(line, DIFF)) {
      this.endSection();
      return true;
    }
    if (first === 0x40 /* @ */) {
      const hunk = /^(@{2,}) .*?\+(\d+)(?:,\d+)? @{2,}/.exec(line.toString("latin1"));
      if (hunk) {
        this.release(true);
        this.inHunk = true;
        this.parentCount = (hunk[1] ?? "@@").length - 1;
        this.nextLine = Number(hunk[2]);
        return true;
      }
    }
    if (this.inHunk) return false;
    if (first === PLUS && startsWith(line, NEW_FILE))
      this.path = newPath(line.toString("latin1", 4));
    return true;
  }

  private hold(content: Buffer): void {
    // A slice of the chunk git wrote: chunks are not reused, so no copy is needed.
    this.held = { line: this.nextLine, content };
  }

  /** Adds the held line to its range; `terminated` says whether its line ended in "\n". */
  private release(terminated: boolean): void {
    const held = this.held;
    if (!held) return;
    this.held = null;
    const { content } = held;
    const stripped =
      terminated && content[content.length - 1] === CR ? content.subarray(0, -1) : content;
    if (this.range?.continues(held.line)) {
      this.range.add(stripped);
      return;
    }
    if (this.range) this.fileRanges.push(this.range.finish());
    this.range = new RangeHasher(held.line, stripped);
  }

  private endSection(): void {
    this.release(true);
    if (this.range) this.fileRanges.push(this.range.finish());
    if (this.path !== null && this.fileRanges.length > 0) {
      this.ranges.set(this.path, [...(this.ranges.get(this.path) ?? []), ...this.fileRanges]);
    }
    this.path = null;
    this.inHunk = false;
    this.range = null;
    this.fileRanges = [];
  }
}

/**
 * The path after `+++ ` in a patch header (`b/<path>`, quoted when unusual, or /dev/null), read
 * as latin1, as the key its ranges are kept under: the same key the raw record's path has.
 */
function newPath(field: string): string | null {
  // git appends a TAB to a name containing a space, so the name's end is unambiguous.
  const name = unquotePath(field.endsWith("\t") ? field.slice(0, -1) : field);
  if (name.equals(devNull)) return null;
  const { path, bytes } = pathFromBytes(
    name.subarray(0, 2).equals(bPrefix) ? name.subarray(2) : name,
  );
  return pathKey(path, bytes);
}

const devNull = Buffer.from("/dev/null");
const bPrefix = Buffer.from("b/");

/**
 * A combined (merge) raw record, `::<mode>×(n+1) <oid>×(n+1) <status×n>`, seen from the first
 * parent: what the merge result is against the branch it was made on.
 */
function combinedChange(header: string, field: string): FileChange {
  const { path, bytes } = pathFromLatin1(field);
  const parents = header.match(/^:+/)?.[0].length ?? 1;
  const fields = header.slice(parents).split(" ");
  const modes = fields.slice(0, parents + 1);
  const oids = fields.slice(parents + 1, 2 * parents + 2);
  const status = fields[2 * parents + 2] ?? "M";
  const absent = (value: string | undefined) =>
    value === undefined || /^0+$/.test(value) ? null : value;
  const letter = status.charAt(0);
  return {
    operation: letter === "A" ? "create" : letter === "D" ? "delete" : "modify",
    path,
    oldPath: null,
    ...(bytes ? { pathBytes: bytes } : {}),
    oldMode: absent(modes[0]),
    newMode: absent(modes[parents]),
    oldBlob: absent(oids[0]),
    newBlob: absent(oids[parents]),
  };
}

/** What a commit does to one path, as git's raw diff reports it. */
export type ChangeOperation = "create" | "modify" | "delete" | "rename" | "copy" | "mode" | "type";

export interface FileChange {
  operation: ChangeOperation;
  /** The path after the change (the deleted path for a deletion). */
  path: string;
  /** The source path of a rename or copy. */
  oldPath: string | null;
  /** `100644`, `100755`, `120000` (symlink), `160000` (submodule gitlink); null when absent. */
  oldMode: string | null;
  newMode: string | null;
  /** Object IDs; null when absent (creation, deletion) or not yet hashed (work tree side). */
  oldBlob: string | null;
  newBlob: string | null;
}

export const gitlinkMode = "160000";
export const symlinkMode = "120000";

/**
 * Every path a change touches and so must be in scope: both sides of a rename or copy, the path
 * of a deletion, a mode or type change, a symlink's own path and a submodule's gitlink path.
 */
export function touchedPaths(changes: Iterable<FileChange>): string[] {
  const paths = new Set<string>();
  for (const change of changes) {
    if (change.oldPath !== null) paths.add(change.oldPath);
    paths.add(change.path);
  }
  return [...paths];
}

const absentMode = /^0+$/;
const absentObject = /^0+$/;

/** Builds a FileChange from one `git diff-* --raw` header and its path(s). */
export function fileChangeFromRaw(header: string, paths: readonly string[]): FileChange {
  const [oldMode = "", newMode = "", oldBlob = "", newBlob = "", status = ""] = header
    .slice(1)
    .split(" ");
  const letter = status.charAt(0);
  const [first = "", second] = paths;
  const twoPaths = letter === "R" || letter === "C";
  return {
    operation: operationOf(letter, oldBlob, newBlob),
    path: twoPaths && second !== undefined ? second : first,
    oldPath: twoPaths ? first : null,
    oldMode: absentMode.test(oldMode) ? null : oldMode,
    newMode: absentMode.test(newMode) ? null : newMode,
    oldBlob: absentObject.test(oldBlob) ? null : oldBlob,
    newBlob: absentObject.test(newBlob) ? null : newBlob,
  };
}

function operationOf(letter: string, oldBlob: string, newBlob: string): ChangeOperation {
  switch (letter) {
    case "A":
      return "create";
    case "D":
      return "delete";
    case "R":
      return "rename";
    case "C":
      return "copy";
    case "T":
      return "type";
    case "M":
      return oldBlob === newBlob ? "mode" : "modify";
    default:
      // U (unmerged) and X (unknown): treat as a modification so the path is still checked.
      return "modify";
  }
}

/**
 * Incremental parser for `git diff-index|diff-tree --raw -z` output, fed chunk by chunk so a
 * change of any size is never held as one string. Records are NUL-separated fields: a header
 * starting with ':' and one path, or two for renames and copies.
 */
export class RawDiffParser {
  private pending: Buffer = Buffer.alloc(0);
  private header: string | null = null;
  private paths: string[] = [];

  constructor(private readonly onChange: (change: FileChange) => void) {}

  push(chunk: Buffer): void {
    let data = this.pending.length > 0 ? Buffer.concat([this.pending, chunk]) : chunk;
    let start = 0;
    for (let end = data.indexOf(0, start); end !== -1; end = data.indexOf(0, start)) {
      this.field(data.toString("utf8", start, end));
      start = end + 1;
    }
    data = data.subarray(start);
    this.pending = Buffer.from(data);
  }

  /** Call once git has exited; fails on a truncated record rather than dropping it. */
  end(): void {
    if (this.pending.length > 0 || this.header !== null) {
      throw new Error("git's raw diff output ended in the middle of a record");
    }
  }

  private field(text: string): void {
    if (this.header === null) {
      if (!text.startsWith(":"))
        throw new Error(`unexpected raw diff field: ${JSON.stringify(text)}`);
      this.header = text;
      return;
    }
    this.paths.push(text);
    const letter = this.header.split(" ")[4]?.charAt(0);
    const needed = letter === "R" || letter === "C" ? 2 : 1;
    if (this.paths.length < needed) return;
    this.onChange(fileChangeFromRaw(this.header, this.paths));
    this.header = null;
    this.paths = [];
  }
}

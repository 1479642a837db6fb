import type { ChangeOperation, FileChange } from "../core/commit/file-change.js";
import { pathFromLatin1 } from "./repo-path.js";

/** An all-zero object ID or mode means "absent" in raw diff output. */
function present(field: string): string | null {
  return /^0+$/.test(field) ? null : field;
}

/**
 * A change backed by its raw header (`:<mode> <mode> <oid> <oid> <status>`): modes and object
 * IDs are cut out only when read. The scope check of a 20,000-file change needs only the paths
 * and the operation, and cold code pays for every string it allocates.
 */
class RawFileChange implements FileChange {
  readonly operation: ChangeOperation;
  readonly path: string;
  readonly oldPath: string | null;
  readonly pathBytes: Buffer | null;
  readonly oldPathBytes: Buffer | null;
  private readonly header: string;
  private readonly oidLength: number;

  /** `first` and `second` are the path fields as latin1 (one character per byte). */
  constructor(header: string, first: string, second: string | undefined) {
    const statusAt = header.lastIndexOf(" ") + 1;
    const letter = header.charAt(statusAt);
    const twoPaths = letter === "R" || letter === "C";
    this.header = header;
    this.oidLength = (statusAt - 17) / 2;
    const path = pathFromLatin1(twoPaths && second !== undefined ? second : first);
    const oldPath = twoPaths ? pathFromLatin1(first) : null;
    this.path = path.path;
    this.pathBytes = path.bytes;
    this.oldPath = oldPath?.path ?? null;
    this.oldPathBytes = oldPath?.bytes ?? null;
    this.operation = operationOf(letter, header, this.oidLength);
  }

  get oldMode(): string | null {
    return present(this.header.slice(1, 7));
  }

  get newMode(): string | null {
    return present(this.header.slice(8, 14));
  }

  get oldBlob(): string | null {
    return present(this.header.slice(15, 15 + this.oidLength));
  }

  get newBlob(): string | null {
    return present(this.header.slice(16 + this.oidLength, 16 + 2 * this.oidLength));
  }

  toJSON(): FileChange {
    const { operation, path, oldPath, oldMode, newMode, oldBlob, newBlob } = this;
    const bytes = {
      ...(this.pathBytes ? { pathBytes: this.pathBytes } : {}),
      ...(this.oldPathBytes ? { oldPathBytes: this.oldPathBytes } : {}),
    };
    return { operation, path, oldPath, oldMode, newMode, oldBlob, newBlob, ...bytes };
  }
}

/** Builds a FileChange from one `git diff-* --raw` header and its path(s), read as latin1. */
export function fileChangeFromRaw(header: string, first: string, second?: string): FileChange {
  return new RawFileChange(header, first, second);
}

function operationOf(letter: string, header: string, oidLength: number): ChangeOperation {
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
      // Same object on both sides: only the mode changed.
      return header.startsWith(header.slice(15, 15 + oidLength), 16 + oidLength)
        ? "mode"
        : "modify";
    default:
      // U (unmerged) and X (unknown): treat as a modification so the path is still checked.
      return "modify";
  }
}

/**
 * Incremental parser for `git diff-index|diff-tree --raw -z` output, fed chunk by chunk so a
 * change of any size is never held as one string. Records are NUL-separated fields: a header
 * starting with ':' and one path, or two for renames and copies. Each chunk is decoded once,
 * as latin1 (one character per byte, so nothing is lost and a chunk boundary splits nothing),
 * then cut at NULs: far cheaper than decoding field by field. Paths are turned into UTF-8 (or
 * kept as bytes) one by one, and only when they are not plain ASCII.
 */
export class RawDiffParser {
  private pending = "";
  private header: string | null = null;
  private twoPaths = false;
  private firstPath: string | null = null;

  constructor(private readonly onChange: (change: FileChange) => void) {}

  push(chunk: Buffer): void {
    const text = this.pending + chunk.toString("latin1");
    let start = 0;
    for (let end = text.indexOf("\0", start); end !== -1; end = text.indexOf("\0", start)) {
      this.field(text.slice(start, end));
      start = end + 1;
    }
    this.pending = text.slice(start);
  }

  /** Call once git has exited; fails on a truncated record rather than dropping it. */
  end(): void {
    if (this.pending.length > 0 || this.header !== null) {
      throw new Error("git's raw diff output ended in the middle of a record");
    }
  }

  private field(text: string): void {
    if (this.header === null) {
      if (text.charCodeAt(0) !== 58)
        throw new Error(`unexpected raw diff field: ${JSON.stringify(text)}`);
      this.header = text;
      const letter = text.charAt(text.lastIndexOf(" ") + 1);
      this.twoPaths = letter === "R" || letter === "C";
      return;
    }
    if (this.twoPaths && this.firstPath === null) {
      this.firstPath = text;
      return;
    }
    const change =
      this.firstPath === null
        ? new RawFileChange(this.header, text, undefined)
        : new RawFileChange(this.header, this.firstPath, text);
    this.header = null;
    this.firstPath = null;
    this.onChange(change);
  }
}

/** What a commit does to one path, as git's raw diff reports it. */
export type ChangeOperation = "create" | "modify" | "delete" | "rename" | "copy" | "mode" | "type";

export interface FileChange {
  readonly operation: ChangeOperation;
  /** The path after the change (the deleted path for a deletion). */
  readonly path: string;
  /** The source path of a rename or copy. */
  readonly oldPath: string | null;
  /**
   * The exact bytes of `path` when they are not valid UTF-8 (then `path` shows them with U+FFFD);
   * absent or null otherwise. git names files by bytes: two such names are two files.
   */
  readonly pathBytes?: Uint8Array | null;
  readonly oldPathBytes?: Uint8Array | null;
  /** `100644`, `100755`, `120000` (symlink), `160000` (submodule gitlink); null when absent. */
  readonly oldMode: string | null;
  readonly newMode: string | null;
  /** Object IDs; null when absent (a creation, a deletion, or a path not staged yet). */
  readonly oldBlob: string | null;
  readonly newBlob: string | null;
}

/**
 * A key that tells paths apart exactly as git does: the path itself when it is valid UTF-8, else
 * a NUL (which no path contains) and the bytes in hex.
 */
export function pathKey(path: string, bytes: Uint8Array | null | undefined): string {
  if (!bytes) return path;
  let hex = "\0";
  for (const byte of bytes) hex += byte.toString(16).padStart(2, "0");
  return hex;
}

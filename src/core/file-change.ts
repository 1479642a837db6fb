/** What a commit does to one path, as git's raw diff reports it. */
export type ChangeOperation = "create" | "modify" | "delete" | "rename" | "copy" | "mode" | "type";

export interface FileChange {
  readonly operation: ChangeOperation;
  /** The path after the change (the deleted path for a deletion). */
  readonly path: string;
  /** The source path of a rename or copy. */
  readonly oldPath: string | null;
  /** `100644`, `100755`, `120000` (symlink), `160000` (submodule gitlink); null when absent. */
  readonly oldMode: string | null;
  readonly newMode: string | null;
  /** Object IDs; null when absent (a creation, a deletion, or a path not staged yet). */
  readonly oldBlob: string | null;
  readonly newBlob: string | null;
}

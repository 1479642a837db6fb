import type { FileChange } from "../../src/core/commit/file-change.js";

/** A FileChange as the judge sees it: a path, an operation and, for renames, the old path. */
export function fileChange(
  path: string,
  operation: FileChange["operation"] = "modify",
  oldPath: string | null = null,
): FileChange {
  return {
    operation,
    path,
    oldPath,
    oldMode: null,
    newMode: null,
    oldBlob: null,
    newBlob: null,
  };
}

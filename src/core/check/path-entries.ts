import type { FileChange } from "../changeset.js";
import type { PathVerdict } from "./verdict.js";

export type PathEntry = Pick<PathVerdict, "path" | "operation" | "side">;

/** One entry per touched path: a rename or copy yields its old and its new path. */
export function pathEntries(changes: readonly FileChange[]): PathEntry[] {
  const entries: PathEntry[] = [];
  for (const change of changes) {
    if (change.oldPath !== null) {
      entries.push({ path: change.oldPath, operation: change.operation, side: "old" });
      entries.push({ path: change.path, operation: change.operation, side: "new" });
    } else {
      entries.push({ path: change.path, operation: change.operation, side: null });
    }
  }
  return entries;
}

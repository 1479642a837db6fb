import type { FileChange } from "../changeset.js";
import type { PathVerdict } from "./verdict.js";

/**
 * One not-yet-judged verdict per touched path: a rename or copy yields its old and its new path.
 * The check fills these in place; a 20,000-path change allocates one object per path, not three.
 */
export function pathEntries(changes: readonly FileChange[]): PathVerdict[] {
  const entries: PathVerdict[] = [];
  for (const { operation, path, oldPath } of changes) {
    if (oldPath !== null) {
      entries.push(entry(oldPath, operation, "old"));
      entries.push(entry(path, operation, "new"));
    } else {
      entries.push(entry(path, operation, null));
    }
  }
  return entries;
}

function entry(
  path: string,
  operation: FileChange["operation"],
  side: PathVerdict["side"],
): PathVerdict {
  return { path, operation, side, admitted: false, pattern: null, origin: null };
}

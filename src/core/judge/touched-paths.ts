import type { FileChange } from "../commit/file-change.js";
import { isGovernancePath } from "../governance/governance-files.js";
import type { PathVerdict } from "./verdict.js";

/** Every touched path as a verdict to fill in, split into rules files and the rest. */
export interface TouchedPaths {
  /** In the order git reported them; a rename or copy yields its old and its new path. */
  all: PathVerdict[];
  governance: PathVerdict[];
  others: PathVerdict[];
  /** How many different paths (a path can appear twice only around a rename or copy). */
  distinct: number;
}

/**
 * Classifies a change's paths in one pass, allocating one object per path: on the hook path a
 * 20,000-file change runs through here as cold (not yet optimised) code, where every extra pass
 * over the paths costs milliseconds.
 */
export function touchedPaths(changes: readonly FileChange[]): TouchedPaths {
  const all: PathVerdict[] = [];
  const governance: PathVerdict[] = [];
  const others: PathVerdict[] = [];
  let pairs = false;
  const add = (path: string, operation: FileChange["operation"], side: PathVerdict["side"]) => {
    const entry: PathVerdict = {
      path,
      operation,
      side,
      admitted: false,
      pattern: null,
      origin: null,
    };
    if (isGovernancePath(path)) {
      entry.admitted = true;
      entry.origin = "governance";
      governance.push(entry);
    } else {
      others.push(entry);
    }
    all.push(entry);
  };
  for (const { operation, path, oldPath } of changes) {
    if (oldPath === null) {
      add(path, operation, null);
    } else {
      pairs = true;
      add(oldPath, operation, "old");
      add(path, operation, "new");
    }
  }
  const distinct = pairs ? new Set(all.map((entry) => entry.path)).size : all.length;
  return { all, governance, others, distinct };
}

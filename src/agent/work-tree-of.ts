import { lstatSync } from "node:fs";
import path from "node:path";
import { locateHookRepo, type Repo } from "../git/repo.js";

/**
 * The work tree a path (that may not exist yet) is in: the nearest folder at or above it holding
 * a `.git` (a directory, or the file a linked work tree or submodule has), read without starting
 * git — a pre-write hook runs before every edit an agent makes. Null outside every repository.
 */
export async function workTreeOf(absolute: string): Promise<Repo | null> {
  let dir = path.dirname(absolute);
  for (;;) {
    if (hasDotGit(dir)) return locateHookRepo(dir, undefined);
    const parent = path.dirname(dir);
    if (parent === dir) return null;
    dir = parent;
  }
}

function hasDotGit(dir: string): boolean {
  try {
    return lstatSync(path.join(dir, ".git"), { throwIfNoEntry: false }) !== undefined;
  } catch {
    return false; // a file where a folder would be (ENOTDIR), or a folder we may not read
  }
}

/** Whether two work trees belong to one repository (a linked work tree is the same one). */
export function sameRepository(a: Repo, b: Repo): boolean {
  return path.resolve(a.commonDir) === path.resolve(b.commonDir);
}

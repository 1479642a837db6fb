import { existsSync, lstatSync } from "node:fs";
import path from "node:path";
import { writeFileAtomic } from "../fs/atomic-write.js";
import { readIfExists } from "../fs/read-if-exists.js";
import { trackedPaths } from "../git/ref-values.js";
import type { Repo } from "../git/repo.js";
import { workTreeAt } from "../git/work-tree-at.js";

/**
 * The `.git` entries below the work tree's root that no registration accounts for (a linked work
 * tree of this repository, a submodule it lists): planted, in a folder git lists — tracked, or
 * untracked but not ignored (an ignored folder's `.git`, like node_modules', is no one's concern).
 * git itself passes over a `.git` inside a folder it tracks, so `git status` never shows one: each
 * folder is looked at (one access(2)). The folders git tracks are kept per index (one `git
 * ls-files` when the index changed); `changed` adds what `git status` lists (a nested repository
 * shows there as its folder). `inTracked` first, while `git status` runs; then `inChanged`.
 */
export const plantedGit = {
  async inTracked(repo: Repo): Promise<string[]> {
    return planted(repo, await trackedFolders(repo));
  },

  inChanged(repo: Repo, changed: readonly string[], tracked: readonly string[]): string[] {
    const dirs = new Set<string>();
    for (const file of changed) {
      for (let dir = file.endsWith("/") ? file.slice(0, -1) : path.posix.dirname(file); ; ) {
        if (dir === "." || dir === "" || dirs.has(dir)) break;
        dirs.add(dir);
        dir = path.posix.dirname(dir);
      }
    }
    const found = planted(repo, [...dirs]).filter((entry) => !tracked.includes(entry));
    return [...tracked, ...found].sort();
  },
};

function planted(repo: Repo, dirs: readonly string[]): string[] {
  const found: string[] = [];
  // git's paths are normalised already: joined as text, not by path.join, which costs more than
  // the access(2) itself over a thousand folders.
  const root = repo.root.endsWith("/") ? repo.root : `${repo.root}/`;
  for (const dir of dirs) {
    if (!existsSync(`${root}${dir}/.git`)) continue;
    const absolute = path.join(repo.root, dir);
    const registered = workTreeAt(path.join(absolute, "-"), repo);
    if (registered && path.resolve(registered.repo.root) === path.resolve(absolute)) continue;
    found.push(`${dir}/.git`);
  }
  return found;
}

/**
 * Every folder git tracks (not the root), kept per index: recomputed when the index changes. Kept
 * as the index's key and the folders, NUL-separated (no path holds a NUL): split, not parsed.
 */
async function trackedFolders(repo: Repo): Promise<string[]> {
  const cache = path.join(repo.stateDir, "cache", "tracked-folders");
  const index = `v1 ${statKey(path.join(repo.gitDir, "index"))}`;
  try {
    const [key, ...dirs] = (readIfExists(cache)?.toString("utf8") ?? "").split("\0");
    if (key === index) return dirs;
  } catch {
    // recomputed below
  }
  const dirs = new Set<string>();
  for (const file of await trackedPaths(repo)) {
    for (let dir = path.posix.dirname(file); dir !== "." && !dirs.has(dir); ) {
      dirs.add(dir);
      dir = path.posix.dirname(dir);
    }
  }
  const list = [...dirs];
  try {
    writeFileAtomic(cache, [index, ...list].join("\0"));
  } catch {
    // no cache this time
  }
  return list;
}

function statKey(file: string): string {
  const stat = lstatSync(file, { throwIfNoEntry: false });
  return stat ? `${stat.size}-${stat.mtimeMs}-${stat.ino}` : "none";
}

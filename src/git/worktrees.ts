import { readdirSync } from "node:fs";
import path from "node:path";
import { readIfExists } from "../fs/read-if-exists.js";
import { runGit } from "./exec.js";

/** One work tree of the repository, as `git worktree list` knows it. */
export interface WorkTree {
  /** Absolute path of its top level, as git records it. */
  path: string;
  /**
   * Its own git directory (the main work tree's is the common one, a linked one's is
   * `<common>/worktrees/<name>`), where `git rev-parse --git-path` puts its per-work-tree state;
   * null when it cannot be found (a linked work tree whose administrative files are gone).
   */
  gitDir: string | null;
  /** The main work tree (listed first by git), which may be a bare repository. */
  main: boolean;
  bare: boolean;
  /** git's `prunable` annotation: the work tree's directory is gone. */
  prunable: boolean;
}

/**
 * Every work tree of the repository around `dir`, the main one first: one `git worktree list
 * --porcelain -z` (any path survives), then each linked work tree's git directory, read from the
 * administrative files under `<commonDir>/worktrees/` (which outlive a removed directory) or, failing
 * that, from the work tree's `.git` file.
 */
export async function listWorkTrees(dir: string, commonDir: string): Promise<WorkTree[]> {
  const { stdout } = await runGit(dir, ["worktree", "list", "--porcelain", "-z"]);
  const byWorkTree = linkedGitDirs(commonDir);
  const trees: WorkTree[] = [];
  let current: WorkTree | null = null;
  for (const field of stdout.toString("utf8").split("\0")) {
    if (field === "") {
      current = null;
      continue;
    }
    const space = field.indexOf(" ");
    const key = space === -1 ? field : field.slice(0, space);
    const value = space === -1 ? "" : field.slice(space + 1);
    if (key === "worktree") {
      const main = trees.length === 0;
      const treePath = path.resolve(value);
      current = {
        path: treePath,
        gitDir: main ? commonDir : (byWorkTree.get(treePath) ?? gitDirFromDotGit(treePath)),
        main,
        bare: false,
        prunable: false,
      };
      trees.push(current);
    } else if (current && key === "bare") {
      current.bare = true;
    } else if (current && key === "prunable") {
      current.prunable = true;
    }
  }
  return trees;
}

/** Linked work trees' git directories by work tree path, from `<common>/worktrees/<name>/gitdir`. */
function linkedGitDirs(commonDir: string): Map<string, string> {
  const found = new Map<string, string>();
  const adminRoot = path.join(commonDir, "worktrees");
  let names: string[];
  try {
    names = readdirSync(adminRoot);
  } catch {
    return found; // no linked work tree was ever added
  }
  for (const name of names) {
    const adminDir = path.join(adminRoot, name);
    try {
      const dotGit = readIfExists(path.join(adminDir, "gitdir"))?.toString("utf8").trim();
      if (dotGit) found.set(path.dirname(path.resolve(adminDir, dotGit)), adminDir);
    } catch {
      // an unreadable administrative file: the work tree's own .git file may still name it
    }
  }
  return found;
}

function gitDirFromDotGit(workTree: string): string | null {
  try {
    const text = readIfExists(path.join(workTree, ".git"))?.toString("utf8");
    const named = text === undefined ? undefined : /^gitdir: (.+)$/m.exec(text)?.[1]?.trim();
    return named ? path.resolve(workTree, named) : null;
  } catch {
    return null; // a directory (not a linked work tree's file) or unreadable
  }
}

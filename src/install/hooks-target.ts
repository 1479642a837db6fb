import { existsSync } from "node:fs";
import path from "node:path";
import { isInside } from "../fs/is-inside.js";
import { readGitConfig, readGitConfigWithoutIncludes } from "../git/config.js";
import type { Repo } from "../git/repo.js";
import { linkedHooksDir } from "./linked-worktrees.js";

/** Where the hooks go: husky's folder (one line per hook file) or git's hooks directory. */
export type HooksTarget =
  | { kind: "husky"; dir: string; huskyInstalled: boolean }
  | { kind: "git"; dir: string; hooksPath: string | undefined };

/**
 * husky 9 sets core.hooksPath to `<dir>/_` and writes its runner `<dir>/_/h`; a `.husky/` folder
 * at the root without that setting is husky not installed yet (its hook files are still the
 * place to add our lines). Otherwise hooks go to `git rev-parse --git-path hooks`, which already
 * honours core.hooksPath. In a linked work tree the setting found may be install's own (see
 * linked-worktrees.ts); the one it overrides says where the hooks are.
 */
export async function findHooksTarget(repo: Repo): Promise<HooksTarget> {
  let hooksPath = await readGitConfig(repo.root, "core.hooksPath");
  let gitHooksDir = repo.hooksDir;
  if (hooksPath && path.resolve(hooksPath) === linkedHooksDir(repo)) {
    // A linked work tree, where install's include points git at the linked work trees' hooks:
    // the hooks themselves are where the repository's own setting (husky's) says.
    hooksPath = await readGitConfigWithoutIncludes(repo.root, "core.hooksPath");
    gitHooksDir = hooksPath
      ? path.resolve(repo.root, hooksPath)
      : path.join(repo.commonDir, "hooks");
  }
  if (hooksPath) {
    const absolute = path.resolve(repo.root, hooksPath);
    const isHuskyRunnerDir =
      path.basename(absolute) === "_" &&
      (existsSync(path.join(absolute, "h")) || path.basename(path.dirname(absolute)) === ".husky");
    if (isHuskyRunnerDir) {
      return { kind: "husky", dir: path.dirname(absolute), huskyInstalled: true };
    }
    return { kind: "git", dir: gitHooksDir, hooksPath };
  }
  const huskyDir = path.join(repo.root, ".husky");
  if (existsSync(huskyDir)) return { kind: "husky", dir: huskyDir, huskyInstalled: false };
  return { kind: "git", dir: gitHooksDir, hooksPath: undefined };
}

/** A folder inside the work tree (so possibly committed), not inside a git directory. */
export function isInWorkTree(repo: Repo, dir: string): boolean {
  return isInside(repo.root, dir) && !isInside(repo.commonDir, dir) && !isInside(repo.gitDir, dir);
}

/**
 * git's hooks folder for this work tree as the repository's config names it: in a linked work
 * tree, the one install's linked work tree hooks stand in for.
 */
export function ownHooksDir(repo: Repo): string {
  return repo.hooksDir === linkedHooksDir(repo)
    ? path.join(repo.commonDir, "hooks")
    : repo.hooksDir;
}

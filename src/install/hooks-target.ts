import { existsSync } from "node:fs";
import path from "node:path";
import { isInside } from "../fs/is-inside.js";
import { readGitConfig } from "../git/config.js";
import type { Repo } from "../git/repo.js";

/** Where the hooks go: husky's folder (one line per hook file) or git's hooks directory. */
export type HooksTarget =
  | { kind: "husky"; dir: string; huskyInstalled: boolean }
  | { kind: "git"; dir: string; hooksPath: string | undefined };

/**
 * husky 9 sets core.hooksPath to `<dir>/_` and writes its runner `<dir>/_/h`; a `.husky/` folder
 * at the root without that setting is husky not installed yet (its hook files are still the
 * place to add our lines). Otherwise hooks go to `git rev-parse --git-path hooks`, which already
 * honours core.hooksPath.
 */
export async function findHooksTarget(repo: Repo): Promise<HooksTarget> {
  const hooksPath = await readGitConfig(repo.root, "core.hooksPath");
  if (hooksPath) {
    const absolute = path.resolve(repo.root, hooksPath);
    const isHuskyRunnerDir =
      path.basename(absolute) === "_" &&
      (existsSync(path.join(absolute, "h")) || path.basename(path.dirname(absolute)) === ".husky");
    if (isHuskyRunnerDir) {
      return { kind: "husky", dir: path.dirname(absolute), huskyInstalled: true };
    }
    return { kind: "git", dir: repo.hooksDir, hooksPath };
  }
  const huskyDir = path.join(repo.root, ".husky");
  if (existsSync(huskyDir)) return { kind: "husky", dir: huskyDir, huskyInstalled: false };
  return { kind: "git", dir: repo.hooksDir, hooksPath: undefined };
}

/** A folder inside the work tree (so possibly committed), not inside a git directory. */
export function isInWorkTree(repo: Repo, dir: string): boolean {
  return isInside(repo.root, dir) && !isInside(repo.commonDir, dir) && !isInside(repo.gitDir, dir);
}

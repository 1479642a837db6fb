import { constants, existsSync } from "node:fs";
import { access } from "node:fs/promises";
import path from "node:path";
import { readGitConfigAll } from "../git/config.js";
import type { Repo } from "../git/repo.js";
import type { HooksTarget } from "../install/hooks-target.js";
import { linkedFolder, linkedHooksDir, linkedInclude } from "../install/linked-worktrees.js";
import { managedHooks } from "../install/managed-hooks.js";
import type { Diagnosis } from "./diagnose.js";

export function isLinkedWorkTree(repo: Repo): boolean {
  return path.resolve(repo.gitDir) !== path.resolve(repo.commonDir);
}

/** A linked work tree where git runs the hooks install set up for linked work trees. */
export function runsLinkedHooks(repo: Repo): boolean {
  return isLinkedWorkTree(repo) && path.resolve(repo.hooksDir) === linkedHooksDir(repo);
}

/**
 * With husky, linked work trees run hooks only through what install sets up for them (see
 * src/install/linked-worktrees.ts): said from any work tree when it is missing, and from a
 * linked work tree when git does not use it there (the repository moved, a setting overrides).
 */
export async function linkedWorktreeHooks(repo: Repo, target: HooksTarget): Promise<Diagnosis[]> {
  if (target.kind !== "husky" || !target.huskyInstalled) return [];
  const folder = linkedFolder(repo);
  const included = (await readGitConfigAll(repo.root, linkedInclude.key)).includes(
    linkedInclude.value,
  );
  const missing: string[] = [];
  for (const hook of managedHooks) {
    const file = path.join(linkedHooksDir(repo), hook);
    if (
      !(await access(file, constants.X_OK).then(
        () => true,
        () => false,
      ))
    )
      missing.push(hook);
  }
  if (!included || missing.length > 0 || !existsSync(path.join(folder, "config"))) {
    return [
      {
        level: "fail",
        what: `linked work trees (git worktree add) run no hooks: husky makes ${path.relative(repo.root, target.dir) || "."}/_ per checkout, and the hooks install sets up for them in ${folder} are ${included ? "incomplete" : "not set up"}`,
        fix: "run intentguard install",
      },
    ];
  }
  if (isLinkedWorkTree(repo) && !runsLinkedHooks(repo)) {
    return [
      {
        level: "fail",
        what: `git runs this linked work tree's hooks from ${repo.hooksDir}, not from ${linkedHooksDir(repo)}: a core.hooksPath setting overrides install's, or the repository moved`,
        fix: "remove the overriding core.hooksPath (git config --show-origin core.hooksPath names it), or run git worktree repair, then intentguard install",
      },
    ];
  }
  return [
    {
      level: "ok",
      what: `linked work trees (git worktree add) run the hooks through ${folder}/`,
      fix: "",
    },
  ];
}

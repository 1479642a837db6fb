import { existsSync } from "node:fs";
import { mkdir, readFile, rm } from "node:fs/promises";
import path from "node:path";
import { huskyLauncherName } from "../core/install-layout.js";
import { shellQuote } from "../core/text/shell-quote.js";
import { notesRef } from "../core/trace/notes-ref.js";
import { writeFileAtomic } from "../fs/atomic-write.js";
import { addGitConfigValue, removeGitConfigValue } from "../git/config.js";
import { listRemotes, notesFetchRefspec } from "../git/notes-remote.js";
import type { Repo } from "../git/repo.js";
import { installGitHook, type ShimsLocation, uninstallGitHook } from "./git-hook-file.js";
import { findHooksTarget, type HooksTarget, isInWorkTree, ownHooksDir } from "./hooks-target.js";
import { addHuskyLine, type FileAction, removeHuskyLine } from "./husky-hook-file.js";
import { removeHuskyLauncher, writeHuskyLauncher } from "./husky-launcher.js";
import {
  installLinkedWorktreeHooks,
  linkedFolder,
  removeLinkedWorktreeHooks,
} from "./linked-worktrees.js";
import { hooksHuskyLacks, managedHooks, retiredHooks } from "./managed-hooks.js";
import { packageDirForHusky, packageDirInRepo, shimPath } from "./package-root.js";

export interface HookFileResult {
  hook: string;
  file: string;
  action: FileAction;
}

export interface HooksReport {
  target: HooksTarget;
  results: HookFileResult[];
  /**
   * notes.rewriteRef, which earlier versions set so git copied notes through amend and rebase.
   * The reference-transaction hook writes the rewritten commits' records itself now, and a copy
   * on top would give them two: install and uninstall remove it.
   */
  rewriteRef: FileAction;
  /** The refspec per remote that makes `git fetch` and `git pull` bring the team's notes. */
  notesFetch: { remote: string; action: FileAction }[];
  /** The hooks of every linked work tree, with husky (see linked-worktrees.ts), and their folder. */
  linkedWorktrees: { action: FileAction; dir: string };
}

/**
 * The runner husky 9 writes in `.husky/_/` for each hook it knows (it runs `.husky/<hook>`),
 * written by install for the hooks husky does not know.
 */
const huskyRunner = '#!/usr/bin/env sh\n. "$(dirname "$0")/h"';

/** Installs every managed hook where this repository's hooks run, and retires old ones; idempotent. */
export async function installHooks(repo: Repo): Promise<HooksReport> {
  const target = await findHooksTarget(repo);
  await mkdir(target.dir, { recursive: true });
  const results: HookFileResult[] = [];
  const hasRunners = existsSync(path.join(target.dir, "_", "h"));
  if (target.kind === "husky") {
    const launcher = path.join(target.dir, huskyLauncherName);
    results.push({
      hook: huskyLauncherName,
      file: launcher,
      action: await writeHuskyLauncher(launcher, packageDirForHusky(repo)),
    });
  }
  for (const hook of managedHooks) {
    const file = path.join(target.dir, hook);
    const action =
      target.kind === "husky"
        ? await addHuskyLine(file, launcherCommand(repo, target.dir, hook))
        : await installGitHook(file, hook, gitHookShims(repo, target.dir));
    results.push({ hook, file, action });
    // Only beside husky's own runners: a linked work tree has none (nor needs them, see
    // linked-worktrees.ts), and a lone runner there would be an untracked, unignored file.
    if (
      target.kind === "husky" &&
      target.huskyInstalled &&
      hooksHuskyLacks.has(hook) &&
      hasRunners
    ) {
      const runner = path.join(target.dir, "_", hook);
      results.push({ hook, file: runner, action: await writeHuskyRunner(runner) });
    }
  }
  results.push(...(await removeRetired(repo, target)));
  const removed = await removeGitConfigValue(repo.root, "notes.rewriteRef", notesRef);
  const notesFetch = await configureNotesFetch(repo, "add");
  // Without husky active, linked work trees share the clone's hooks folder: nothing to set up,
  // and a setup left from husky would point them away from it.
  const linkedWorktrees = {
    action:
      target.kind === "husky" && target.huskyInstalled
        ? await installLinkedWorktreeHooks(repo, target.dir)
        : await removeLinkedWorktreeHooks(repo),
    dir: linkedFolder(repo),
  };
  return {
    target,
    results,
    rewriteRef: removed ? "removed" : "absent",
    notesFetch,
    linkedWorktrees,
  };
}

/** Removes what install added, wherever it is (husky files and git's hooks directory). */
export async function uninstallHooks(repo: Repo): Promise<HooksReport> {
  const target = await findHooksTarget(repo);
  const results: HookFileResult[] = [];
  for (const hook of [...managedHooks, ...retiredHooks]) {
    if (target.kind === "husky") {
      const huskyFile = path.join(target.dir, hook);
      results.push({ hook, file: huskyFile, action: await removeHuskyLine(huskyFile) });
      if (hooksHuskyLacks.has(hook)) {
        const runner = path.join(target.dir, "_", hook);
        results.push({ hook, file: runner, action: await removeHuskyRunner(runner) });
      }
    }
    const gitFile = path.join(ownHooksDir(repo), hook);
    results.push({ hook, file: gitFile, action: await uninstallGitHook(gitFile) });
  }
  if (target.kind === "husky") {
    const launcher = path.join(target.dir, huskyLauncherName);
    results.push({
      hook: huskyLauncherName,
      file: launcher,
      action: await removeHuskyLauncher(launcher),
    });
  }
  const removed = await removeGitConfigValue(repo.root, "notes.rewriteRef", notesRef);
  const notesFetch = await configureNotesFetch(repo, "remove");
  const linkedWorktrees = {
    action: await removeLinkedWorktreeHooks(repo),
    dir: linkedFolder(repo),
  };
  return {
    target,
    results,
    rewriteRef: removed ? "removed" : "absent",
    notesFetch,
    linkedWorktrees,
  };
}

/** Adds (or removes) every remote's notes fetch refspec; remotes added later: doctor tells. */
async function configureNotesFetch(
  repo: Repo,
  change: "add" | "remove",
): Promise<HooksReport["notesFetch"]> {
  const report: HooksReport["notesFetch"] = [];
  for (const remote of await listRemotes(repo.root)) {
    const key = `remote.${remote}.fetch`;
    const refspec = notesFetchRefspec(remote);
    const action: FileAction =
      change === "add"
        ? (await addGitConfigValue(repo.root, key, refspec))
          ? "added"
          : "unchanged"
        : (await removeGitConfigValue(repo.root, key, refspec))
          ? "removed"
          : "absent";
    report.push({ remote, action });
  }
  return report;
}

/** Takes intentguard out of the hooks earlier versions installed. */
async function removeRetired(repo: Repo, target: HooksTarget): Promise<HookFileResult[]> {
  const results: HookFileResult[] = [];
  for (const hook of retiredHooks) {
    const file = path.join(target.kind === "husky" ? target.dir : ownHooksDir(repo), hook);
    const action =
      target.kind === "husky" ? await removeHuskyLine(file) : await uninstallGitHook(file);
    if (action === "removed") results.push({ hook, file, action });
  }
  return results;
}

async function writeHuskyRunner(file: string): Promise<FileAction> {
  const existing = await readFile(file, "utf8").catch(() => undefined);
  if (existing?.trim() === huskyRunner) return "unchanged";
  writeFileAtomic(file, `${huskyRunner}\n`, 0o755);
  return existing === undefined ? "added" : "updated";
}

async function removeHuskyRunner(file: string): Promise<FileAction> {
  if (!existsSync(file)) return "absent";
  if ((await readFile(file, "utf8")).trim() !== huskyRunner) return "unchanged";
  await rm(file, { force: true });
  return "removed";
}

/**
 * Where git-mode hook files find the package. A hooks folder inside the work tree (core.hooksPath
 * set to a committed folder such as `.githooks`) may be shared: it names a package installed in
 * the repository relative to the root, like husky's launcher. A clone's own hooks folder names
 * it absolutely: the main work tree's package when there is one (every linked work tree shares
 * these hooks, and may be removed), else the one running.
 */
function gitHookShims(repo: Repo, hooksDir: string): ShimsLocation {
  const running = path.dirname(shimPath("pre-commit"));
  if (isInWorkTree(repo, hooksDir)) {
    // Relative when the package is in the repository; a package elsewhere has only its path.
    const packageDir = packageDirInRepo(repo);
    return packageDir === null
      ? { dir: running, committed: false }
      : { dir: `${packageDir}/hooks`, committed: true };
  }
  const main = path.join(path.dirname(repo.commonDir), "node_modules", "intentguard", "hooks");
  return { dir: existsSync(main) ? main : running, committed: false };
}

/**
 * How a husky hook file (tracked, shared by the team) calls a shim: through the launcher beside
 * it, named relative to the work tree root, where git starts hooks.
 */
function launcherCommand(repo: Repo, huskyDir: string, hook: string): string {
  const launcher = path.relative(repo.root, path.join(huskyDir, huskyLauncherName));
  return `sh ${shellQuote(launcher.split(path.sep).join("/"))} ${hook}`;
}

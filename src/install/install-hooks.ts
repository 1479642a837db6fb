import { existsSync } from "node:fs";
import { mkdir, readFile, rm } from "node:fs/promises";
import path from "node:path";
import { notesRef } from "../core/trace/notes-ref.js";
import { writeFileAtomic } from "../fs/atomic-write.js";
import { removeGitConfigValue } from "../git/config.js";
import type { Repo } from "../git/repo.js";
import { shellQuote } from "../report/shell-quote.js";
import { installGitHook, uninstallGitHook } from "./git-hook-file.js";
import { findHooksTarget, type HooksTarget } from "./hooks-target.js";
import { addHuskyLine, type FileAction, removeHuskyLine } from "./husky-hook-file.js";
import { hooksHuskyLacks, managedHooks, retiredHooks } from "./managed-hooks.js";
import { shimPath } from "./package-root.js";

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
  for (const hook of managedHooks) {
    const file = path.join(target.dir, hook);
    const action =
      target.kind === "husky"
        ? await addHuskyLine(file, shimCommand(repo, shimPath(hook)))
        : await installGitHook(file, hook, shimPath(hook));
    results.push({ hook, file, action });
    if (target.kind === "husky" && target.huskyInstalled && hooksHuskyLacks.has(hook)) {
      const runner = path.join(target.dir, "_", hook);
      results.push({ hook, file: runner, action: await writeHuskyRunner(runner) });
    }
  }
  results.push(...(await removeRetired(repo, target)));
  const removed = await removeGitConfigValue(repo.root, "notes.rewriteRef", notesRef);
  return { target, results, rewriteRef: removed ? "removed" : "absent" };
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
    const gitFile = path.join(repo.hooksDir, hook);
    results.push({ hook, file: gitFile, action: await uninstallGitHook(gitFile) });
  }
  const removed = await removeGitConfigValue(repo.root, "notes.rewriteRef", notesRef);
  return { target, results, rewriteRef: removed ? "removed" : "absent" };
}

/** Takes intentguard out of the hooks earlier versions installed. */
async function removeRetired(repo: Repo, target: HooksTarget): Promise<HookFileResult[]> {
  const results: HookFileResult[] = [];
  for (const hook of retiredHooks) {
    const file = path.join(target.kind === "husky" ? target.dir : repo.hooksDir, hook);
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
 * How a husky hook file (tracked, shared by the team) calls a shim: relative to the work tree
 * root, where git starts hooks, when the package is inside the repository; else absolute.
 */
function shimCommand(repo: Repo, shim: string): string {
  const relative = path.relative(repo.root, shim);
  const inside = !relative.startsWith("..") && !path.isAbsolute(relative);
  return shellQuote(inside ? `./${relative.split(path.sep).join("/")}` : shim);
}

import { mkdir } from "node:fs/promises";
import path from "node:path";
import { notesRef } from "../core/trace/notes-ref.js";
import { addGitConfigValue, removeGitConfigValue } from "../git/config.js";
import type { Repo } from "../git/repo.js";
import { shellQuote } from "../report/shell-quote.js";
import { installGitHook, uninstallGitHook } from "./git-hook-file.js";
import { findHooksTarget, type HooksTarget } from "./hooks-target.js";
import { addHuskyLine, type FileAction, removeHuskyLine } from "./husky-hook-file.js";
import { managedHooks } from "./managed-hooks.js";
import { shimPath } from "./package-root.js";

export interface HookFileResult {
  hook: string;
  file: string;
  action: FileAction;
}

export interface HooksReport {
  target: HooksTarget;
  results: HookFileResult[];
  /** notes.rewriteRef, so that amend and rebase carry our notes. */
  rewriteRef: FileAction;
}

/** Installs every managed hook where this repository's hooks run; idempotent. */
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
  }
  const added = await addGitConfigValue(repo.root, "notes.rewriteRef", notesRef);
  return { target, results, rewriteRef: added ? "added" : "unchanged" };
}

/** Removes what install added, wherever it is (husky files and git's hooks directory). */
export async function uninstallHooks(repo: Repo): Promise<HooksReport> {
  const target = await findHooksTarget(repo);
  const results: HookFileResult[] = [];
  for (const hook of managedHooks) {
    const huskyFile = target.kind === "husky" ? path.join(target.dir, hook) : undefined;
    if (huskyFile)
      results.push({ hook, file: huskyFile, action: await removeHuskyLine(huskyFile) });
    const gitFile = path.join(repo.hooksDir, hook);
    results.push({ hook, file: gitFile, action: await uninstallGitHook(gitFile) });
  }
  const removed = await removeGitConfigValue(repo.root, "notes.rewriteRef", notesRef);
  return { target, results, rewriteRef: removed ? "removed" : "absent" };
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

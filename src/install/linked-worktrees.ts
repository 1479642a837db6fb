import { existsSync, readdirSync } from "node:fs";
import { readFile, rm } from "node:fs/promises";
import path from "node:path";
import { writeFileAtomic } from "../fs/atomic-write.js";
import {
  addGitConfigValue,
  readGitConfigFile,
  removeEmptyConfigSection,
  removeGitConfigValue,
  setGitConfigFile,
} from "../git/config.js";
import type { Repo } from "../git/repo.js";
import type { FileAction } from "./husky-hook-file.js";
import { linkedHookMarker, linkedWorktreeHook } from "./linked-worktree-hook.js";
import { managedHooks } from "./managed-hooks.js";

/**
 * With husky, core.hooksPath is `.husky/_`, relative, and git resolves it in each work tree; but
 * husky generates `.husky/_/` per checkout (gitignored), so a linked work tree (`git worktree
 * add`) has none and git runs no hook there: its commits would land unjudged. No hook can mend
 * that as the work tree is made (`worktree add --no-checkout` on an existing branch runs none),
 * so the repository's config says it for every linked work tree at once: an includeIf for git
 * directories under `.git/worktrees/` (the `./` is the config file's folder, compared literally)
 * includes a config setting core.hooksPath to hook files that run the work tree's own husky
 * hooks. Plain config, no repository format change, and husky re-running (`git config
 * core.hooksPath .husky/_`) leaves it in place. The main work tree never matches.
 */
export const linkedFolderName = "intentguard-worktrees";
export const linkedIncludeSection = "includeIf.gitdir:./worktrees/";
/** The include in the repository's config: its key, and its value (relative to `.git/`). */
export const linkedInclude = {
  key: `${linkedIncludeSection}.path`,
  value: `${linkedFolderName}/config`,
};
const includeKey = linkedInclude.key;
const includeValue = linkedInclude.value;

/**
 * The hooks husky 9 runs (its list in `husky/index.js`), so that a linked work tree's user hooks
 * run as they do in the main work tree; with ours and any other runner husky made there.
 */
const huskyHooks = [
  "pre-commit",
  "pre-merge-commit",
  "prepare-commit-msg",
  "commit-msg",
  "post-commit",
  "applypatch-msg",
  "pre-applypatch",
  "post-applypatch",
  "pre-rebase",
  "post-rewrite",
  "post-checkout",
  "post-merge",
  "pre-push",
  "pre-auto-gc",
];

/** install's folder for linked work trees: the config the include names, and `hooks/`. */
export function linkedFolder(repo: Repo): string {
  return path.join(repo.commonDir, linkedFolderName);
}

/** Where git finds the hooks in every linked work tree once install has run. */
export function linkedHooksDir(repo: Repo): string {
  return path.join(linkedFolder(repo), "hooks");
}

/** The main work tree, beside the common git directory. */
function mainWorkTree(repo: Repo): string {
  return path.dirname(repo.commonDir);
}

/** Sets the linked work trees' hooks up for the husky folder `huskyDir`; idempotent. */
export async function installLinkedWorktreeHooks(
  repo: Repo,
  huskyDir: string,
): Promise<FileAction> {
  const configFile = path.join(linkedFolder(repo), "config");
  const hooksDir = linkedHooksDir(repo);
  const fresh = !existsSync(configFile);
  const relative = path.relative(repo.root, huskyDir).split(path.sep).join("/");
  const mainRunner = path.join(mainWorkTree(repo), relative, "_", "h");
  const hooks = hookNames(path.join(mainWorkTree(repo), relative, "_"));
  let changed = false;
  for (const hook of hooks) {
    const file = path.join(hooksDir, hook);
    const content = linkedWorktreeHook(hook, relative, mainRunner);
    if ((await readFile(file, "utf8").catch(() => undefined)) === content) continue;
    writeFileAtomic(file, content, 0o755);
    changed = true;
  }
  for (const entry of readdirSync(hooksDir)) {
    if (hooks.has(entry)) continue;
    const text = await readFile(path.join(hooksDir, entry), "utf8").catch(() => "");
    if (!text.includes(linkedHookMarker)) continue;
    await rm(path.join(hooksDir, entry), { force: true });
    changed = true;
  }
  if ((await readGitConfigFile(repo.root, configFile, "core.hooksPath")) !== hooksDir) {
    await setGitConfigFile(repo.root, configFile, "core.hooksPath", hooksDir);
    changed = true;
  }
  if (await addGitConfigValue(repo.root, includeKey, includeValue)) changed = true;
  return fresh ? "added" : changed ? "updated" : "unchanged";
}

/** Takes the linked work trees' hooks out: the include, then the folder. */
export async function removeLinkedWorktreeHooks(repo: Repo): Promise<FileAction> {
  const folder = linkedFolder(repo);
  const included = await removeGitConfigValue(repo.root, includeKey, includeValue);
  if (included) await removeEmptyConfigSection(repo.root, linkedIncludeSection);
  if (!included && !existsSync(folder)) return "absent";
  await rm(folder, { recursive: true, force: true });
  return "removed";
}

/** husky's hooks and ours, and any other runner husky made in the main work tree's `_/`. */
function hookNames(runnersDir: string): Set<string> {
  const names = new Set<string>([...huskyHooks, ...managedHooks]);
  const entries = existsSync(runnersDir) ? readdirSync(runnersDir) : [];
  for (const entry of entries) {
    if (entry !== "h" && entry !== "husky.sh" && /^[a-z-]+$/.test(entry)) names.add(entry);
  }
  return names;
}

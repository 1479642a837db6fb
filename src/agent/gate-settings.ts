import { closeSync, fstatSync, lstatSync, openSync, readdirSync, readSync } from "node:fs";
import path from "node:path";
import { agentHookConfigs } from "../core/agent/protected-paths.js";
import { textHash } from "../core/agent/text-hash.js";
import type { Environment } from "../environment.js";
import { readIfExists } from "../fs/read-if-exists.js";
import { gateConfig } from "../git/ref-values.js";
import type { Repo } from "../git/repo.js";
import { managedHooks } from "../install/managed-hooks.js";
import { packageRoot } from "../install/package-root.js";

/**
 * The gate's own settings by what they mean, by name: git's effective core.hooksPath and every
 * include (from all scopes: the repository's, the global and system files, what they include),
 * the content of each hook file where git runs hooks and of the package's shims they start, and
 * of each agent's hook configuration. Compared before and after an agent's shell command, a
 * change to any of these is the shell reaching for the gate; `git remote add`, `git push -u` or
 * `git config user.email` change none of them. Read from the files, starting no git.
 */
export function gateSettings(repo: Repo, env: Environment): Record<string, string> {
  const settings: Record<string, string> = {};
  const config = gateConfig(repo, env.home, env.configHome);
  const hooksPaths = config.filter((line) => line.includes(": core.hookspath="));
  settings["core.hooksPath"] = hooksPaths.join("\n");
  settings["include.path / includeIf"] = config
    .filter((line) => !hooksPaths.includes(line))
    .join("\n");
  const hooksPath = hooksPaths.map((line) => line.slice(line.indexOf("=") + 1)).at(-1);
  const hooksDir = hooksPath
    ? path.resolve(repo.root, hooksPath.replace(/^~(?=\/)/, env.home))
    : path.join(repo.commonDir, "hooks");
  // Each hook git runs, with husky's runner beside them (`.husky/_/h`, `husky.sh`).
  for (const hook of [...managedHooks, "h", "husky.sh"]) {
    settings[`${hook} hook`] = fingerprint(path.join(hooksDir, hook));
  }
  const pkg = packageRoot();
  for (const shim of listed(path.join(pkg, "hooks"))) {
    settings[`intentguard's ${shim} shim`] = fingerprint(path.join(pkg, "hooks", shim));
  }
  // What the shims and the agents' commands run: the package's bundles for the hooks, large, by
  // their size and their first and last 4 KB (npm ci putting the same version back changes
  // nothing) — but in intentguard's own checkout, whose bundles its own builds rewrite.
  if (path.resolve(pkg) !== path.resolve(repo.root)) {
    for (const bundle of listed(path.join(pkg, "dist")).filter(runByHooks)) {
      settings[`intentguard's dist/${bundle}`] = sampled(path.join(pkg, "dist", bundle));
    }
  }
  // The scripts the hooks source first: intentguard's and husky's for PATH (a line `exit 0` in
  // one lets every commit through).
  for (const script of [
    path.join(env.configHome, "intentguard", "init.sh"),
    path.join(env.configHome, "husky", "init.sh"),
    path.join(env.home, ".huskyrc"),
  ]) {
    settings[script] = fingerprint(script);
  }
  for (const entry of agentHookConfigs) {
    if (!entry.endsWith("/")) settings[entry] = fingerprint(path.join(repo.root, entry));
  }
  return settings;
}

/**
 * The names whose settings differ between two readings (gateSettings). Where core.hooksPath moved,
 * the hook files read there differ because of it: it alone is named.
 */
export function changedSettings(
  before: Readonly<Record<string, string>>,
  after: Readonly<Record<string, string>>,
): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  const changed = [...names].filter((name) => before[name] !== after[name]);
  const moved = changed.includes("core.hooksPath");
  return moved ? changed.filter((name) => !name.endsWith(" hook")) : changed;
}

/**
 * A file's content and whether it may run, fingerprinted (textHash and the mode's execute bits:
 * a hook made not executable is a hook switched off); `absent`, or `unreadable` (a folder, a FIFO).
 */
function fingerprint(file: string): string {
  try {
    const stat = lstatSync(file, { throwIfNoEntry: false });
    if (!stat) return "absent";
    const bytes = readIfExists(file, undefined, 1 << 20);
    return bytes === undefined
      ? "absent"
      : `${textHash(bytes.toString("latin1"))} ${(stat.mode & 0o111).toString(8)}`;
  } catch {
    return "unreadable";
  }
}

/** The bundles the hooks and the agents' commands run (src/bundle, scripts/build.mjs). */
function runByHooks(name: string): boolean {
  return /^(cli|shared|agent-hook|command-agent-hook|command-hook(-[a-z-]+)?)\.cjs$/.test(name);
}

/** A large file, fingerprinted by its size and its first and last 4 KB (`absent` when none). */
function sampled(file: string): string {
  let fd: number;
  try {
    fd = openSync(file, "r");
  } catch {
    return "absent";
  }
  try {
    const { size } = fstatSync(fd);
    const head = Buffer.alloc(Math.min(size, 4096));
    const tail = Buffer.alloc(Math.min(size, 4096));
    readSync(fd, head, 0, head.length, 0);
    readSync(fd, tail, 0, tail.length, Math.max(0, size - tail.length));
    return `${size} ${textHash(head.toString("latin1"))} ${textHash(tail.toString("latin1"))}`;
  } catch {
    return "unreadable";
  } finally {
    closeSync(fd);
  }
}

function listed(dir: string): string[] {
  try {
    return readdirSync(dir).sort();
  } catch {
    return [];
  }
}

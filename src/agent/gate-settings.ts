import { readdirSync, statSync } from "node:fs";
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
 * `git config user.email` change none of them. Read from the files, starting no git. Each small
 * file is read every time; a bundle whose identity, size and times are those `known` (an earlier
 * reading) saw is not read again — its change time moves with any write, and no one but the clock
 * sets it back (a process writing through a shared mapping can keep it: the threat model says so).
 */
export function gateSettings(
  repo: Repo,
  env: Environment,
  known: Readonly<Record<string, string>> = {},
): Record<string, string> {
  const fingerprint = (name: string, file: string) => {
    settings[name] = fingerprintOf(file);
  };
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
    fingerprint(`${hook} hook`, path.join(hooksDir, hook));
  }
  const pkg = packageRoot();
  for (const shim of listed(path.join(pkg, "hooks"))) {
    fingerprint(`intentguard's ${shim} shim`, path.join(pkg, "hooks", shim));
  }
  // What the shims and the agents' commands run: the package's bundles for the hooks, whole (npm
  // ci putting the same version back changes nothing) — but in intentguard's own checkout, whose
  // bundles its own builds rewrite.
  if (path.resolve(pkg) !== path.resolve(repo.root)) {
    for (const bundle of listed(path.join(pkg, "dist")).filter(runByHooks)) {
      const name = `intentguard's dist/${bundle}`;
      settings[name] = bundleFingerprint(path.join(pkg, "dist", bundle), known[name]);
    }
  }
  // Where git finds the repository's common directory (hooks, refs, configuration): a `commondir`
  // file in a main work tree's `.git` moves all of them, and the package the agent's command
  // finds in a linked work tree.
  fingerprint("git's commondir", path.join(repo.gitDir, "commondir"));
  // The scripts the hooks source first: intentguard's and husky's for PATH (a line `exit 0` in
  // one lets every commit through).
  for (const script of [
    path.join(env.configHome, "intentguard", "init.sh"),
    path.join(env.configHome, "husky", "init.sh"),
    path.join(env.home, ".huskyrc"),
  ]) {
    fingerprint(script, script);
  }
  for (const entry of agentHookConfigs) {
    if (!entry.endsWith("/")) fingerprint(entry, path.join(repo.root, entry));
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
  const meaning = (value: string | undefined) => value?.split("\t")[0];
  const changed = [...names].filter((name) => meaning(before[name]) !== meaning(after[name]));
  const moved = changed.includes("core.hooksPath");
  return moved ? changed.filter((name) => !name.endsWith(" hook")) : changed;
}

/**
 * A file's content and whether it may run, fingerprinted (textHash and the mode's execute bits:
 * a hook made not executable is a hook switched off); `absent`, or `unreadable` (a folder, a FIFO).
 */
function fingerprintOf(file: string): string {
  try {
    const stat = statSync(file, { throwIfNoEntry: false });
    const bytes = stat && readIfExists(file, undefined, 1 << 20);
    return bytes ? `${textHash(bytes)} ${(stat.mode & 0o111).toString(8)}` : "absent";
  } catch {
    return "unreadable";
  }
}

/** The bundles the hooks and the agents' commands run (src/bundle, scripts/build.mjs). */
function runByHooks(name: string): boolean {
  return /^(cli|shared|agent-hook|command-agent-hook|command-hook(-[a-z-]+)?)\.cjs$/.test(name);
}

/**
 * A bundle, fingerprinted whole (`absent` when none), then, after a tab, its identity and times:
 * a later reading that finds them unchanged takes `known` as it is.
 */
function bundleFingerprint(file: string, known: string | undefined): string {
  try {
    const stat = statSync(file, { throwIfNoEntry: false });
    if (!stat) return "absent";
    const seen = `\t${stat.dev}:${stat.ino}:${stat.size}:${stat.mtimeMs}:${stat.ctimeMs}`;
    if (known?.endsWith(seen)) return known;
    const bytes = readIfExists(file, undefined, 64 << 20);
    return bytes ? `${textHash(bytes)}${seen}` : "absent";
  } catch {
    return "unreadable";
  }
}

function listed(dir: string): string[] {
  try {
    return readdirSync(dir).sort();
  } catch {
    return [];
  }
}

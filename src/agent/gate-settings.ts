import {
  closeSync,
  fstatSync,
  openSync,
  readdirSync,
  readSync,
  type Stats,
  statSync,
} from "node:fs";
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
 * `git config user.email` change none of them. Read from the files, starting no git. A file whose
 * identity, size and times are those `known` (an earlier reading) saw is not read again: its
 * change time moves with any write, and no one but the clock sets it back.
 */
export function gateSettings(
  repo: Repo,
  env: Environment,
  known: Readonly<Record<string, string>> = {},
): Record<string, string> {
  const fingerprint = (name: string, file: string) => {
    settings[name] = fingerprintOf(file, known[name]);
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
  // What the shims and the agents' commands run: the package's bundles for the hooks, large, by
  // their size and their first and last 4 KB (npm ci putting the same version back changes
  // nothing) — but in intentguard's own checkout, whose bundles its own builds rewrite.
  if (path.resolve(pkg) !== path.resolve(repo.root)) {
    for (const bundle of listed(path.join(pkg, "dist")).filter(runByHooks)) {
      const name = `intentguard's dist/${bundle}`;
      settings[name] = sampled(path.join(pkg, "dist", bundle), known[name]);
    }
  }
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
 * After a tab, the file's identity and times: what lets the next reading reuse this one.
 */
function fingerprintOf(file: string, known: string | undefined): string {
  try {
    const stat = statSync(file, { throwIfNoEntry: false });
    if (!stat) return "absent";
    const seen = seenAs(stat);
    if (known?.endsWith(seen)) return known;
    const bytes = readIfExists(file, undefined, 1 << 20);
    return bytes === undefined
      ? "absent"
      : `${textHash(bytes)} ${(stat.mode & 0o111).toString(8)}${seen}`;
  } catch {
    return "unreadable";
  }
}

/** A file's identity, size and times: any write, rename over or chmod changes the change time. */
function seenAs(stat: Stats): string {
  return `\t${stat.dev}:${stat.ino}:${stat.size}:${stat.mtimeMs}:${stat.ctimeMs}`;
}

/** The bundles the hooks and the agents' commands run (src/bundle, scripts/build.mjs). */
function runByHooks(name: string): boolean {
  return /^(cli|shared|agent-hook|command-agent-hook|command-hook(-[a-z-]+)?)\.cjs$/.test(name);
}

/** A large file, fingerprinted by its size and its first and last 4 KB (`absent` when none). */
function sampled(file: string, known: string | undefined): string {
  let fd: number;
  try {
    fd = openSync(file, "r");
  } catch {
    return "absent";
  }
  try {
    const stat = fstatSync(fd);
    const { size } = stat;
    const seen = seenAs(stat);
    if (known?.endsWith(seen)) return known;
    const head = Buffer.alloc(Math.min(size, 4096));
    const tail = Buffer.alloc(Math.min(size, 4096));
    readSync(fd, head, 0, head.length, 0);
    readSync(fd, tail, 0, tail.length, Math.max(0, size - tail.length));
    return `${size} ${textHash(head)} ${textHash(tail)}${seen}`;
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

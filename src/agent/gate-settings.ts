import { readdirSync } from "node:fs";
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
  for (const hook of managedHooks) {
    settings[`${hook} hook`] = fingerprint(path.join(hooksDir, hook));
  }
  const shims = path.join(packageRoot(), "hooks");
  for (const shim of listed(shims)) {
    settings[`intentguard's ${shim} shim`] = fingerprint(path.join(shims, shim));
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

/** A file's content, fingerprinted (textHash); `absent`, or `unreadable` (a folder, a FIFO). */
function fingerprint(file: string): string {
  try {
    const bytes = readIfExists(file, undefined, 1 << 20);
    return bytes === undefined ? "absent" : textHash(bytes.toString("latin1"));
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

import { readdirSync, rmSync } from "node:fs";
import path from "node:path";
import type { ConfigProblem } from "../core/config/config-problem.js";
import { defaultPolicy } from "../core/config/default-policy.js";
import type { IntentsFile } from "../core/config/intents-schema.js";
import type { Policy } from "../core/config/policy-schema.js";
import { isCachedGovernance } from "../core/governance/cached-governance.js";
import type { Governance } from "../core/governance/governance.js";
import { intentsFilePath, policyFilePath } from "../core/governance/governance-files.js";
import { appendAll } from "../core/unbounded-arrays.js";
import { ConfigError } from "../errors.js";
import { writeFileAtomic } from "../fs/atomic-write.js";
import { readIfExists } from "../fs/read-if-exists.js";
import { version } from "../version.js";
import {
  fileLabel,
  type GovernanceLocation,
  type GovernanceSnapshot,
} from "./governance-snapshot.js";

const cacheEntriesKept = 32;

/**
 * The layout of a cache entry, in its file name: raised whenever compiled governance changes shape
 * (2: scope globs compiled to segments instead of picomatch regular expressions, and denyFolded;
 * 3: the policy's governance and paths sections; 4: its agents section),
 * so an entry an earlier layout wrote is never read, even by a build that kept the version number.
 * A change of shape is a type error in src/core/governance/cached-governance.ts until its check follows:
 * raise this number in the same change.
 */
const cacheFormat = 4;

/**
 * Turns a snapshot into compiled governance; null when it has no intents file. Compiled
 * governance is cached under the work tree's state directory, keyed by the content of both files,
 * the intentguard version and the cache format: a hook whose governance has not changed reads one
 * small JSON file instead of loading the YAML parser and zod. The cache only saves time: an entry
 * that cannot be read or does not have the exact shape is compiled again (and rewritten), and a
 * state directory that cannot be written is not an error. Invalid files fail with a ConfigError
 * naming file and line.
 */
export async function compileSnapshot(
  snapshot: GovernanceSnapshot,
  stateDir: string | null,
): Promise<Governance | null> {
  if (snapshot.intents === null) return null;
  const compiled = compiledHere.get(snapshot.contentKey);
  if (compiled) return compiled;
  const cacheFile = stateDir
    ? path.join(stateDir, "cache", `rules-${cacheFormat}-${version}-${snapshot.contentKey}.json`)
    : null;
  const cached = cacheFile ? readCached(cacheFile) : null;
  if (cached) return remember(snapshot.contentKey, cached);
  const governance = await parseGovernance(snapshot, snapshot.intents);
  if (cacheFile) storeInCache(cacheFile, governance);
  return remember(snapshot.contentKey, governance);
}

/**
 * Governance compiled in this process, by content key: a range check or a rebase judges thousands
 * of commits against a handful of distinct rules, and content named by git's object IDs never
 * changes. Only successes are kept: an error names the commit it was read from.
 */
const compiledHere = new Map<string, Governance>();

function remember(contentKey: string, governance: Governance): Governance {
  compiledHere.set(contentKey, governance);
  return governance;
}

/** The cached compiled governance; null when there is none, or none that can be trusted. */
function readCached(cacheFile: string): Governance | null {
  try {
    const text = readIfExists(cacheFile)?.toString("utf8");
    if (text === undefined) return null;
    const cached: unknown = JSON.parse(text);
    return isCachedGovernance(cached) ? cached : null;
  } catch {
    return null; // unreadable or not JSON: compiled again
  }
}

async function parseGovernance(
  snapshot: GovernanceSnapshot,
  intentsText: string,
): Promise<Governance> {
  const [{ parseConfig }, { compileGovernance }, intentsSchema, policySchema] = await Promise.all([
    import("../core/config/parse-config.js"),
    import("../core/governance/compile-governance.js"),
    import("../core/config/intents-schema.js"),
    import("../core/config/policy-schema.js"),
  ]);
  const location = snapshot.location;
  const problems: ConfigProblem[] = [];
  const intents = await parseConfig(
    fileLabel(location, intentsFilePath),
    intentsText,
    intentsSchema.IntentsFile,
  );
  if (!intents.ok) appendAll(problems, intents.problems);
  let policy: Policy = defaultPolicy;
  if (snapshot.policy !== null) {
    const parsed = await parseConfig(
      fileLabel(location, policyFilePath),
      snapshot.policy,
      policySchema.Policy,
    );
    if (parsed.ok) policy = parsed.value;
    else appendAll(problems, parsed.problems);
  }
  if (problems.length > 0 || !intents.ok) throw new ConfigError(problems, repairAdvice(location));
  return compileGovernance(intents.value as IntentsFile, policy, snapshot.policy !== null);
}

function repairAdvice(location: GovernanceLocation): string {
  if (location.kind === "commit" || location.kind === "in-force") {
    return `Fix the file and commit it on its own (a governance commit is allowed while the committed rules are broken); until then intentguard blocks every other commit.`;
  }
  if (location.kind === "index") return "Fix the file, stage it with git add, and commit again.";
  return "Fix the file and run the command again.";
}

function storeInCache(cacheFile: string, governance: Governance): void {
  try {
    writeFileAtomic(cacheFile, JSON.stringify(governance));
    pruneCache(cacheFile);
  } catch {
    // A read-only git directory only costs speed: the next run parses again.
  }
}

/** Keeps the cache small: past the limit, every entry but the one just written goes. */
function pruneCache(keep: string): void {
  const directory = path.dirname(keep);
  const entries = readdirSync(directory).filter((name) => name.startsWith("rules-"));
  if (entries.length <= cacheEntriesKept) return;
  for (const name of entries) {
    if (name !== path.basename(keep)) rmSync(path.join(directory, name), { force: true });
  }
}

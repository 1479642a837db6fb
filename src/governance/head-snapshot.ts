import path from "node:path";
import { writeFileAtomic } from "../fs/atomic-write.js";
import { readIfExists } from "../fs/read-if-exists.js";
import { headCommit } from "../git/head-commit.js";
import type { Repo } from "../git/repo.js";
import { type GovernanceSnapshot, snapshotFromGit } from "./governance-snapshot.js";

/**
 * HEAD's governance files, remembered per work tree by HEAD's commit ID: a commit's files never
 * change, so while HEAD stays where it is, an agent's hook (called before and after every edit)
 * reads them without starting git. A cache that cannot be read or written only costs the git
 * process it would have saved.
 */
export async function headSnapshot(repo: Repo): Promise<GovernanceSnapshot> {
  const commit = headCommit(repo);
  const file = path.join(repo.stateDir, "cache", "head-rules.json");
  if (commit) {
    const cached = readCached(file, commit);
    if (cached) return cached;
  }
  const snapshot = await snapshotFromGit(repo.root, { kind: "commit", rev: "HEAD" });
  if (commit && snapshot.commit === commit) {
    try {
      writeFileAtomic(file, JSON.stringify(snapshot));
    } catch {
      // no cache this time
    }
  }
  return snapshot;
}

function readCached(file: string, commit: string): GovernanceSnapshot | null {
  try {
    const value = JSON.parse(
      readIfExists(file)?.toString("utf8") ?? "null",
    ) as GovernanceSnapshot | null;
    const valid =
      value?.commit === commit &&
      value.location?.kind === "commit" &&
      (value.intents === null || typeof value.intents === "string") &&
      (value.policy === null || typeof value.policy === "string") &&
      typeof value.contentKey === "string";
    return valid ? value : null;
  } catch {
    return null;
  }
}

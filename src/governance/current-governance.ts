import type { Governance } from "../core/governance/governance.js";
import type { Repo } from "../git/repo.js";
import { compileSnapshot } from "./compile-snapshot.js";
import {
  describeLocation,
  type GovernanceLocation,
  snapshotFromGit,
  snapshotFromWorktree,
} from "./governance-snapshot.js";

export interface CurrentGovernance {
  governance: Governance;
  location: GovernanceLocation;
  /** Set when the intents are not committed yet (before the adoption commit). */
  uncommitted: string | null;
}

/**
 * The governance commands like `select` show: HEAD's, which judges the next commit; before the
 * adoption commit, the staged or working-copy file, said as such. Null when there is none anywhere.
 */
export async function currentGovernance(repo: Repo): Promise<CurrentGovernance | null> {
  const head = await snapshotFromGit(repo.root, { kind: "commit", rev: "HEAD" });
  const committed = await compileSnapshot(head, repo.stateDir);
  if (committed) return { governance: committed, location: head.location, uncommitted: null };
  for (const snapshot of [
    await snapshotFromGit(repo.root, { kind: "index" }),
    await snapshotFromWorktree(repo.root),
  ]) {
    const governance = await compileSnapshot(snapshot, repo.stateDir);
    if (governance) {
      const where = describeLocation(snapshot.location);
      return {
        governance,
        location: snapshot.location,
        uncommitted: `the intents are not committed yet; showing those in ${where}`,
      };
    }
  }
  return null;
}

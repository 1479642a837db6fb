import type { Rules } from "../core/rules.js";
import type { Repo } from "../git/repo.js";
import { compileSnapshot } from "./compile-snapshot.js";
import {
  describeLocation,
  type RulesLocation,
  snapshotFromGit,
  snapshotFromWorktree,
} from "./rules-snapshot.js";

export interface CurrentRules {
  rules: Rules;
  location: RulesLocation;
  /** Set when the rules are not committed yet (before the adoption commit). */
  uncommitted: string | null;
}

/**
 * The rules commands like `select` show: HEAD's, which judge the next commit; before the adoption
 * commit, the staged or working-copy file, said as such. Null when there is none anywhere.
 */
export async function currentRules(repo: Repo): Promise<CurrentRules | null> {
  const head = await snapshotFromGit({ kind: "commit", rev: "HEAD" });
  const committed = await compileSnapshot(head, repo.stateDir);
  if (committed) return { rules: committed, location: head.location, uncommitted: null };
  for (const snapshot of [
    await snapshotFromGit({ kind: "index" }),
    await snapshotFromWorktree(repo.root),
  ]) {
    const rules = await compileSnapshot(snapshot, repo.stateDir);
    if (rules) {
      const where = describeLocation(snapshot.location);
      return {
        rules,
        location: snapshot.location,
        uncommitted: `the intents are not committed yet; showing those in ${where}`,
      };
    }
  }
  return null;
}

import { intentsFilePath, policyFilePath } from "../core/governance/governance-files.js";
import { type ChangeToJudge, judgeChange } from "../core/judge/judge-change.js";
import type { VerdictNote } from "../core/judge/verdict.js";
import type { Repo } from "../git/repo.js";
import { compileSnapshot } from "../governance/compile-snapshot.js";
import {
  describeLocation,
  type GovernanceSnapshot,
  snapshotFromGit,
  snapshotFromWorktree,
} from "../governance/governance-snapshot.js";

/**
 * When a commit is blocked while the staged or working-copy governance differs from the
 * committed one, says so: users edit the intents file and expect the edit to apply at once. It
 * does not — a commit is judged by its parent's governance so no commit can widen its own
 * scope — and the note says how to proceed. Runs only after a block, never on the allowed path.
 */
export async function pendingGovernanceNotes(
  repo: Repo,
  committed: GovernanceSnapshot,
  input: ChangeToJudge,
): Promise<VerdictNote[]> {
  const candidates = [
    await snapshotFromGit(repo.root, { kind: "index" }),
    await snapshotFromWorktree(repo.root),
  ];
  for (const candidate of candidates) {
    if (candidate.intents === committed.intents && candidate.policy === committed.policy) continue;
    const governance = await compileSnapshot(candidate, repo.stateDir).catch(() => null);
    const where = describeLocation(candidate.location);
    const paths = [
      ...(candidate.intents === committed.intents ? [] : [intentsFilePath]),
      ...(candidate.policy === committed.policy ? [] : [policyFilePath]),
    ];
    if (!governance) {
      return [{ kind: "pending-governance", where, paths, valid: false, wouldAllow: false }];
    }
    const wouldAllow = judgeChange({ ...input, governance }).outcome === "allowed";
    return [{ kind: "pending-governance", where, paths, valid: true, wouldAllow }];
  }
  return [];
}

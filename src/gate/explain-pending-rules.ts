import { type ChangeUnderCheck, evaluateChange } from "../core/check/evaluate-change.js";
import { intentsFilePath } from "../core/governance.js";
import type { Repo } from "../git/repo.js";
import { compileSnapshot } from "../rules/compile-snapshot.js";
import {
  describeLocation,
  type RulesSnapshot,
  snapshotFromGit,
  snapshotFromWorktree,
} from "../rules/rules-snapshot.js";

/**
 * When a commit is blocked while the staged or working-copy rules differ from the committed ones,
 * says so: users edit the intents file and expect the edit to apply at once. It does not — a
 * commit is judged by its parent's rules so no commit can widen its own scope — and the note says
 * how to proceed. Runs only after a block, never on the allowed path.
 */
export async function explainPendingRules(
  repo: Repo,
  committed: RulesSnapshot,
  input: ChangeUnderCheck,
): Promise<string[]> {
  const candidates = [
    await snapshotFromGit({ kind: "index" }),
    await snapshotFromWorktree(repo.root),
  ];
  for (const candidate of candidates) {
    if (candidate.intents === committed.intents && candidate.policy === committed.policy) continue;
    const rules = await compileSnapshot(candidate, repo.stateDir).catch(() => null);
    const where = describeLocation(candidate.location);
    if (!rules) {
      return [`the rules in ${where} differ from the committed ones, and are not valid yet`];
    }
    const wouldAllow = evaluateChange({ ...input, rules }).outcome === "allowed";
    return [
      `the rules in ${where} differ from the committed ones${wouldAllow ? " and would allow this commit" : ""}, ` +
        "but a commit is judged by the rules of its parent, so no commit can widen its own scope. " +
        `Commit the rules on their own first (git commit -m "…" -- ${intentsFilePath}), then commit this change.`,
    ];
  }
  return [];
}

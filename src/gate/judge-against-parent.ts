import type { FileChange } from "../core/file-change.js";
import type { Governance } from "../core/governance.js";
import { intentsFilePath, isGovernancePath } from "../core/governance-files.js";
import { resolveIntentRequest } from "../core/intent-request.js";
import { judgeChange } from "../core/judge/judge-change.js";
import type { Verdict } from "../core/judge/verdict.js";
import type { Environment } from "../environment.js";
import { ConfigError, IntentguardError } from "../errors.js";
import type { Repo } from "../git/repo.js";
import { compileSnapshot } from "../governance/compile-snapshot.js";
import { type GovernanceSnapshot, snapshotFromGit } from "../governance/governance-snapshot.js";
import { pendingGovernanceNotes } from "./pending-governance.js";

export interface ChangeWithParent {
  repo: Repo;
  /** The governance as it stands in the first parent; null when there is no parent. */
  parentGovernance: GovernanceSnapshot | null;
  changes: FileChange[];
  merge: boolean;
  /** `--intent` on the command line. */
  flagIntent?: string | undefined;
  /** Values of the message's `Intent:` trailers (commit-msg only). */
  trailers?: readonly string[] | undefined;
  /** This work tree's selected intent. */
  selection: string | undefined;
  /** pre-commit: without an intent, leave the decision to commit-msg. */
  deferWithoutIntent: boolean;
  env: Environment;
}

/**
 * Judges a change against its parent's governance: resolves the intent, judges, validates the
 * governance a governance change leaves behind, and after a block explains governance that is
 * edited but not committed yet. Returns the governance it judged by, so callers need not read it
 * again.
 */
export async function judgeAgainstParent(
  change: ChangeWithParent,
): Promise<{ verdict: Verdict; governance: Governance }> {
  const { repo, changes, env } = change;
  const resolved = resolveIntentRequest({
    flag: change.flagIntent,
    env: env.intent,
    trailers: change.trailers,
    selection: change.selection,
  });
  const { governance, adoption, repairing } = await governanceForParent(
    repo,
    change.parentGovernance,
    changes,
  );
  const input = {
    governance,
    adoption,
    changes,
    resolved,
    agent: env.agent,
    deferWithoutIntent: change.deferWithoutIntent,
    merge: change.merge,
  };
  const verdict = judgeChange(input);
  if (repairing) verdict.notes.push({ kind: "repairing-governance" });
  // Adoption and repair compiled the staged governance already; any other change to it is checked here.
  if (verdict.touches_rules && !adoption && !repairing)
    await validateStagedGovernance(repo, verdict);
  if (verdict.outcome === "blocked" && !adoption && change.parentGovernance) {
    verdict.notes.push(...(await pendingGovernanceNotes(repo, change.parentGovernance, input)));
  }
  return { verdict, governance };
}

function touchesGovernance(change: FileChange): boolean {
  return (
    isGovernancePath(change.path) || (change.oldPath !== null && isGovernancePath(change.oldPath))
  );
}

/**
 * The governance of the first parent. Without an intents file there, this is the adoption
 * commit, judged on its own staged governance being valid. Broken committed governance blocks
 * everything except a governance change that repairs it.
 */
async function governanceForParent(
  repo: Repo,
  snapshot: GovernanceSnapshot | null,
  changes: FileChange[],
): Promise<{ governance: Governance; adoption: boolean; repairing: boolean }> {
  try {
    const governance = snapshot ? await compileSnapshot(snapshot, repo.stateDir) : null;
    if (governance) return { governance, adoption: false, repairing: false };
  } catch (error) {
    const repairs =
      error instanceof ConfigError && changes.length > 0 && changes.every(touchesGovernance);
    if (!repairs) throw error;
    const staged = await stagedGovernance(repo);
    if (staged) return { governance: staged, adoption: false, repairing: true };
    throw error;
  }
  const staged = await stagedGovernance(repo);
  if (staged) return { governance: staged, adoption: true, repairing: false };
  throw new IntentguardError(
    `This repository has no ${intentsFilePath}, neither committed nor staged, so intentguard cannot tell which intents may commit. ` +
      "Run `intentguard init` to create it, then commit it (the adoption commit); or skip the hooks for one command with INTENTGUARD=0.",
  );
}

function stagedGovernance(repo: Repo): Promise<Governance | null> {
  return snapshotFromGit(repo.root, { kind: "index" }).then((staged) =>
    compileSnapshot(staged, repo.stateDir),
  );
}

/** A governance change must leave valid governance behind: the next commit is judged by it. */
async function validateStagedGovernance(repo: Repo, verdict: Verdict): Promise<void> {
  const staged = await stagedGovernance(repo);
  if (!staged) verdict.notes.push({ kind: "removes-intents-file" });
}

import type { FileChange } from "../core/changeset.js";
import { evaluateChange } from "../core/check/evaluate-change.js";
import type { Verdict } from "../core/check/verdict.js";
import { intentsFilePath, isGovernancePath } from "../core/governance.js";
import { resolveIntentRequest } from "../core/intent-request.js";
import type { Rules } from "../core/rules.js";
import { ConfigError, IntentguardError } from "../errors.js";
import type { Repo } from "../git/repo.js";
import { compileSnapshot } from "../rules/compile-snapshot.js";
import { type RulesSnapshot, snapshotFromGit } from "../rules/rules-snapshot.js";
import { explainPendingRules } from "./explain-pending-rules.js";

export interface ChangeToJudge {
  repo: Repo;
  /** The rules as they stand in the first parent; null when there is no parent. */
  parentRules: RulesSnapshot | null;
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
}

/**
 * Judges a change against its parent's rules: resolves the intent, evaluates, validates the rules
 * a governance change leaves behind, and after a block explains rules that are edited but not
 * committed yet. Returns the rules it judged by, so callers need not read them again.
 */
export async function judgeChange(
  change: ChangeToJudge,
): Promise<{ verdict: Verdict; rules: Rules }> {
  const { repo, changes } = change;
  const resolved = resolveIntentRequest({
    flag: change.flagIntent,
    env: process.env.INTENTGUARD_INTENT,
    trailers: change.trailers,
    selection: change.selection,
  });
  const { rules, adoption, repairing } = await rulesForParent(repo, change.parentRules, changes);
  const input = {
    rules,
    adoption,
    changes,
    resolved,
    agent: process.env.INTENTGUARD_AGENT?.trim() || null,
    deferWithoutIntent: change.deferWithoutIntent,
    merge: change.merge,
  };
  const verdict = evaluateChange(input);
  if (repairing) {
    verdict.notes.push("the committed rules are malformed; this governance change replaces them");
  }
  // Adoption and repair compiled the staged rules already; any other rules change is checked here.
  if (verdict.touches_rules && !adoption && !repairing) await validateStagedRules(repo, verdict);
  if (verdict.outcome === "blocked" && !adoption && change.parentRules) {
    verdict.notes.push(...(await explainPendingRules(repo, change.parentRules, input)));
  }
  return { verdict, rules };
}

function touchesGovernance(change: FileChange): boolean {
  return (
    isGovernancePath(change.path) || (change.oldPath !== null && isGovernancePath(change.oldPath))
  );
}

/**
 * The rules of the first parent. Without an intents file there, this is the adoption commit,
 * judged on its own staged rules being valid. Broken committed rules block everything except a
 * governance change that repairs them.
 */
async function rulesForParent(
  repo: Repo,
  snapshot: RulesSnapshot | null,
  changes: FileChange[],
): Promise<{ rules: Rules; adoption: boolean; repairing: boolean }> {
  try {
    const rules = snapshot ? await compileSnapshot(snapshot, repo.stateDir) : null;
    if (rules) return { rules, adoption: false, repairing: false };
  } catch (error) {
    const repairs =
      error instanceof ConfigError && changes.length > 0 && changes.every(touchesGovernance);
    if (!repairs) throw error;
    const staged = await stagedRules(repo);
    if (staged) return { rules: staged, adoption: false, repairing: true };
    throw error;
  }
  const staged = await stagedRules(repo);
  if (staged) return { rules: staged, adoption: true, repairing: false };
  throw new IntentguardError(
    `This repository has no ${intentsFilePath}, neither committed nor staged, so intentguard cannot tell which intents may commit. ` +
      "Run `intentguard init` to create it, then commit it (the adoption commit); or skip the hooks for one command with INTENTGUARD=0.",
  );
}

function stagedRules(repo: Repo): Promise<Rules | null> {
  return snapshotFromGit({ kind: "index" }).then((staged) =>
    compileSnapshot(staged, repo.stateDir),
  );
}

/** A governance change must leave valid rules behind: the next commit is judged by them. */
async function validateStagedRules(repo: Repo, verdict: Verdict): Promise<void> {
  const staged = await stagedRules(repo);
  if (!staged) {
    verdict.notes.push(
      `this commit removes ${intentsFilePath}: commits after it are no longer governed by intentguard`,
    );
  }
}

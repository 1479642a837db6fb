import type { Intent } from "../core/config/intents-schema.js";
import type { Governance } from "../core/governance/governance.js";
import type { GrantState } from "../core/scope/effective-scope.js";
import { creditOf } from "../core/trace/commit-credit.js";
import { ExitCode, FailureError } from "../errors.js";
import type { Repo } from "../git/repo.js";
import { type InvalidNoteLine, recordsInRange } from "../trace/read-records.js";
import { compileSnapshot } from "./compile-snapshot.js";
import { snapshotFromGit, snapshotFromWorktree } from "./governance-snapshot.js";

/** The working copy's intents and policy, compiled, and whether they differ from HEAD's. */
export interface WorkingIntents {
  governance: Governance;
  /** The working copy's intents file is not the one HEAD has (edited, or not committed yet). */
  uncommitted: boolean;
}

/**
 * The intents as the lifecycle commands leave them: the working copy's file (with the working
 * copy's policy, which decides which approvals count). Missing is exit 2; invalid, exit 2 naming
 * file, line and field.
 */
export async function workingIntents(repo: Repo): Promise<WorkingIntents> {
  const [worktree, head] = await Promise.all([
    snapshotFromWorktree(repo.root),
    snapshotFromGit(repo.root, { kind: "commit", rev: "HEAD" }),
  ]);
  const governance = await compileSnapshot(worktree, null);
  if (!governance) {
    throw new FailureError({ kind: "intents-file-missing", lint: false }, ExitCode.CannotEvaluate);
  }
  return { governance, uncommitted: head.intents !== worktree.intents };
}

/** How a grant stands, as list, show and lint name it. */
export type GrantApproval = "approved" | "not approved" | "stale" | "approver not allowed";

export function grantApproval(state: GrantState): GrantApproval {
  return state.reason === "signature mismatch" ? "stale" : state.reason;
}

/** The grants of an intent with how each stands under the policy. */
export function grantStates(governance: Governance, intent: Intent): GrantState[] {
  return governance.scopes[intent.id]?.grants ?? [];
}

/** owned_scope's patterns plus those of the grants that count. */
export function scopeSize(governance: Governance, intent: Intent): number {
  const granted = grantStates(governance, intent)
    .filter((grant) => grant.counted)
    .reduce((sum, grant) => sum + grant.paths.length, 0);
  return intent.owned_scope.length + granted;
}

export interface TracedCommits {
  /** Traced commits in HEAD's history per intent ID. */
  byIntent: Map<string, number>;
  /** Note lines that are not trace records (skipped, as trace log skips them). */
  invalid: InvalidNoteLine[];
}

/**
 * The traced commits of HEAD's history, counted per intent as trace log credits them: a rules
 * change or a merge that authors nothing is no intent's commit, whatever its trailer says.
 */
export async function tracedCommits(repo: Repo): Promise<TracedCommits> {
  const { records, invalid } = await recordsInRange(repo.root, "HEAD");
  const commits = new Map<string, Set<string>>();
  for (const record of records) {
    const credit = creditOf(record);
    if (credit.kind !== "intent" || credit.id === null) continue;
    const seen = commits.get(credit.id) ?? new Set<string>();
    seen.add(record.vcs.revision_id);
    commits.set(credit.id, seen);
  }
  return {
    byIntent: new Map([...commits].map(([id, seen]) => [id, seen.size])),
    invalid,
  };
}

import type { FileChange } from "../core/commit/file-change.js";
import type { Governance } from "../core/governance/governance.js";
import { isGovernancePath } from "../core/governance/governance-files.js";
import type { ResolvedRequest } from "../core/intent/intent-request.js";
import { onlyAddsGrantRequests } from "../core/judge/grant-requests-only.js";
import { judgeChange } from "../core/judge/judge-change.js";
import type { AgentRulesChange, GovernanceLeft } from "../core/judge/rules/rule.js";
import type { Verdict, VerdictNote } from "../core/judge/verdict.js";
import { ConfigError, ExitCode, FailureError } from "../errors.js";
import type { Repo } from "../git/repo.js";
import { compileSnapshot } from "../governance/compile-snapshot.js";
import type { GovernanceSnapshot } from "../governance/governance-snapshot.js";
import type { AgentMade } from "./agent-made.js";
import { pendingGovernanceNotes } from "./pending-governance.js";

/**
 * A change to judge — what is staged, or a commit — with what its judgement needs. Staged
 * changes and commits go through the same code: only where their governance files come from
 * differs.
 */
export interface ChangeWithParent {
  repo: Repo;
  /** The governance as it stands in the first parent; null when there is no parent. */
  parentGovernance: GovernanceSnapshot | null;
  /** The governance files as the change leaves them (the index, or the commit's tree). */
  ownGovernance: () => Promise<GovernanceSnapshot>;
  /**
   * For a parent without the intents file: the governance of the history before the commit that
   * removed it (null when the history never had one, so this is an adoption or ungoverned).
   */
  governanceBeforeRemoval: () => Promise<{
    snapshot: GovernanceSnapshot;
    removedBy: string;
  } | null>;
  changes: FileChange[];
  merge: boolean;
  resolved: ResolvedRequest;
  /** The committing agent's ID (INTENTGUARD_AGENT), null for a person. */
  agent: string | null;
  /**
   * An agent makes the change, as its trailers or its environment declare (agent-made.ts): a
   * change of the rules it makes is judged as such. Absent or null for a person.
   */
  agentMade?: AgentMade | null;
  /**
   * The rules of the change's first parent, when they are not the rules it is judged by (a commit
   * landing on rules that moved on since it was made): what an agent's change does to the rules
   * is measured from there. Absent: from the rules it is judged by.
   */
  firstParentRules?: () => Promise<GovernanceSnapshot | null>;
  /** pre-commit: without an intent, leave the decision to the commit as it lands. */
  deferWithoutIntent: boolean;
  /** Paths about to be touched (check --paths), not a staged change or a commit. */
  intended?: boolean;
  /** After a block, say when the staged or working-copy governance differs from the parent's. */
  explainPending: boolean;
}

export type Judgement =
  | { kind: "judged"; verdict: Verdict; governance: Governance }
  /** No governance anywhere in the change's history, and the change adds none. */
  | { kind: "ungoverned" };

/**
 * Judges a change against its parent's governance: finds that governance (its own for the
 * adoption commit; the one before a removal of the intents file), judges, checks the governance
 * a governance change leaves behind, and after a block explains governance that is edited but
 * not committed yet. Returns the governance it judged by, so callers need not read it again.
 */
export async function judgeAgainstParent(change: ChangeWithParent): Promise<Judgement> {
  const found = await governanceOfParent(change);
  if (found.kind === "ungoverned") return found;
  const { governance, adoption, repairing, notes } = found;
  const input = {
    governance,
    adoption,
    changes: change.changes,
    resolved: change.resolved,
    agent: change.agent,
    deferWithoutIntent: change.deferWithoutIntent,
    merge: change.merge,
    intended: change.intended ?? false,
    ...(adoption || repairing || !change.changes.some(touchesGovernance)
      ? {}
      : { governanceLeft: await governanceLeft(change) }),
    ...(adoption || !change.agentMade || !change.changes.some(touchesGovernance)
      ? {}
      : { agentRulesChange: await agentRulesChange(change, change.agentMade, governance) }),
  };
  const verdict = judgeChange(input);
  verdict.notes.push(...notes);
  if (repairing) verdict.notes.push({ kind: "repairing-governance" });
  if (
    verdict.outcome === "blocked" &&
    verdict.kind !== "governance" && // the rules change is what was judged: nothing pending
    !adoption &&
    change.explainPending &&
    change.parentGovernance
  ) {
    verdict.notes.push(
      ...(await pendingGovernanceNotes(change.repo, change.parentGovernance, input)),
    );
  }
  return { kind: "judged", verdict, governance };
}

/** The error a hook or `check --staged` gives when there is no governance to judge by. */
export function noGovernanceError(): FailureError {
  return new FailureError({ kind: "no-governance" }, ExitCode.CannotEvaluate);
}

function touchesGovernance(change: FileChange): boolean {
  return (
    isGovernancePath(change.path) || (change.oldPath !== null && isGovernancePath(change.oldPath))
  );
}

type ParentGovernance =
  | {
      kind: "found";
      governance: Governance;
      adoption: boolean;
      repairing: boolean;
      notes: VerdictNote[];
    }
  | { kind: "ungoverned" };

/**
 * The governance of the first parent. Without an intents file there: the governance before the
 * commit that removed it, if one did (a removal never frees the history after it); else this is
 * the adoption commit, judged on its own governance being valid, or history that was never
 * governed. Broken committed governance blocks everything except a governance change that
 * repairs it.
 */
async function governanceOfParent(change: ChangeWithParent): Promise<ParentGovernance> {
  const { repo } = change;
  try {
    const parent = change.parentGovernance
      ? await compileSnapshot(change.parentGovernance, repo.stateDir)
      : null;
    if (parent) {
      return { kind: "found", governance: parent, adoption: false, repairing: false, notes: [] };
    }
  } catch (error) {
    const repairs =
      error instanceof ConfigError &&
      change.changes.length > 0 &&
      change.changes.every(touchesGovernance);
    if (!repairs) throw error;
    const own = await compileSnapshot(await change.ownGovernance(), repo.stateDir);
    if (own) return { kind: "found", governance: own, adoption: false, repairing: true, notes: [] };
    throw error;
  }
  const before = change.parentGovernance ? await change.governanceBeforeRemoval() : null;
  if (before) {
    const governance = await compileSnapshot(before.snapshot, repo.stateDir);
    if (governance) {
      const notes: VerdictNote[] = [{ kind: "intents-restored-from", commit: before.removedBy }];
      return { kind: "found", governance, adoption: false, repairing: false, notes };
    }
  }
  const own = await compileSnapshot(await change.ownGovernance(), repo.stateDir);
  if (own) return { kind: "found", governance: own, adoption: true, repairing: false, notes: [] };
  return { kind: "ungoverned" };
}

/** A governance change must leave valid governance behind: the next commit is judged by it. */
/** An agent's change of the rules: whether all it does is add grant requests to them. */
async function agentRulesChange(
  change: ChangeWithParent,
  made: AgentMade,
  inForce: Governance,
): Promise<AgentRulesChange> {
  let before: Governance | null = inForce;
  let own: Governance | null = null;
  try {
    own = await compileSnapshot(await change.ownGovernance(), change.repo.stateDir);
    const parent = change.firstParentRules ? await change.firstParentRules() : null;
    if (parent) before = await compileSnapshot(parent, change.repo.stateDir);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error; // invalid rules are no mere request
    own = null;
  }
  const onlyGrantRequests = own !== null && before !== null && onlyAddsGrantRequests(before, own);
  return { ...made, onlyGrantRequests };
}

async function governanceLeft(change: ChangeWithParent): Promise<GovernanceLeft> {
  try {
    const own = await compileSnapshot(await change.ownGovernance(), change.repo.stateDir);
    return own ? { valid: true } : { valid: false, removed: true };
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    return { valid: false, removed: false, problems: error.message };
  }
}

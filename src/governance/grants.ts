import { type Clock, isoSeconds } from "../core/clock.js";
import { defaultPolicy } from "../core/config/default-policy.js";
import type { Intent } from "../core/config/intents-schema.js";
import type { Policy } from "../core/config/policy-schema.js";
import { effectiveScope, type GrantState } from "../core/scope/effective-scope.js";
import { compileGlob } from "../core/scope/glob.js";
import { judgeGrantRequest } from "../core/scope/grant-request.js";
import { normalisePattern } from "../core/scope/normalise-pattern.js";
import { type ReviewDecision, reviewDecision } from "../core/scope/review-decision.js";
import { scopeSignature } from "../core/scope/scope-signature.js";
import type { Environment } from "../environment.js";
import { ExitCode, FailureError } from "../errors.js";
import { committerEmail } from "../git/config.js";
import type { Repo } from "../git/repo.js";
import { stagedDiff } from "../git/staged-diff.js";
import { appendLedgerEvent, type LedgerEvent } from "../ledger/ledger.js";
import { currentGovernance } from "./current-governance.js";
import {
  type IntentsDocument,
  intentIndex,
  openIntentsDocument,
  saveIntentsDocument,
  setScalarIn,
} from "./intents-document.js";
import { runReviewer } from "./run-reviewer.js";

/** A grant as the commands name it: its intent and its 1-based number in extended_scope. */
export interface GrantChange {
  intent: Intent;
  grant: number;
  paths: string[];
  ledger: LedgerEvent[];
  /** False when the intents file had to be written out in the yaml package's layout. */
  layoutKept: boolean;
  /** The policy requires the governance commit that records this to be signed by an approver. */
  signed: boolean;
}

/**
 * The policy an approval will be judged by: HEAD's (a governance commit is judged by its parent's
 * rules), the default before adoption.
 */
async function judgingPolicy(repo: Repo): Promise<Policy> {
  return (await currentGovernance(repo))?.governance.policy ?? defaultPolicy;
}

function signedRules(policy: Policy): boolean {
  return policy.governance.require_signed_by_approver;
}

/**
 * Appends an unapproved grant of `rawPaths` to the intent, each path validated like every scope
 * pattern; refused (exit 1) when a path is forbidden to the intent, when the grant adds nothing,
 * or when a grant of the same paths exists.
 */
export async function requestGrant(
  repo: Repo,
  clock: Clock,
  id: string,
  rawPaths: readonly string[],
  justification: string,
): Promise<GrantChange & { reviewer: boolean }> {
  const opened = await openIntentsDocument(repo.root);
  const index = intentIndex(opened, id);
  const intent = opened.intents.active_intents[index] as Intent;
  const paths = rawPaths.map(validPattern);
  const policy = await judgingPolicy(repo);
  const refusal = judgeGrantRequest(intent, policy, paths);
  if (refusal) {
    const reviewer = policy.extended_scope.reviewer !== undefined;
    throw new FailureError({ kind: "grant-refused", intent, refusal, reviewer }, ExitCode.Blocked);
  }
  const grants = ["active_intents", index, "extended_scope"];
  const grant = opened.document.createNode({ paths, justification });
  if (opened.document.hasIn(grants)) opened.document.addIn(grants, grant);
  else opened.document.setIn(grants, opened.document.createNode([{ paths, justification }]));
  await touch(opened, index, isoSeconds(clock.now()));
  const { layoutKept } = await saveIntentsDocument(opened, clock);
  const number = intent.extended_scope.length + 1;
  const ledger = await appendLedgerEvent(repo, clock, {
    event: "scope_requested",
    intent_id: id,
    grant: number,
    paths,
  });
  const reviewer = policy.extended_scope.reviewer !== undefined;
  return {
    intent,
    grant: number,
    paths,
    ledger,
    layoutKept,
    signed: signedRules(policy),
    reviewer,
  };
}

function validPattern(raw: string): string {
  const normalised = normalisePattern(raw);
  if (!normalised.ok) {
    throw new FailureError(
      { kind: "grant-path-invalid", path: raw, ...normalised },
      ExitCode.CannotEvaluate,
    );
  }
  const compiled = compileGlob(normalised.pattern);
  if (!compiled.ok) {
    throw new FailureError(
      { kind: "grant-path-invalid", path: raw, problem: compiled.problem, fix: compiled.fix },
      ExitCode.CannotEvaluate,
    );
  }
  return normalised.pattern;
}

/**
 * Records a person's approval of a grant: `by` is git's committer e-mail here (user.email, or
 * GIT_COMMITTER_EMAIL), which must be one of the
 * policy's approvers when it lists them, and never the intent's assigned agent, nor any agent
 * the environment says runs this (core/agent/agent-environment.ts); the signature binds the approval
 * to the grant's paths.
 */
export async function approveGrant(
  repo: Repo,
  clock: Clock,
  env: Environment,
  id: string,
  grantNumber: number | undefined,
): Promise<GrantChange & { by: string }> {
  if (env.agentProcess) {
    // An approval is a person's act: an agent approving its own request would widen its scope.
    const { agent, variable } = env.agentProcess;
    throw new FailureError(
      { kind: "approval-by-agent", intent: id, agent, variable },
      ExitCode.Blocked,
    );
  }
  const opened = await openIntentsDocument(repo.root);
  const index = intentIndex(opened, id);
  const intent = opened.intents.active_intents[index] as Intent;
  const policy = await judgingPolicy(repo);
  const state = chooseGrant(intent, policy, grantNumber);
  if (state.counted) {
    // Approving again would only put another name over a valid approval.
    const current = intent.extended_scope[state.grant]?.approval?.by;
    throw new FailureError(
      { kind: "grant-approved-already", intent: id, grant: state.grant + 1, by: current },
      ExitCode.CannotEvaluate,
    );
  }
  const by = await committerEmail(repo.root);
  if (!by) {
    throw new FailureError({ kind: "approver-email-missing" }, ExitCode.CannotEvaluate);
  }
  const agent = intent.assigned_agent;
  if (agent !== undefined && (by === agent || env.agent === agent)) {
    throw new FailureError(
      { kind: "approval-by-assigned-agent", intent: id, agent },
      ExitCode.Blocked,
    );
  }
  const { approvers } = policy.extended_scope;
  if (approvers.length > 0 && !approvers.includes(by)) {
    throw new FailureError({ kind: "approver-not-allowed", by, approvers }, ExitCode.Blocked);
  }
  const signature = scopeSignature(intent.id, state.paths);
  const at = isoSeconds(clock.now());
  setGrantField(opened, index, state.grant, "approval", { by, at, signature });
  await touch(opened, index, at);
  const { layoutKept } = await saveIntentsDocument(opened, clock);
  const number = state.grant + 1;
  const ledger = await appendLedgerEvent(repo, clock, {
    event: "scope_approved",
    intent_id: id,
    grant: number,
    by,
    signature,
  });
  return {
    intent,
    grant: number,
    paths: state.paths,
    ledger,
    by,
    layoutKept,
    signed: signedRules(policy),
  };
}

/**
 * Has the policy's reviewer command decide a grant: the request (intent, grant, justification,
 * the staged diff of its paths) as JSON on stdin; the decision and the reviewer's reasons are
 * recorded on the grant (an approval as reviewer:<name> when approved) and in the ledger. Every
 * failure of the reviewer is a rejection.
 */
export async function reviewGrant(
  repo: Repo,
  clock: Clock,
  id: string,
  grantNumber: number | undefined,
): Promise<GrantChange & { reviewer: string; review: ReviewDecision }> {
  const policy = await judgingPolicy(repo);
  const reviewer = policy.extended_scope.reviewer;
  if (!reviewer) {
    throw new FailureError({ kind: "reviewer-missing" }, ExitCode.CannotEvaluate);
  }
  const opened = await openIntentsDocument(repo.root);
  const index = intentIndex(opened, id);
  const intent = opened.intents.active_intents[index] as Intent;
  const state = chooseGrant(intent, policy, grantNumber);
  const grant = intent.extended_scope[state.grant];
  const diff = await stagedDiff(repo.root, state.paths);
  const request = {
    version: 1,
    intent: {
      id: intent.id,
      name: intent.name,
      status: intent.status,
      owned_scope: intent.owned_scope,
      forbidden_scope: intent.forbidden_scope,
    },
    grant: { number: state.grant + 1, paths: state.paths, justification: grant?.justification },
    diff: diff === "" ? null : diff,
  };
  const { output, exit } = await runReviewer(
    reviewer.command,
    `${JSON.stringify(request)}\n`,
    repo.root,
    reviewer.timeout_seconds,
    clock,
  );
  const review = reviewDecision(output, exit);
  const by = `reviewer:${reviewer.name}`;
  const at = isoSeconds(clock.now());
  // The file is read again after the review (which may take minutes): an edit made meanwhile is
  // kept, or this write is refused, never overwritten.
  const fresh = await openIntentsDocument(repo.root);
  const freshIndex = intentIndex(fresh, id);
  const freshGrant = fresh.intents.active_intents[freshIndex]?.extended_scope[state.grant];
  if (!freshGrant || scopeSignature(id, freshGrant.paths) !== scopeSignature(id, state.paths)) {
    throw new FailureError(
      {
        kind: "grant-changed-in-review",
        intent: id,
        grant: state.grant + 1,
        decision: review.decision,
      },
      ExitCode.CannotEvaluate,
    );
  }
  setGrantField(fresh, freshIndex, state.grant, "review", {
    by,
    at,
    decision: review.decision,
    reasons: review.reasons,
  });
  if (review.decision === "APPROVED") {
    setGrantField(fresh, freshIndex, state.grant, "approval", {
      by,
      at,
      signature: scopeSignature(id, state.paths),
    });
  }
  await touch(fresh, freshIndex, at);
  const { layoutKept } = await saveIntentsDocument(fresh, clock);
  const ledger = await appendLedgerEvent(repo, clock, {
    event: "scope_reviewed",
    intent_id: id,
    grant: state.grant + 1,
    reviewer: by,
    decision: review.decision,
    reasons: review.reasons,
  });
  return {
    intent,
    grant: state.grant + 1,
    paths: state.paths,
    ledger,
    reviewer: by,
    review,
    layoutKept,
    signed: signedRules(policy),
  };
}

/**
 * The grant a command acts on: `--grant N` (1-based), else the one grant that does not count yet;
 * exit 2 when there is none to act on, or several and no choice.
 */
function chooseGrant(intent: Intent, policy: Policy, grantNumber: number | undefined): GrantState {
  const grants = effectiveScope(intent, policy).grants;
  if (grantNumber !== undefined) {
    const chosen = grants[grantNumber - 1];
    if (!chosen) throw grantNotChosen(intent, grants, grantNumber);
    return chosen;
  }
  const pending = grants.filter((grant) => !grant.counted);
  if (pending.length === 1 && pending[0]) return pending[0];
  throw grantNotChosen(intent, grants, undefined);
}

function grantNotChosen(
  intent: Intent,
  grants: readonly GrantState[],
  asked: number | undefined,
): FailureError {
  return new FailureError(
    { kind: "grant-not-chosen", intent, grants, asked },
    ExitCode.CannotEvaluate,
  );
}

function setGrantField(
  opened: IntentsDocument,
  index: number,
  grant: number,
  field: "approval" | "review",
  value: Record<string, string>,
): void {
  const node = opened.document.createNode(value);
  node.flow = field === "approval";
  opened.document.setIn(["active_intents", index, "extended_scope", grant, field], node);
}

/** Sets the intent's `updated_at` to `at` (the time of the change it records). */
function touch(opened: IntentsDocument, index: number, at: string): Promise<void> {
  return setScalarIn(opened, ["active_intents", index, "updated_at"], at);
}

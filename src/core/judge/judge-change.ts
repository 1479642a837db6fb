import type { FileChange } from "../commit/file-change.js";
import type { Governance } from "../governance/governance.js";
import { intentMapPath } from "../governance/governance-files.js";
import type { IntentRequest, ResolvedRequest } from "../intent/intent-request.js";
import { type PathPolicy, pathPolicy } from "../scope/path-policy.js";
import { agentGovernance } from "./rules/agent-governance.js";
import { assignedAgent } from "./rules/assigned-agent.js";
import { governanceInvalid } from "./rules/governance-invalid.js";
import { governanceIsolation } from "./rules/governance-isolation.js";
import { intentConflict } from "./rules/intent-conflict.js";
import { intentRequired } from "./rules/intent-required.js";
import { intentStatus } from "./rules/intent-status.js";
import { intentUnknown } from "./rules/intent-unknown.js";
import type { AgentRulesChange, GovernanceLeft, JudgeRule, RuleInput } from "./rules/rule.js";
import { scope } from "./rules/scope.js";
import { type TouchedPaths, touchedPaths } from "./touched-paths.js";
import {
  type Finding,
  type PathVerdict,
  type Verdict,
  type VerdictNote,
  verdictSchemaVersion,
} from "./verdict.js";

/** Everything a verdict depends on: judging the same change twice gives the same verdict. */
export interface ChangeToJudge {
  /** The governance of the parent commit (for an adoption commit: its own, validated). */
  governance: Governance;
  /** The parent has no intents file: this commit adopts intentguard. */
  adoption: boolean;
  /** What the commit authors (for a merge: the paths that differ from every parent). */
  changes: readonly FileChange[];
  resolved: ResolvedRequest;
  /** The committing agent's ID (INTENTGUARD_AGENT), null for a person. */
  agent: string | null;
  /** pre-commit cannot see the message: without an intent it leaves the decision to the landing. */
  deferWithoutIntent: boolean;
  merge: boolean;
  /**
   * The change is paths about to be touched (check --paths), not staged yet: it is split by
   * leaving paths out of it, not by unstaging them.
   */
  intended?: boolean;
  /**
   * For a change that touches the governance files: whether the governance it leaves behind is
   * valid (the next commit is judged by it). Absent when not checked (an adoption validates its
   * own governance before it is judged).
   */
  governanceLeft?: GovernanceLeft;
  /**
   * For a change that touches the rules and that an agent makes: which agent, how that is known,
   * and whether all it changes is adding grant requests (grant-requests-only.ts). Absent for a
   * person's change.
   */
  agentRulesChange?: AgentRulesChange;
}

/**
 * Judges a change against its governance. Pure: the same input always gives the same verdict.
 * The rules are one per file in rules/; this is the flow: which of them run, in which order, and
 * where a verdict is decided early.
 */
export function judgeChange(change: ChangeToJudge): Verdict {
  const paths = touchedPaths(change.changes);
  const build = verdictBuilder(change, paths);
  if (change.adoption) {
    for (const entry of paths.others) {
      entry.admitted = true;
      entry.origin = "governance";
    }
    return build("allowed", "adoption", null, [], [{ kind: "adoption" }]);
  }
  if (paths.all.length === 0) {
    const note: VerdictNote = change.merge
      ? { kind: "merge-authors-nothing" }
      : { kind: "no-files" };
    return build("allowed", change.merge ? "merge" : "empty", null, [], [note]);
  }
  const input: RuleInput = {
    governance: change.governance,
    changes: change.changes,
    paths,
    resolved: change.resolved,
    agent: change.agent,
    intended: change.intended === true,
    ...(change.governanceLeft ? { governanceLeft: change.governanceLeft } : {}),
    ...(change.agentRulesChange ? { agentRulesChange: change.agentRulesChange } : {}),
    scoped: null,
    intent: null,
  };
  const findings = apply(input, [governanceInvalid, agentGovernance]);
  if (paths.others.length === 0) {
    const note: VerdictNote = paths.governance.every((entry) => entry.path === intentMapPath)
      ? { kind: "intent-map-only" }
      : { kind: "governance-only" };
    return build(outcomeOf(findings), "governance", null, findings, [note]);
  }
  const isolation = apply(input, [governanceIsolation]);
  findings.push(...isolation);
  if (isolation.some((finding) => finding.severity === "error")) {
    return build(outcomeOf(findings), "intent", null, findings);
  }
  const policy = pathPolicy(change.governance.policy.paths);
  const needing = pathsNeedingIntent(paths.others, policy);
  if (needing.length === 0) {
    return build(outcomeOf(findings), "no-intent", null, findings, [{ kind: "no-intent-needed" }]);
  }
  input.scoped = { paths: needing, policy, partial: needing.length < paths.others.length };
  return judgeIntent(change, input, findings, build);
}

/** The findings of each rule, in order. */
function apply(input: RuleInput, rules: readonly JudgeRule[]): Finding[] {
  return rules.flatMap((rule) => rule(input));
}

/** Resolves the intent and judges the paths that need one in place. */
function judgeIntent(
  change: ChangeToJudge,
  input: RuleInput,
  findings: Finding[],
  build: BuildVerdict,
): Verdict {
  const { request } = change.resolved;
  if ("conflict" in change.resolved) {
    findings.push(...apply(input, [intentConflict]));
    return build(outcomeOf(findings), "intent", null, findings);
  }
  if (!request) {
    if (change.deferWithoutIntent) return build("deferred", "no-intent", null, findings);
    findings.push(...apply(input, [intentRequired]));
    return build(outcomeOf(findings), "no-intent", null, findings);
  }
  input.intent = change.governance.intents.find((intent) => intent.id === request.id) ?? null;
  if (!input.intent) {
    findings.push(...apply(input, [intentUnknown]));
    return build(outcomeOf(findings), "intent", request, findings);
  }
  findings.push(...apply(input, [intentStatus, assignedAgent, scope]));
  return build(outcomeOf(findings), "intent", request, findings);
}

/**
 * The paths that need an intent (policy paths.require_intent, and every protected path); the
 * others are admitted as needing none, and no scope applies to them. A commit touching only those
 * needs no intent at all, like a governance change.
 */
function pathsNeedingIntent(others: PathVerdict[], policy: PathPolicy): PathVerdict[] {
  const needing: PathVerdict[] = [];
  for (const entry of others) {
    if (policy.needsIntent(entry.path)) {
      needing.push(entry);
    } else {
      entry.admitted = true;
      entry.origin = "no-intent-needed";
    }
  }
  return needing.length === others.length ? others : needing;
}

type BuildVerdict = (
  outcome: Verdict["outcome"],
  kind: Verdict["kind"],
  request: IntentRequest | null,
  findings: Finding[],
  notes?: VerdictNote[],
) => Verdict;

function verdictBuilder(input: ChangeToJudge, paths: TouchedPaths): BuildVerdict {
  return (outcome, kind, request, findings, notes = []) => ({
    version: verdictSchemaVersion,
    outcome,
    kind,
    intent: request ? describeIntent(input.governance, request) : null,
    findings,
    notes,
    path_count: paths.distinct,
    touches_rules: paths.governance.some((entry) => entry.path !== intentMapPath),
    paths: paths.all,
  });
}

function outcomeOf(findings: Finding[]): Verdict["outcome"] {
  return findings.some((finding) => finding.severity === "error") ? "blocked" : "allowed";
}

function describeIntent(governance: Governance, request: IntentRequest): Verdict["intent"] {
  const intent = governance.intents.find((candidate) => candidate.id === request.id);
  const scope = governance.scopes[request.id];
  return {
    id: request.id,
    name: intent?.name ?? null,
    status: intent?.status ?? null,
    source: request.source,
    scope:
      intent && scope
        ? {
            owned: intent.owned_scope,
            extended: scope.grants.filter((grant) => grant.counted).flatMap((grant) => grant.paths),
            forbidden: intent.forbidden_scope,
          }
        : null,
  };
}

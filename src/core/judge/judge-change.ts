import { closestMatch } from "../closest-match.js";
import type { Intent } from "../config/intents-schema.js";
import type { RuleName } from "../config/policy-schema.js";
import type { FileChange } from "../file-change.js";
import { type Governance, selectableIntents } from "../governance.js";
import { intentMapPath, intentsFilePath } from "../governance-files.js";
import { describeSource, type IntentRequest, type ResolvedRequest } from "../intent-request.js";
import type { GrantState } from "../scope/effective-scope.js";
import {
  type GuardedAdmission,
  type GuardedAdmitter,
  guardedAdmitter,
  type PathPolicy,
  pathPolicy,
} from "../scope/path-policy.js";
import { type PendingGrant, pendingGrantFinder } from "../scope/pending-grants.js";
import { type TouchedPaths, touchedPaths } from "./touched-paths.js";
import {
  type Advice,
  type Finding,
  type IntentLabel,
  type PathVerdict,
  type RenamedPath,
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

/** An agent's change of the rules, as the use case found it. */
export interface AgentRulesChange {
  agent: string;
  /** What declares it an agent: its trailers, or the variable of the environment it commits from. */
  declaredBy: string;
  onlyGrantRequests: boolean;
}

/** The governance a governance change leaves behind. */
export type GovernanceLeft =
  | { valid: true }
  | { valid: false; removed: true }
  | { valid: false; removed: false; problems: string };

/** Judges a change against its governance. Pure: the same input always gives the same verdict. */
export function judgeChange(input: ChangeToJudge): Verdict {
  const paths = touchedPaths(input.changes);
  const build = verdictBuilder(input, paths);
  if (input.adoption) {
    for (const entry of paths.others) {
      entry.admitted = true;
      entry.origin = "governance";
    }
    return build("allowed", "adoption", null, [], [{ kind: "adoption" }]);
  }
  if (paths.all.length === 0) {
    const note: VerdictNote = input.merge
      ? { kind: "merge-authors-nothing" }
      : { kind: "no-files" };
    return build("allowed", input.merge ? "merge" : "empty", null, [], [note]);
  }
  const findings: Finding[] = [];
  const left = governanceLeftFinding(input.governanceLeft);
  if (paths.governance.length > 0 && left) findings.push(left);
  const byAgent = agentGovernanceFinding(input, paths.governance);
  if (byAgent) findings.push(byAgent);
  if (paths.others.length === 0) {
    const note: VerdictNote = paths.governance.every((entry) => entry.path === intentMapPath)
      ? { kind: "intent-map-only" }
      : { kind: "governance-only" };
    return build(outcomeOf(findings), "governance", null, findings, [note]);
  }
  if (paths.governance.length > 0) {
    const isolation = governanceIsolation(input.governance, paths.governance, paths.others);
    if (isolation) findings.push(isolation);
    if (isolation?.severity === "error")
      return build(outcomeOf(findings), "intent", null, findings);
  }
  const policyPaths = pathPolicy(input.governance.policy.paths);
  const needing = pathsNeedingIntent(paths.others, policyPaths);
  if (needing.length === 0) {
    return build(outcomeOf(findings), "no-intent", null, findings, [{ kind: "no-intent-needed" }]);
  }
  const scoped: Scoped = {
    paths: needing,
    policy: policyPaths,
    partial: needing.length < paths.others.length,
  };
  return judgeIntent(input, scoped, findings, build);
}

/** The paths an intent's scope judges: those that need an intent (policy paths). */
interface Scoped {
  paths: PathVerdict[];
  policy: PathPolicy;
  /** Some touched paths need no intent (policy paths.require_intent). */
  partial: boolean;
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

/** Resolves the intent and judges the paths that need one in place. */
function judgeIntent(
  input: ChangeToJudge,
  scoped: Scoped,
  findings: Finding[],
  build: BuildVerdict,
): Verdict {
  const { governance, resolved } = input;
  const request = resolved.request;
  if ("conflict" in resolved) {
    findings.push({
      rule: "intent_conflict",
      severity: "error",
      message: `conflicting intents: ${resolved.conflict}`,
      paths: [],
      advice: [{ kind: "declare-one-intent" }],
    });
    return build(outcomeOf(findings), "intent", null, findings);
  }
  if (!request) {
    if (input.deferWithoutIntent) return build("deferred", "no-intent", null, findings);
    const severity = severityOf(governance, "intent_required");
    if (severity) findings.push(noIntentFinding(governance, severity, scoped));
    return build(outcomeOf(findings), "no-intent", null, findings);
  }
  const intent = governance.intents.find((candidate) => candidate.id === request.id);
  if (!intent) {
    findings.push(unknownIntentFinding(governance, request));
    return build(outcomeOf(findings), "intent", request, findings);
  }
  const statusFinding = intentStatusFinding(governance, intent);
  if (statusFinding) findings.push(statusFinding);
  const agentFinding = assignedAgentFinding(governance, intent, input.agent);
  if (agentFinding) findings.push(agentFinding);
  const refused = judgeScope(governance, intent, scoped);
  findings.push(...scopeFindings(input, intent, scoped.policy, refused));
  return build(outcomeOf(findings), "intent", request, findings);
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

function severityOf(governance: Governance, rule: RuleName): "error" | "warn" | null {
  const level = governance.policy.rules[rule];
  return level === "off" ? null : level;
}

function governanceIsolation(
  governance: Governance,
  governancePaths: PathVerdict[],
  others: PathVerdict[],
): Finding | null {
  const severity = severityOf(governance, "governance_isolation");
  if (!severity) return null;
  const rulesPaths = unique(governancePaths.map((entry) => entry.path));
  const otherPaths = unique(others.map((entry) => entry.path));
  return {
    rule: "governance_isolation",
    severity,
    message: `a governance change (${rulesPaths.join(", ")}) must touch nothing else, and this one also touches ${count(otherPaths.length, "other path")}`,
    paths: otherPaths,
    advice: [
      { kind: "commit-governance-first", paths: rulesPaths },
      { kind: "commit-rest-under-intent" },
    ],
  };
}

/**
 * An agent may not change the rules that bind it (policy `agent_governance`, judged by the rules
 * in force, so the change cannot switch it off for itself), but to ask for scope.
 */
function agentGovernanceFinding(
  input: ChangeToJudge,
  governancePaths: PathVerdict[],
): Finding | null {
  const change = input.agentRulesChange;
  if (!change || change.onlyGrantRequests) return null;
  const rulesPaths = unique(
    governancePaths.map((entry) => entry.path).filter((path) => path !== intentMapPath),
  );
  if (rulesPaths.length === 0) return null;
  const severity = severityOf(input.governance, "agent_governance");
  if (!severity) return null;
  return {
    rule: "agent_governance",
    severity,
    message: `an agent (${change.agent}, by ${change.declaredBy}) changes the rules (${rulesPaths.join(", ")}): the rules that bind agents change by a person's commit; an agent may only add grant requests`,
    paths: rulesPaths,
    advice: [{ kind: "rules-change-by-person" }],
  };
}

function governanceLeftFinding(left: GovernanceLeft | undefined): Finding | null {
  if (!left || left.valid) return null;
  if (left.removed) {
    return {
      rule: "governance_invalid",
      severity: "error",
      message: `the change removes ${intentsFilePath} (or renames it): the intents may be changed, never removed, or every later commit would escape the gate`,
      paths: [intentsFilePath],
      advice: [{ kind: "restore-intents-file" }],
    };
  }
  return {
    rule: "governance_invalid",
    severity: "error",
    message: `the governance the change leaves behind is invalid, and the next commit would be judged by it:\n${left.problems}`,
    paths: [],
    advice: [{ kind: "fix-governance" }],
  };
}

function noIntentFinding(
  governance: Governance,
  severity: "error" | "warn",
  scoped: Scoped,
): Finding {
  const advice: Advice[] = [selectionAdvice(governance), { kind: "add-intent-trailer" }];
  if (!scoped.partial) {
    return {
      rule: "intent_required",
      severity,
      message: "the commit declares no intent",
      paths: [],
      advice,
    };
  }
  // Some paths need no intent: name the ones that do, which also says how to split the commit.
  const needing = unique(scoped.paths.map((entry) => entry.path));
  const policy = `policy paths.require_intent${scoped.policy.protects ? " and paths.protected" : ""}`;
  return {
    rule: "intent_required",
    severity,
    message: `the commit declares no intent, and ${count(needing.length, "path")} ${needing.length === 1 ? "needs" : "need"} one (${policy})`,
    paths: needing,
    advice,
  };
}

function unknownIntentFinding(governance: Governance, request: IntentRequest): Finding {
  const known = governance.intents.map((intent) => intent.id);
  const guess = closestMatch(request.id, known);
  return {
    rule: "intent_unknown",
    severity: "error",
    message: `intent ${request.id} (from ${describeSource(request.source)}) does not exist in ${intentsFilePath} as committed${guess ? `; did you mean ${guess}?` : ""}`,
    paths: [],
    advice: [selectionAdvice(governance)],
  };
}

function selectionAdvice(governance: Governance): Advice {
  return { kind: "select-intent", intents: selectableIntents(governance).map(label) };
}

function label(intent: Intent): IntentLabel {
  return { id: intent.id, name: intent.name };
}

function intentStatusFinding(governance: Governance, intent: Intent): Finding | null {
  const severity = severityOf(governance, "intent_status");
  if (!severity || intent.status === "IN_PROGRESS") return null;
  return {
    rule: "intent_status",
    severity,
    message: `intent ${intent.id} (${intent.name}) is ${intent.status}; only an IN_PROGRESS intent authorises commits`,
    paths: [],
    advice: [selectionAdvice(governance), { kind: "set-in-progress", intent: intent.id }],
  };
}

function assignedAgentFinding(
  governance: Governance,
  intent: Intent,
  agent: string | null,
): Finding | null {
  const severity = severityOf(governance, "assigned_agent");
  if (!severity || !intent.assigned_agent || agent === null || agent === intent.assigned_agent) {
    return null;
  }
  return {
    rule: "assigned_agent",
    severity,
    message: `intent ${intent.id} is assigned to agent ${intent.assigned_agent}, and this commit comes from agent ${agent}`,
    paths: [],
    advice: [{ kind: "commit-as-assigned-agent", intent: intent.id, agent: intent.assigned_agent }],
  };
}

/** A path the scope does not admit, with why. */
interface Refused {
  entry: PathVerdict;
  admission: Extract<GuardedAdmission, { admitted: false }>;
}

/** Fills in each path's verdict and returns the ones the scope does not admit. */
function judgeScope(governance: Governance, intent: Intent, scoped: Scoped): Refused[] {
  const scope = governance.scopes[intent.id];
  const outside = { admitted: false, reason: "outside" } as const;
  if (!scope) return scoped.paths.map((entry) => ({ entry, admission: outside }));
  const admit = guardedAdmitter(scope, scoped.policy);
  const refused: Refused[] = [];
  for (const entry of scoped.paths) {
    const admission = admit(entry.path);
    if (admission.admitted) {
      entry.admitted = true;
      entry.pattern = admission.by.pattern;
      entry.origin = admission.by.origin;
      continue;
    }
    if (admission.reason === "forbidden") {
      entry.pattern = admission.by.pattern;
      entry.origin = "forbidden";
    } else if (admission.reason === "protected") {
      entry.pattern = admission.by.pattern;
      entry.origin = "protected";
    }
    refused.push({ entry, admission });
  }
  return refused;
}

/**
 * The scope findings: the paths outside the scope (forbidden ones included), and the protected
 * paths the scope admits only through a broad pattern. Each says what would admit its paths.
 */
function scopeFindings(
  input: ChangeToJudge,
  intent: Intent,
  policy: PathPolicy,
  refused: Refused[],
): Finding[] {
  const severity = severityOf(input.governance, "scope");
  if (!severity || refused.length === 0) return [];
  const grants = pendingGrants(input.governance, intent, policy, refused);
  const outside = refused.filter(({ admission }) => admission.reason !== "protected");
  const guarded = refused.filter(({ admission }) => admission.reason === "protected");
  const findings: Finding[] = [];
  if (outside.length > 0) {
    const offending = unique(outside.map(({ entry }) => entry.path));
    const forbidden = new Set(
      outside.filter(({ entry }) => entry.origin === "forbidden").map(({ entry }) => entry.path),
    );
    const forbiddenNote = forbidden.size
      ? ` (${count(forbidden.size, "path")} forbidden by forbidden_scope)`
      : "";
    // A grant can admit neither a forbidden path nor one a pending grant already would.
    const grantable = offending.filter((path) => !forbidden.has(path) && !grants.pending.has(path));
    findings.push({
      rule: "scope",
      severity,
      message: `${count(offending.length, "path")} outside the scope of ${intent.id} (${intent.name})${forbiddenNote}`,
      paths: offending,
      advice: [
        ...grants.advice(offending),
        ...scopeAdvice(input, intent, policy, offending),
        ...(grantable.length === 0
          ? []
          : [{ kind: "extend-scope" as const, intent: intent.id, paths: grantable }]),
      ],
    });
  }
  if (guarded.length > 0) {
    const paths = unique(guarded.map(({ entry }) => entry.path));
    const broad = unique(
      guarded.flatMap(({ admission }) =>
        admission.reason === "protected" ? [admission.broad.pattern] : [],
      ),
    );
    const unlisted = guarded.filter(({ entry }) => !grants.pending.has(entry.path));
    const patterns = unique(unlisted.map(({ entry }) => entry.pattern ?? ""));
    findings.push({
      rule: "scope",
      severity,
      message: `${count(paths.length, "protected path")} (policy paths.protected) ${paths.length === 1 ? "is" : "are"} in the scope of ${intent.id} (${intent.name}) only through the broad ${broad.length === 1 ? "pattern" : "patterns"} ${broad.join(", ")}`,
      paths,
      advice: [
        ...grants.advice(paths),
        ...scopeAdvice(input, intent, policy, paths),
        ...(unlisted.length === 0
          ? []
          : [{ kind: "list-protected" as const, intent: intent.id, protected: patterns }]),
      ],
    });
  }
  return findings;
}

/**
 * The grants of the intent that do not count but would admit refused paths: which path each
 * would admit, and the advice to approve them (a forbidden path never suggests one).
 */
function pendingGrants(
  governance: Governance,
  intent: Intent,
  policy: PathPolicy,
  refused: Refused[],
): { pending: Map<string, PendingGrant>; advice: (paths: string[]) => Advice[] } {
  const pending = new Map<string, PendingGrant>();
  const scope = governance.scopes[intent.id];
  if (scope?.grants.some((grant) => !grant.counted)) {
    const find = pendingGrantFinder(scope, policy);
    for (const { entry, admission } of refused) {
      const grant = find(entry.path, admission);
      if (grant) pending.set(entry.path, grant);
    }
  }
  const { reviewer } = governance.policy.extended_scope;
  const advice = (paths: string[]): Advice[] => {
    const byGrant = new Map<PendingGrant, string[]>();
    for (const path of paths) {
      const grant = pending.get(path);
      if (!grant) continue;
      const admitted = byGrant.get(grant);
      if (admitted) admitted.push(path);
      else byGrant.set(grant, [path]);
    }
    return [...byGrant]
      .sort(([a], [b]) => a.grant - b.grant)
      .map(([grant, admitted]) => ({
        kind: "approve-grant",
        intent: intent.id,
        grant: grant.grant + 1,
        grantPaths: grant.paths,
        state: grant.reason as Exclude<GrantState["reason"], "approved">,
        approvedBy:
          grant.reason === "approver not allowed"
            ? (intent.extended_scope[grant.grant]?.approval?.by ?? null)
            : null,
        paths: admitted,
        reviewer: reviewer?.name ?? null,
        signed: governance.policy.governance.require_signed_by_approver,
      }));
  };
  return { pending, advice };
}

/**
 * The next steps every scope finding shares: the other intents that cover the paths, renames no
 * single intent covers, and splitting the commit.
 */
function scopeAdvice(
  input: ChangeToJudge,
  intent: Intent,
  policy: PathPolicy,
  offending: string[],
): Advice[] {
  const { governance } = input;
  const others = selectableIntents(governance).flatMap((candidate) => {
    const scope = governance.scopes[candidate.id];
    return candidate.id === intent.id || !scope
      ? []
      : [{ intent: candidate, admit: guardedAdmitter(scope, policy) }];
  });
  // A rename is one change: an intent covers it only when it admits both of its paths (those of
  // them that need an intent).
  const outside = new Set(offending);
  const renames = input.changes.flatMap(({ operation, oldPath, path }): RenamedPath[] =>
    operation === "rename" && oldPath !== null && (outside.has(oldPath) || outside.has(path))
      ? [{ from: oldPath, to: path }]
      : [],
  );
  const covered = unique([
    ...offending,
    ...renames.flatMap(({ from, to }) => [from, to]).filter(policy.needsIntent),
  ]);
  const covering = others.filter(({ admit }) => covered.every((path) => admit(path).admitted));
  const split: Advice = input.intended
    ? { kind: "leave-out", paths: offending }
    : { kind: "unstage", paths: offending };
  return [
    ...covering.map(
      (candidate): Advice => ({
        kind: "use-covering-intent",
        intent: label(candidate.intent),
        paths: offending.length,
      }),
    ),
    ...(covering.length === 0
      ? renamesAcrossIntents(governance, intent, policy, others, renames)
      : []),
    split,
  ];
}

/**
 * The renames whose old path one intent owns and whose new path another owns, with no intent
 * owning both, grouped by that pair of intents. The judged intent owns what its scope admits;
 * a path outside it belongs to the first selectable intent that admits it.
 */
function renamesAcrossIntents(
  governance: Governance,
  intent: Intent,
  policy: PathPolicy,
  others: readonly { intent: Intent; admit: GuardedAdmitter }[],
  renames: readonly RenamedPath[],
): Advice[] {
  const scope = governance.scopes[intent.id];
  const judged = scope ? guardedAdmitter(scope, policy) : null;
  const owner = (path: string): Intent | undefined =>
    judged?.(path).admitted ? intent : others.find(({ admit }) => admit(path).admitted)?.intent;
  const groups = new Map<string, Extract<Advice, { kind: "rename-across-intents" }>>();
  for (const rename of renames) {
    const from = owner(rename.from);
    const to = owner(rename.to);
    if (!from || !to) continue;
    if (others.some(({ admit }) => admit(rename.from).admitted && admit(rename.to).admitted)) {
      continue;
    }
    const key = `${from.id}\0${to.id}`;
    const group = groups.get(key);
    if (group) group.renames.push(rename);
    else
      groups.set(key, {
        kind: "rename-across-intents",
        from: label(from),
        to: label(to),
        renames: [rename],
      });
  }
  return [...groups.values()];
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}

function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? "" : "s"}`;
}

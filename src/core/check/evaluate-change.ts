import type { FileChange } from "../changeset.js";
import { closestMatch } from "../closest-match.js";
import type { Intent } from "../config/intents-schema.js";
import type { RuleName } from "../config/policy-schema.js";
import { intentsFilePath } from "../governance.js";
import { describeSource, type IntentRequest, type ResolvedRequest } from "../intent-request.js";
import { type Rules, selectableIntents } from "../rules.js";
import { scopeJudge } from "../scope/admit-path.js";
import { shellQuote } from "../shell-quote.js";
import { type TouchedPaths, touchedPaths } from "./touched-paths.js";
import { type Finding, type PathVerdict, type Verdict, verdictSchemaVersion } from "./verdict.js";

export interface ChangeUnderCheck {
  /** The rules of the parent commit (for an adoption commit: its own, validated). */
  rules: Rules;
  /** The parent has no intents file: this commit adopts intentguard. */
  adoption: boolean;
  /** What the commit authors (for a merge: the paths that differ from every parent). */
  changes: readonly FileChange[];
  resolved: ResolvedRequest;
  /** The committing agent's ID (INTENTGUARD_AGENT), null for a person. */
  agent: string | null;
  /** pre-commit cannot see the message: without an intent it leaves the decision to commit-msg. */
  deferWithoutIntent: boolean;
  merge: boolean;
}

/** Judges a change against the rules. Pure: the same input always gives the same verdict. */
export function evaluateChange(input: ChangeUnderCheck): Verdict {
  const paths = touchedPaths(input.changes);
  const build = verdictBuilder(input, paths);
  if (input.adoption) {
    for (const entry of paths.others) {
      entry.admitted = true;
      entry.origin = "governance";
    }
    return build(
      "allowed",
      "adoption",
      null,
      [],
      [
        `the parent has no ${intentsFilePath}: this commit adopts intentguard (its own rules must be valid); history before it is ungoverned`,
      ],
    );
  }
  if (paths.all.length === 0) {
    const note = input.merge
      ? "the merge brings only changes already committed on its parents"
      : "the commit changes no files";
    return build("allowed", input.merge ? "merge" : "empty", null, [], [note]);
  }
  if (paths.others.length === 0) {
    return build(
      "allowed",
      "governance",
      null,
      [],
      [
        "governance change: it edits the rules only, needs no intent, and is judged by the rules of its parent",
      ],
    );
  }
  const findings: Finding[] = [];
  if (paths.governance.length > 0) {
    const isolation = governanceIsolation(input.rules, paths.governance, paths.others);
    if (isolation) findings.push(isolation);
    if (isolation?.severity === "error")
      return build(outcomeOf(findings), "intent", null, findings);
  }
  return judgeIntent(input, paths.others, findings, build);
}

type BuildVerdict = (
  outcome: Verdict["outcome"],
  kind: Verdict["kind"],
  request: IntentRequest | null,
  findings: Finding[],
  notes?: string[],
) => Verdict;

function verdictBuilder(input: ChangeUnderCheck, paths: TouchedPaths): BuildVerdict {
  return (outcome, kind, request, findings, notes = []) => ({
    version: verdictSchemaVersion,
    outcome,
    kind,
    intent: request ? describeIntent(input.rules, request) : null,
    findings,
    notes,
    path_count: paths.distinct,
    touches_rules: paths.governance.length > 0,
    paths: paths.all,
  });
}

function outcomeOf(findings: Finding[]): Verdict["outcome"] {
  return findings.some((finding) => finding.severity === "error") ? "blocked" : "allowed";
}

/** Resolves the intent and judges `others` (the paths that are not rules files) in place. */
function judgeIntent(
  input: ChangeUnderCheck,
  others: PathVerdict[],
  findings: Finding[],
  build: BuildVerdict,
): Verdict {
  const { rules, resolved } = input;
  const request = resolved.request;
  if ("conflict" in resolved) {
    findings.push({
      rule: "intent_conflict",
      severity: "error",
      message: `conflicting intents: ${resolved.conflict}`,
      paths: [],
      next: [
        "declare one intent: remove the extra Intent: trailers, or unset INTENTGUARD_INTENT / drop --intent",
      ],
    });
    return build(outcomeOf(findings), "intent", null, findings);
  }
  if (!request) {
    if (input.deferWithoutIntent) return build("deferred", "no-intent", null, findings);
    const severity = severityOf(rules, "intent_required");
    if (severity) findings.push(noIntentFinding(rules, severity));
    return build(outcomeOf(findings), "no-intent", null, findings);
  }
  const intent = rules.intents.find((candidate) => candidate.id === request.id);
  if (!intent) {
    findings.push(unknownIntentFinding(rules, request));
    return build(outcomeOf(findings), "intent", request, findings);
  }
  const statusFinding = intentStatusFinding(rules, intent);
  if (statusFinding) findings.push(statusFinding);
  const agentFinding = assignedAgentFinding(rules, intent, input.agent);
  if (agentFinding) findings.push(agentFinding);
  const scopeFinding = outOfScopeFinding(rules, intent, judgeScope(rules, intent, others));
  if (scopeFinding) findings.push(scopeFinding);
  return build(outcomeOf(findings), "intent", request, findings);
}

function describeIntent(rules: Rules, request: IntentRequest): Verdict["intent"] {
  const intent = rules.intents.find((candidate) => candidate.id === request.id);
  const scope = rules.scopes[request.id];
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

function severityOf(rules: Rules, rule: RuleName): "error" | "warn" | null {
  const level = rules.policy.rules[rule];
  return level === "off" ? null : level;
}

function governanceIsolation(
  rules: Rules,
  governance: PathVerdict[],
  others: PathVerdict[],
): Finding | null {
  const severity = severityOf(rules, "governance_isolation");
  if (!severity) return null;
  const rulesPaths = unique(governance.map((entry) => entry.path));
  const otherPaths = unique(others.map((entry) => entry.path));
  return {
    rule: "governance_isolation",
    severity,
    message: `a governance change (${rulesPaths.join(", ")}) must touch nothing else, and this one also touches ${count(otherPaths.length, "other path")}`,
    paths: otherPaths,
    next: [
      `commit the rules on their own first: git commit -- ${rulesPaths.map(shellQuote).join(" ")}`,
      "then commit the rest under its intent",
    ],
  };
}

function noIntentFinding(rules: Rules, severity: "error" | "warn"): Finding {
  return {
    rule: "intent_required",
    severity,
    message: "the commit declares no intent",
    paths: [],
    next: [...selectionSteps(rules), "or add a trailer line to the message: Intent: <ID>"],
  };
}

function unknownIntentFinding(rules: Rules, request: IntentRequest): Finding {
  const known = rules.intents.map((intent) => intent.id);
  const guess = closestMatch(request.id, known);
  return {
    rule: "intent_unknown",
    severity: "error",
    message: `intent ${request.id} (from ${describeSource(request.source)}) does not exist in ${intentsFilePath} as committed${guess ? `; did you mean ${guess}?` : ""}`,
    paths: [],
    next: selectionSteps(rules),
  };
}

function selectionSteps(rules: Rules): string[] {
  const selectable = selectableIntents(rules);
  if (selectable.length === 0) {
    return [
      `no intent is IN_PROGRESS: set one to status: IN_PROGRESS in ${intentsFilePath} and commit that file on its own`,
    ];
  }
  return [
    `select the intent this work serves: intentguard select <ID>, one of: ${selectable
      .map((intent) => `${intent.id} (${intent.name})`)
      .join(", ")}`,
  ];
}

function intentStatusFinding(rules: Rules, intent: Intent): Finding | null {
  const severity = severityOf(rules, "intent_status");
  if (!severity || intent.status === "IN_PROGRESS") return null;
  return {
    rule: "intent_status",
    severity,
    message: `intent ${intent.id} (${intent.name}) is ${intent.status}; only an IN_PROGRESS intent authorises commits`,
    paths: [],
    next: [
      ...selectionSteps(rules),
      `or set ${intent.id} to status: IN_PROGRESS in ${intentsFilePath} and commit that file on its own`,
    ],
  };
}

function assignedAgentFinding(rules: Rules, intent: Intent, agent: string | null): Finding | null {
  const severity = severityOf(rules, "assigned_agent");
  if (!severity || !intent.assigned_agent || agent === null || agent === intent.assigned_agent) {
    return null;
  }
  return {
    rule: "assigned_agent",
    severity,
    message: `intent ${intent.id} is assigned to agent ${intent.assigned_agent}, and this commit comes from agent ${agent}`,
    paths: [],
    next: [
      `commit as ${intent.assigned_agent}, or reassign the intent (assigned_agent in ${intentsFilePath}) in a governance commit`,
    ],
  };
}

/** Fills in each path's verdict and returns the ones the scope does not admit. */
function judgeScope(rules: Rules, intent: Intent, entries: PathVerdict[]): PathVerdict[] {
  const scope = rules.scopes[intent.id];
  if (!scope) return entries;
  const judge = scopeJudge(scope);
  const offending: PathVerdict[] = [];
  for (const entry of entries) {
    const admission = judge(entry.path);
    if (admission.admitted) {
      entry.admitted = true;
      entry.pattern = admission.by.pattern;
      entry.origin = admission.by.origin;
      continue;
    }
    if (admission.reason === "forbidden") {
      entry.pattern = admission.by.pattern;
      entry.origin = "forbidden";
    }
    offending.push(entry);
  }
  return offending;
}

function outOfScopeFinding(rules: Rules, intent: Intent, outside: PathVerdict[]): Finding | null {
  const severity = severityOf(rules, "scope");
  const offending = unique(outside.map((entry) => entry.path));
  if (!severity || offending.length === 0) return null;
  const forbidden = outside.filter((entry) => entry.origin === "forbidden");
  const forbiddenNote = forbidden.length
    ? ` (${count(unique(forbidden.map((entry) => entry.path)).length, "path")} forbidden by forbidden_scope)`
    : "";
  return {
    rule: "scope",
    severity,
    message: `${count(offending.length, "path")} outside the scope of ${intent.id} (${intent.name})${forbiddenNote}`,
    paths: offending,
    next: scopeSteps(rules, intent, offending),
  };
}

function scopeSteps(rules: Rules, intent: Intent, offending: string[]): string[] {
  const covering = selectableIntents(rules).filter((candidate) => {
    const scope = rules.scopes[candidate.id];
    if (candidate.id === intent.id || !scope) return false;
    const judge = scopeJudge(scope);
    return offending.every((path) => judge(path).admitted);
  });
  const shown = offending.slice(0, 3).map(shellQuote).join(" ");
  const more = offending.length > 3 ? " …" : "";
  return [
    ...covering.map(
      (candidate) =>
        `${candidate.id} (${candidate.name}) covers ${offending.length === 1 ? "it" : "all of them"}: commit them under it, e.g. intentguard select ${candidate.id}`,
    ),
    `split the commit: unstage what is outside the scope with git restore --staged -- ${shown}${more}`,
    `or widen ${intent.id}: add an extended_scope grant for these paths in ${intentsFilePath}, have it approved, and commit that file on its own`,
  ];
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}

function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? "" : "s"}`;
}

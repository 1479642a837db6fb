import type { Intent } from "../../config/intents-schema.js";
import type { Governance } from "../../governance/governance.js";
import type { GrantState } from "../../scope/effective-scope.js";
import {
  type GuardedAdmission,
  guardedAdmitter,
  type PathPolicy,
} from "../../scope/path-policy.js";
import { type PendingGrant, pendingGrantFinder } from "../../scope/pending-grants.js";
import type { Advice, Finding, PathVerdict } from "../verdict.js";
import { type JudgeRule, type RuleInput, type Scoped, severityOf, unique } from "./rule.js";
import { scopeAdvice } from "./scope-advice.js";

/**
 * `scope`: every path that needs an intent is in the declared intent's effective scope (owned
 * and counted grants, never a forbidden one), and a protected path only through a pattern that
 * names it. As it judges, it fills in each path's verdict (admitted, and by which pattern): the
 * verdict lists them whether the rule is on or off.
 */
export const scope: JudgeRule = (input) => {
  const { intent, scoped } = input;
  if (!intent || !scoped) return [];
  const refused = judgeScope(input.governance, intent, scoped);
  return scopeFindings(input, intent, scoped.policy, refused);
};

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
  input: RuleInput,
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
    // A grant can admit neither a forbidden path nor one a pending grant already would.
    const grantable = offending.filter((path) => !forbidden.has(path) && !grants.pending.has(path));
    findings.push({
      rule: "scope",
      severity,
      fact: {
        kind: "outside-scope",
        intent: intent.id,
        name: intent.name,
        paths: offending.length,
        forbidden: forbidden.size,
      },
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
      fact: {
        kind: "protected-through-broad",
        intent: intent.id,
        name: intent.name,
        paths: paths.length,
        broad,
      },
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

import type { Intent } from "../config/intents-schema.js";
import type { Policy } from "../config/policy-schema.js";
import { type CompiledPattern, compilePattern } from "./compile-pattern.js";
import { foldPath } from "./fold-path.js";
import { scopeSignature } from "./scope-signature.js";

/** Where an allowing pattern comes from: the intent's own scope or one of its grants. */
export type PatternOrigin = { kind: "owned" } | { kind: "extended"; grant: number };

export interface AllowPattern extends CompiledPattern {
  origin: PatternOrigin;
}

/** Why an extended-scope grant does or does not count. */
export interface GrantState {
  grant: number;
  paths: string[];
  counted: boolean;
  reason: "approved" | "not approved" | "signature mismatch" | "approver not allowed";
}

/** An intent's effective scope: owned ∪ approved extended grants, minus forbidden (deny wins). */
export interface EffectiveScope {
  intentId: string;
  allow: AllowPattern[];
  deny: CompiledPattern[];
  /**
   * The forbidden patterns folded (foldPath), matched against folded paths: deny wins across
   * the spellings another OS treats as one file. Allow patterns stay exact.
   */
  denyFolded: CompiledPattern[];
  grants: GrantState[];
}

/** Compiles an intent's effective scope once; the result is plain data (it is cached as JSON). */
export function effectiveScope(intent: Intent, policy: Policy): EffectiveScope {
  const grants = intent.extended_scope.map((_, index) => grantState(intent, index, policy));
  const allow: AllowPattern[] = intent.owned_scope.map((pattern) => ({
    ...compilePattern(pattern),
    origin: { kind: "owned" },
  }));
  for (const state of grants) {
    if (!state.counted) continue;
    for (const pattern of state.paths) {
      allow.push({ ...compilePattern(pattern), origin: { kind: "extended", grant: state.grant } });
    }
  }
  return {
    intentId: intent.id,
    allow,
    deny: intent.forbidden_scope.map(compilePattern),
    denyFolded: intent.forbidden_scope.map((pattern) => compilePattern(foldPath(pattern))),
    grants,
  };
}

function grantState(intent: Intent, index: number, policy: Policy): GrantState {
  const grant = intent.extended_scope[index];
  const paths = grant?.paths ?? [];
  const approval = grant?.approval;
  const state = (counted: boolean, reason: GrantState["reason"]): GrantState => ({
    grant: index,
    paths,
    counted,
    reason,
  });
  if (!approval) return state(false, "not approved");
  if (approval.signature !== scopeSignature(intent.id, paths)) {
    return state(false, "signature mismatch");
  }
  if (!approverAllowed(approval.by, policy)) return state(false, "approver not allowed");
  return state(true, "approved");
}

function approverAllowed(by: string, policy: Policy): boolean {
  const { approvers, reviewer } = policy.extended_scope;
  if (reviewer && by === `reviewer:${reviewer.name}`) return true;
  return approvers.length === 0 || approvers.includes(by);
}

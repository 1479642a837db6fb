import type { FileChange } from "../../commit/file-change.js";
import type { Intent } from "../../config/intents-schema.js";
import type { RuleName } from "../../config/policy-schema.js";
import { type Governance, selectableIntents } from "../../governance/governance.js";
import type { ResolvedRequest } from "../../intent/intent-request.js";
import type { PathPolicy } from "../../scope/path-policy.js";
import type { TouchedPaths } from "../touched-paths.js";
import type { Advice, Finding, IntentLabel, PathVerdict } from "../verdict.js";

/**
 * What every rule of the judge reads (src/core/judge/judge-change.ts gathers it and decides which
 * rules run, in which order): the change, the paths it touches, and, once they are known, the
 * paths an intent's scope judges and the intent the change declares.
 */
export interface RuleInput {
  /** The governance of the parent commit (for an adoption commit: its own, validated). */
  governance: Governance;
  /** What the commit authors (for a merge: the paths that differ from every parent). */
  changes: readonly FileChange[];
  paths: TouchedPaths;
  resolved: ResolvedRequest;
  /** The committing agent's ID (INTENTGUARD_AGENT), null for a person. */
  agent: string | null;
  /** Paths about to be touched (check --paths), not staged yet: split by leaving them out. */
  intended: boolean;
  /** The governance a change of the rules leaves behind, where it was checked. */
  governanceLeft?: GovernanceLeft;
  /** An agent's change of the rules, where an agent makes one. */
  agentRulesChange?: AgentRulesChange;
  /** The paths an intent's scope judges, once the governance paths are set aside. */
  scoped: Scoped | null;
  /** The intent the change declares, once it is found in the governance. */
  intent: Intent | null;
}

/** One rule: the findings it makes of a change, none when it holds (or is switched off). */
export type JudgeRule = (input: RuleInput) => Finding[];

/** The paths an intent's scope judges: those that need an intent (policy paths). */
export interface Scoped {
  paths: PathVerdict[];
  policy: PathPolicy;
  /** Some touched paths need no intent (policy paths.require_intent). */
  partial: boolean;
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

/** A policy rule's severity, null when the policy switches it off. */
export function severityOf(governance: Governance, rule: RuleName): "error" | "warn" | null {
  const level = governance.policy.rules[rule];
  return level === "off" ? null : level;
}

/** Select one of the intents that may authorise commits. */
export function selectionAdvice(governance: Governance): Advice {
  return { kind: "select-intent", intents: selectableIntents(governance).map(label) };
}

export function label(intent: Intent): IntentLabel {
  return { id: intent.id, name: intent.name };
}

export function unique(values: string[]): string[] {
  return [...new Set(values)];
}

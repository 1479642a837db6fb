import type { Intent } from "./config/intents-schema.js";
import type { Policy } from "./config/policy-schema.js";
import type { EffectiveScope } from "./scope/effective-scope.js";

/** The intents and policy a change is judged by, with every intent's scope compiled. */
export interface Rules {
  intents: Intent[];
  policy: Policy;
  /** Whether the policy came from policies/intentguard.yaml or is the built-in default. */
  policyFromFile: boolean;
  scopes: Record<string, EffectiveScope>;
}

export function selectableIntents(rules: Rules): Intent[] {
  return rules.intents.filter((intent) => intent.status === "IN_PROGRESS");
}

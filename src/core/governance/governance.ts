import type { Intent } from "../config/intents-schema.js";
import type { Policy } from "../config/policy-schema.js";
import type { EffectiveScope } from "../scope/effective-scope.js";

/**
 * The governance a change is judged by: the intents and the policy as one commit (or the index,
 * or the working tree) has them, with every intent's effective scope compiled. A single switch of
 * the policy (intent_required, scope, …) is a *rule*; this is the whole bundle.
 */
export interface Governance {
  intents: Intent[];
  policy: Policy;
  /** Whether the policy came from policies/intentguard.yaml or is the built-in default. */
  policyFromFile: boolean;
  scopes: Record<string, EffectiveScope>;
}

export function selectableIntents(governance: Governance): Intent[] {
  return governance.intents.filter((intent) => intent.status === "IN_PROGRESS");
}

import type { IntentsFile } from "../config/intents-schema.js";
import type { Policy } from "../config/policy-schema.js";
import { type EffectiveScope, effectiveScope } from "../scope/effective-scope.js";
import type { Governance } from "./governance.js";

/** Compiles every intent's effective scope (the warm hook path reads it from the rules cache). */
export function compileGovernance(
  file: IntentsFile,
  policy: Policy,
  policyFromFile: boolean,
): Governance {
  const scopes: Record<string, EffectiveScope> = {};
  for (const intent of file.active_intents) scopes[intent.id] = effectiveScope(intent, policy);
  return { intents: file.active_intents, policy, policyFromFile, scopes };
}

import type { Intent } from "../config/intents-schema.js";
import type { Governance } from "../governance/governance.js";

/** What an agent or a person needs to know to work under an intent (`select`, `status`). */
export interface IntentContext {
  id: string;
  name: string;
  status: Intent["status"];
  description: string | null;
  scope: { owned: string[]; extended: string[]; forbidden: string[] };
  pending_grants: { paths: string[]; justification: string; reason: string }[];
  constraints: string[];
  acceptance_criteria: string[];
  assigned_agent: string | null;
  related_specs: Intent["related_specs"];
}

export function intentContext(governance: Governance, intent: Intent): IntentContext {
  const grants = governance.scopes[intent.id]?.grants ?? [];
  return {
    id: intent.id,
    name: intent.name,
    status: intent.status,
    description: intent.description ?? null,
    scope: {
      owned: intent.owned_scope,
      extended: grants.filter((grant) => grant.counted).flatMap((grant) => grant.paths),
      forbidden: intent.forbidden_scope,
    },
    pending_grants: grants
      .filter((grant) => !grant.counted)
      .map((grant) => ({
        paths: grant.paths,
        justification: intent.extended_scope[grant.grant]?.justification ?? "",
        reason: grant.reason,
      })),
    constraints: intent.constraints,
    acceptance_criteria: intent.acceptance_criteria,
    assigned_agent: intent.assigned_agent ?? null,
    related_specs: intent.related_specs,
  };
}

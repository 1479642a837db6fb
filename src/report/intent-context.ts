import type { Intent } from "../core/config/intents-schema.js";
import type { Rules } from "../core/rules.js";
import type { Style } from "./style.js";

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

export function intentContext(rules: Rules, intent: Intent): IntentContext {
  const grants = rules.scopes[intent.id]?.grants ?? [];
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

export function formatIntentContext(context: IntentContext, style: Style): string {
  const list = (items: string[]) => (items.length ? items.join(", ") : "none");
  const lines = [
    style.bold(`${context.id} — ${context.name} (${context.status})`),
    ...(context.description ? [`  ${context.description}`] : []),
    `  owned scope:     ${list(context.scope.owned)}`,
    ...(context.scope.extended.length
      ? [`  extended scope:  ${list(context.scope.extended)}`]
      : []),
    `  forbidden scope: ${list(context.scope.forbidden)}`,
  ];
  for (const grant of context.pending_grants) {
    lines.push(style.dim(`  not counted (${grant.reason}): ${list(grant.paths)}`));
  }
  const section = (title: string, items: string[]) =>
    items.length ? [`  ${title}:`, ...items.map((item) => `    - ${item}`)] : [];
  lines.push(...section("constraints", context.constraints));
  lines.push(...section("acceptance criteria", context.acceptance_criteria));
  if (context.assigned_agent) lines.push(`  assigned agent: ${context.assigned_agent}`);
  if (context.related_specs.length) {
    lines.push(
      `  related: ${context.related_specs.map((spec) => `${spec.type} ${spec.value}`).join(", ")}`,
    );
  }
  return `${lines.join("\n")}\n`;
}

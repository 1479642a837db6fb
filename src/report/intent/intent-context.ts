import type { IntentContext } from "../../core/intent/intent-context.js";
import { appendAll } from "../../core/unbounded-arrays.js";
import type { Style } from "../text/style.js";

/** An intent's context as `select` and `status` print it. */
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
  appendAll(lines, section("constraints", context.constraints));
  appendAll(lines, section("acceptance criteria", context.acceptance_criteria));
  if (context.assigned_agent) lines.push(`  assigned agent: ${context.assigned_agent}`);
  if (context.related_specs.length) {
    lines.push(
      `  related: ${context.related_specs.map((spec) => `${spec.type} ${spec.value}`).join(", ")}`,
    );
  }
  return `${lines.join("\n")}\n`;
}

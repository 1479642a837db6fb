import type { Contributor } from "../core/trace/contributor.js";

/** "AI anthropic/claude-sonnet-4-6 (agent builder-01)" or "human Ada <ada@example.com>". */
export function describeContributor(contributor: Contributor): string {
  if (contributor.entity_type === "AI") {
    const model = contributor.model_identifier ?? "model unknown";
    return `AI ${model}${contributor.agent_id ? ` (agent ${contributor.agent_id})` : ""}`;
  }
  const who = [contributor.name, contributor.email ? `<${contributor.email}>` : ""]
    .filter(Boolean)
    .join(" ");
  return `human${who ? ` ${who}` : ""}`;
}

import type { Contributor } from "../../core/trace/contributor.js";
import { printable } from "../text/messages.js";

/**
 * "AI anthropic/claude-sonnet-4-6 (agent builder-01)" or "human Ada <ada@example.com>". The
 * fields come from notes (other clones, hand edits): control characters are escaped.
 */
export function describeContributor(contributor: Contributor): string {
  return printable(describeFields(contributor));
}

function describeFields(contributor: Contributor): string {
  if (contributor.entity_type === "AI") {
    const model = contributor.model_identifier ?? "model unknown";
    return `AI ${model}${contributor.agent_id ? ` (agent ${contributor.agent_id})` : ""}`;
  }
  const who = [contributor.name, contributor.email ? `<${contributor.email}>` : ""]
    .filter(Boolean)
    .join(" ");
  return `human${who ? ` ${who}` : ""}`;
}

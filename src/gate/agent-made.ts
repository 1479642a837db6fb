import type { AgentProcess } from "../core/agent/agent-environment.js";
import type { Trailer } from "../core/commit/trailers.js";
import { contributorTrailers, resolveContributor } from "../core/trace/contributor.js";

/** An agent makes a change: which, and what declares it. */
export interface AgentMade {
  agent: string;
  declaredBy: string;
}

/**
 * Whether an agent made a commit, as it declares it: its trailers, read as its trace record reads
 * them (Contributor-*, or an AI's known Co-authored-by), or any `Contributor-Type: AI` among them
 * (a HUMAN before it does not make it a person's); or, for a commit made here, the environment it
 * is committed from (INTENTGUARD_* or an agent's own variable: core/agent/agent-environment.ts). These
 * are declarations: CI and the server see only the trailers.
 */
export function agentMade(
  trailers: readonly Trailer[],
  environment: AgentProcess | null,
): AgentMade | null {
  const typedAi = trailers.some(
    (trailer) =>
      trailer.key.toLowerCase() === contributorTrailers.type.toLowerCase() &&
      trailer.value.trim().toUpperCase() === "AI",
  );
  const contributor = resolveContributor(
    { trailers: [...trailers], authorName: "", authorEmail: "" },
    {},
  );
  if (typedAi || contributor.entity_type === "AI") {
    return {
      agent: contributor.agent_id ?? contributor.model_identifier ?? "an AI contributor",
      declaredBy: "its trailers",
    };
  }
  if (environment) {
    return {
      agent: environment.agent,
      declaredBy: `${environment.variable} in the environment it is committed from`,
    };
  }
  return null;
}

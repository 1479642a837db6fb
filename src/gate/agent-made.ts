import type { AgentProcess } from "../core/agent-environment.js";
import { contributorTrailers } from "../core/trace/contributor.js";
import { type Trailer, trailerValues } from "../core/trailers.js";

/** An agent makes a change: which, and what declares it. */
export interface AgentMade {
  agent: string;
  declaredBy: string;
}

/**
 * Whether an agent made a commit, as it declares it: its Contributor-* trailers (what CI and the
 * server see), or, for a commit made here, the environment it is committed from (INTENTGUARD_*
 * or an agent's own variable: core/agent-environment.ts). A person's commit declares neither.
 */
export function agentMade(
  trailers: readonly Trailer[],
  environment: AgentProcess | null,
): AgentMade | null {
  const type = trailerValues(trailers, contributorTrailers.type)[0]?.trim().toUpperCase();
  const agent = trailerValues(trailers, contributorTrailers.agent)[0]?.trim();
  const model = trailerValues(trailers, contributorTrailers.model)[0]?.trim();
  if (type === "AI" || (type !== "HUMAN" && (agent || model))) {
    return {
      agent: agent || model || "an AI contributor",
      declaredBy: "its Contributor-* trailers",
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

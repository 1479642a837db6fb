import { contributorFromEnvironment } from "../trace/contributor.js";

/**
 * The environment variables coding agents set on the processes their tools start, as their
 * documentation and other CLIs' agent detectors (vercel/detect-agent, aws-cdk's detect-agent)
 * name them: how a commit made here, and `scope approve`, tell that an agent runs them, beyond
 * our own INTENTGUARD_* declaration. Only variables that mean "an agent's tool runs this" are
 * listed — not an editor's own (a person typing in Cursor's terminal, a Replit workspace).
 * A person cannot be told apart from an agent that clears them: these are what the process
 * declares, as trailers are what a commit declares. hooks/intentguard.sh reads the same list
 * (ig_env_agent) to write an agent's Contributor-* trailers.
 */
export const agentVariables: readonly { variable: string; agent: string | null }[] = [
  { variable: "AI_AGENT", agent: null }, // the proposed cross-tool convention: its value names it
  { variable: "CLAUDECODE", agent: "claude-code" },
  { variable: "CODEX_SANDBOX", agent: "codex" },
  { variable: "CODEX_THREAD_ID", agent: "codex" },
  { variable: "GEMINI_CLI", agent: "gemini-cli" },
  { variable: "CURSOR_AGENT", agent: "cursor-agent" },
];

/** The agent the environment says runs this process, and the variable that says so. */
export interface AgentProcess {
  agent: string;
  variable: string;
}

export function agentProcessOf(
  env: Readonly<Record<string, string | undefined>>,
): AgentProcess | null {
  // An agent's own variable wins over INTENTGUARD_CONTRIBUTOR=human: the agent can set that.
  for (const { variable, agent } of agentVariables) {
    const value = env[variable]?.trim();
    if (value) return { agent: agent ?? value, variable };
  }
  const declared = contributorFromEnvironment({
    contributor: env.INTENTGUARD_CONTRIBUTOR,
    model: env.INTENTGUARD_MODEL,
    agent: env.INTENTGUARD_AGENT,
  });
  if (declared?.entity_type !== "AI") return null;
  const variable = env.INTENTGUARD_AGENT?.trim()
    ? "INTENTGUARD_AGENT"
    : env.INTENTGUARD_MODEL?.trim()
      ? "INTENTGUARD_MODEL"
      : "INTENTGUARD_CONTRIBUTOR";
  return { agent: declared.agent_id ?? declared.model_identifier ?? "an AI contributor", variable };
}

import type { AgentConfigProblem } from "../agent/agent-config.js";
/** `install`, `init` or `agent install` cannot wire intentguard in without losing what is there. */
export type InstallFailure =
  /** A hook that is not intentguard's, and its chained copy, both exist. */
  | { kind: "hook-chain-taken"; file: string; chained: string }
  /** An agent's configuration that is not valid JSON; `parser`: JSON.parse's complaint. */
  | { kind: "agent-config-not-json"; file: string; parser: string }
  /** An agent's configuration that is JSON but not an object. */
  | { kind: "agent-config-not-object"; file: string }
  /** An agent's configuration whose shape refuses the hooks; `problem`: the dialect's finding. */
  | { kind: "agent-config-refused"; file: string; agent: string; problem: AgentConfigProblem }
  /** package.json is not JSON, or its "scripts" is not an object. */
  | { kind: "manifest-not-editable"; file: string }
  /** Committed husky hooks, and an intentguard that runs from `packageRoot`, outside the repository. */
  | { kind: "package-outside-repo"; packageRoot: string };

import type { IntentContext } from "../intent/intent-context.js";
import type { Verdict } from "../judge/verdict.js";
import type { AgentDialect, AgentEvent, PayloadProblem } from "./agent-event.js";
import type { GateSwitch } from "./gate-switches.js";
import type { ProtectedKind } from "./protected-paths.js";
import type { NamedPath } from "./tool-paths.js";

/** Why a write is denied, as facts: src/report/verdict/agent-hook-messages.ts words each for the model. */
export type WriteDenial =
  /** The payload is not the agent's (malformed, another agent's, a missing field). */
  | { kind: "unreadable"; agent: string; problem: PayloadProblem }
  | { kind: "no-path"; tool: string }
  | { kind: "outside"; file: string; root: string }
  /** Through a symlink whose target does not exist. */
  | { kind: "unresolvable"; file: string }
  | { kind: "hard-linked"; file: string }
  | { kind: "git-directory"; file: string }
  | { kind: "protected"; file: string; protects: ProtectedKind }
  /** A commit of the write would be refused. */
  | { kind: "blocked"; verdict: Verdict }
  /** A shell command that would switch the gate off (INTENTGUARD=0, core.hooksPath, .git). */
  | { kind: "gate-switch"; switches: GateSwitch[] }
  /** The write could not be judged: an error, denied rather than let through. */
  | { kind: "failed"; why: string };

/** What the agent hook decided, as facts; the edge words it (agentHookAnswer) in the dialect. */
export type AgentOutcome =
  | { kind: "allow" }
  /**
   * `unknownTool`: the tool was judged as one that may write because no agent's list knows it
   * and its name does not say it reads — with the strings it named, and their fields.
   */
  | { kind: "deny"; denial: WriteDenial; unknownTool?: { tool: string; named: NamedPath[] } }
  /** After a shell command: it changed these files out of scope (the verdict, when judged). */
  | { kind: "report"; files: string[]; verdict: Verdict | null }
  /** At session start: the selected intent (or none) and the intents a person may select. */
  | { kind: "context"; root: string; context: IntentContext | null; selectable: string[] };

/** One call of an agent's hook, decided: what the edge answers in the agent's dialect. */
export interface AgentHookResult {
  dialect: AgentDialect;
  /** Null when the payload could not be read. */
  event: AgentEvent | null;
  outcome: AgentOutcome;
}

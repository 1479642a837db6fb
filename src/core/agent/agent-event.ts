import type { NamedPath } from "./tool-paths.js";

/**
 * What an agent's hook payload says, whatever agent sent it: the moment (before or after a tool,
 * a session starting), the tool, the files it writes and who is writing. Each dialect
 * (dialects/*.ts) reads its agent's payload into this shape and writes the answer back in that
 * agent's own words.
 */
export type AgentMoment =
  | "session-start"
  | "before-write"
  | "after-write"
  | "before-shell"
  | "after-shell"
  /** Any other event or tool (a read, a search, a prompt): nothing to judge. */
  | "other";

export interface AgentEvent {
  moment: AgentMoment;
  /** The event's own name, as the agent spelled it (PreToolUse, beforeShellExecution, …). */
  eventName: string;
  /** The tool's name (Write, apply_patch, run_shell_command, …); empty for session events. */
  tool: string;
  /** The paths the tool writes, as the payload gives them: absolute or relative to `cwd`. */
  paths: string[];
  /**
   * A tool the agent's own lists do not know (an MCP server's, a new one): every string of its
   * input that may name a file (tool-paths.ts namedPaths). Its `paths` are those of them that
   * name a place in the repository, which only the use case can tell.
   */
  unknownTool?: NamedPath[];
  /** A shell tool's command line, as the payload gives it (before-shell and after-shell). */
  command?: string;
  /** The directory the agent works in (the payload's cwd or project root); null if not given. */
  cwd: string | null;
  /**
   * The project's root as the payload names it (Cursor's and Cline's first workspace root,
   * opencode's directory): where the agent's repository is looked for. Null if not given.
   */
  projectDir: string | null;
  sessionId: string | null;
  toolUseId: string | null;
  model: string | null;
}

/** The process answer a hook gives its agent. */
export interface HookAnswer {
  exitCode: number;
  stdout: string;
  stderr: string;
}

/** What an agent is told about a tool call. */
export type AgentDecision =
  | { kind: "allow" }
  | { kind: "deny"; message: string }
  /** After a tool ran: it did something out of scope; the agent is told (and, where it can, stopped). */
  | { kind: "report"; message: string }
  /** At session start: the context the agent is given. */
  | { kind: "context"; text: string };

/** One agent's hook dialect: how to read its payloads and how to answer them. */
export interface AgentDialect {
  /** The name `intentguard agent-hook <name>` and `agent install <name>` take. */
  name: string;
  /** The agent's name as people know it. */
  title: string;
  /**
   * Reads a payload (already parsed JSON). Throws PayloadError when it is not this agent's: a
   * payload that cannot be read is denied, never waved through.
   */
  read(payload: unknown): AgentEvent;
  /** The answer that carries a decision for the event; a deny must be one that blocks. */
  answer(event: AgentEvent | null, decision: AgentDecision): HookAnswer;
}

/**
 * Why a payload is not the agent's: empty, not JSON (`error`: the parser's words), an object or
 * string field of another type or missing (`field`: a field of the payload, null for the payload
 * itself), a Copilot payload naming neither tool nor event, a field holding no JSON.
 */
export type PayloadProblem =
  | { kind: "empty" }
  | { kind: "not-json"; error: string }
  | { kind: "not-object"; field: string | null }
  | { kind: "not-string"; field: string }
  | { kind: "missing"; field: string }
  | { kind: "no-tool-or-event" }
  | { kind: "field-not-json"; field: string }
  /** A tool's input nested deeper than intentguard reads (64 levels): no path in it is judged. */
  | { kind: "too-deep"; field: string };

/** A payload that is not the agent's (malformed, another agent's, a missing field). */
export class PayloadError extends Error {
  constructor(readonly problem: PayloadProblem) {
    super(`agent payload: ${problem.kind}`);
  }
}

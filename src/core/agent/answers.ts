import type { AgentDecision, HookAnswer } from "./agent-event.js";
import { jsonLine } from "./payload-fields.js";

/** Nothing to say: the agent goes on. */
export const allowAnswer: HookAnswer = { exitCode: 0, stdout: "", stderr: "" };

/**
 * Exit 2 with the message on stderr: what blocks a tool call in the agents whose hooks speak in
 * exit codes (Claude Code, Codex — which needs stderr non-empty — Gemini CLI, Windsurf), and what
 * feeds the message back to the model after a tool ran.
 */
export function exitTwo(message: string): HookAnswer {
  return { exitCode: 2, stdout: "", stderr: `${message}\n` };
}

/** A JSON answer on stdout, exit 0. */
export function jsonAnswer(value: unknown): HookAnswer {
  return { exitCode: 0, stdout: jsonLine(value), stderr: "" };
}

/**
 * The answer of an agent that speaks in exit codes and takes session context as
 * `hookSpecificOutput.additionalContext` (Claude Code, Codex, Gemini CLI).
 */
export function exitCodeAnswer(sessionEvent: string, decision: AgentDecision): HookAnswer {
  switch (decision.kind) {
    case "allow":
      return allowAnswer;
    case "deny":
    case "report":
      return exitTwo(decision.message);
    case "context":
      return jsonAnswer({
        hookSpecificOutput: { hookEventName: sessionEvent, additionalContext: decision.text },
      });
  }
}

import type { AgentDialect, AgentEvent } from "./agent-event.js";
import { exitCodeAnswer } from "./answers.js";
import { classifyTool, type ToolNames } from "./classify-tool.js";
import { optionalString, payloadObject, requiredString } from "./payload-fields.js";

/** An agent whose payload is Claude Code's shape: hook_event_name, session_id, tool_name, tool_input. */
export interface ToolEventAgent {
  name: string;
  title: string;
  events: { before: string; after: string; session: string };
  tools: ToolNames;
}

/**
 * Claude Code's hook payload, which Codex and Gemini CLI follow: every event carries
 * hook_event_name, session_id and cwd (and Codex the model); tool events add tool_name,
 * tool_input and (Claude Code, Codex) tool_use_id. A model given as an object names it by `id`.
 */
export function toolEventDialect(agent: ToolEventAgent): AgentDialect {
  return {
    name: agent.name,
    title: agent.title,
    read(value): AgentEvent {
      const payload = payloadObject(value, null);
      const eventName = requiredString(payload, "hook_event_name");
      const base = {
        eventName,
        cwd: optionalString(payload, "cwd"),
        projectDir: null, // told by variable (Environment.agentProjectDirs)
        sessionId: requiredString(payload, "session_id"),
        toolUseId: optionalString(payload, "tool_use_id"),
        model: modelOf(payload.model),
      };
      if (eventName === agent.events.session) {
        return { ...base, moment: "session-start", tool: "", paths: [] };
      }
      const phase =
        eventName === agent.events.before
          ? "before"
          : eventName === agent.events.after
            ? "after"
            : null;
      if (phase === null) return { ...base, moment: "other", tool: "", paths: [] };
      const tool = requiredString(payload, "tool_name");
      const input = payloadObject(payload.tool_input, "tool_input");
      return { ...base, tool, ...classifyTool(agent.tools, tool, input, phase) };
    },
    answer: (_event, decision) => exitCodeAnswer(agent.events.session, decision),
  };
}

function modelOf(model: unknown): string | null {
  if (typeof model === "string") return model || null;
  if (typeof model === "object" && model !== null) {
    const id = (model as Record<string, unknown>).id;
    return typeof id === "string" && id !== "" ? id : null;
  }
  return null;
}

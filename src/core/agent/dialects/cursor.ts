import type { AgentDialect, AgentEvent, AgentMoment } from "../agent-event.js";
import { allowAnswer, jsonAnswer } from "../answers.js";
import { classifyTool } from "../classify-tool.js";
import { optionalString, payloadObject, requiredString } from "../payload-fields.js";
import { toolPaths } from "../tool-paths.js";

const tools = {
  write: new Set(["Write", "Edit", "MultiEdit", "StrReplace", "Delete", "edit_file", "write"]),
  shell: new Set(["Shell", "run_terminal_cmd", "shell"]),
  // Its own tools that write no file (its hooks get every tool: there is no matcher).
  none: new Set([
    "LS",
    "SemanticSearch",
    "WebSearch",
    "WebFetch",
    "Task",
    "TodoWrite",
    "ReadLints",
  ]),
};

/** Cursor's events that are not a tool's before/after pair, and what they are. */
const fixedMoments: Record<string, AgentMoment> = {
  sessionStart: "session-start",
  beforeShellExecution: "before-shell",
  afterShellExecution: "after-shell",
  afterFileEdit: "after-write",
};

/**
 * Cursor (hooks: cursor.com/docs/agent/hooks, `.cursor/hooks.json` version 1): every payload
 * carries hook_event_name, conversation_id, generation_id, model and workspace_roots. A deny is
 * `{"permission":"deny"}` on stdout with agent_message for the model; `failClosed` (set by
 * `agent install`) makes a crash or a timeout block too.
 */
export const cursor: AgentDialect = {
  name: "cursor",
  title: "Cursor",
  read(value): AgentEvent {
    const payload = payloadObject(value, null);
    const eventName = requiredString(payload, "hook_event_name");
    const roots = Array.isArray(payload.workspace_roots) ? payload.workspace_roots : [];
    const base = {
      eventName,
      cwd: optionalString(payload, "cwd") ?? (typeof roots[0] === "string" ? roots[0] : null),
      projectDir: typeof roots[0] === "string" ? roots[0] : null,
      sessionId: requiredString(payload, "conversation_id"),
      toolUseId: optionalString(payload, "tool_use_id") ?? optionalString(payload, "generation_id"),
      model: optionalString(payload, "model"),
    };
    const fixed = fixedMoments[eventName];
    if (fixed) {
      const paths = fixed === "after-write" ? toolPaths({ file_path: payload.file_path }) : [];
      const command = optionalString(payload, "command") ?? undefined;
      return { ...base, moment: fixed, tool: eventName, paths, ...(command ? { command } : {}) };
    }
    if (eventName !== "preToolUse" && eventName !== "postToolUse") {
      return { ...base, moment: "other", tool: "", paths: [] };
    }
    const tool = requiredString(payload, "tool_name");
    const input = payloadObject(payload.tool_input, "tool_input");
    const phase = eventName === "preToolUse" ? "before" : "after";
    return { ...base, tool, ...classifyTool(tools, tool, input, phase) };
  },
  answer(event, decision) {
    switch (decision.kind) {
      case "allow":
        return event?.moment.startsWith("before")
          ? jsonAnswer({ permission: "allow" })
          : allowAnswer;
      case "deny":
      case "report":
        return jsonAnswer({
          permission: "deny",
          user_message: decision.message.split("\n")[0],
          agent_message: decision.message,
        });
      case "context":
        return jsonAnswer({ additional_context: decision.text });
    }
  },
};

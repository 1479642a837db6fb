import type { AgentDialect, AgentEvent } from "../agent-event.js";
import { PayloadError } from "../agent-event.js";
import { allowAnswer, jsonAnswer } from "../answers.js";
import { classifyTool } from "../classify-tool.js";
import { optionalString, payloadObject, requiredString } from "../payload-fields.js";

const tools = {
  write: new Set(["edit", "create", "write", "str_replace_editor", "apply_patch"]),
  shell: new Set(["bash", "powershell", "shell"]),
  // Its own tools that write no file (FACTS.md's list; view, glob and grep read by their verb).
  none: new Set(["task", "web_fetch", "ask_user", "report_intent", "think"]),
};

/**
 * GitHub Copilot CLI and coding agent (hooks: docs.github.com, `.github/hooks/*.json`): the
 * payload names no event — a tool result makes it postToolUse, a tool alone preToolUse, a
 * `source` sessionStart — and toolArgs is a JSON string. Only stdout
 * `{"permissionDecision":"deny"}` blocks: a hook that fails or times out never does.
 */
export const copilot: AgentDialect = {
  name: "copilot",
  title: "GitHub Copilot",
  read(value): AgentEvent {
    const payload = payloadObject(value, null);
    const base = {
      cwd: optionalString(payload, "cwd"),
      projectDir: null,
      sessionId: optionalString(payload, "sessionId") ?? optionalString(payload, "session_id"),
      toolUseId: optionalString(payload, "toolCallId") ?? optionalString(payload, "tool_use_id"),
      model: optionalString(payload, "model"),
    };
    const tool = optionalString(payload, "toolName") ?? optionalString(payload, "tool_name");
    if (tool === null) {
      if (payload.source !== undefined || payload.initialPrompt !== undefined) {
        return { ...base, eventName: "sessionStart", moment: "session-start", tool: "", paths: [] };
      }
      const eventName = optionalString(payload, "hook_event_name");
      if (eventName === null) throw new PayloadError({ kind: "no-tool-or-event" });
      return { ...base, eventName, moment: "other", tool: "", paths: [] };
    }
    const after =
      payload.toolResult !== undefined ||
      payload.tool_response !== undefined ||
      payload.hook_event_name === "PostToolUse";
    const input =
      payload.tool_input !== undefined
        ? payloadObject(payload.tool_input, "tool_input")
        : toolArgs(requiredString(payload, "toolArgs"));
    const eventName = after ? "postToolUse" : "preToolUse";
    return {
      ...base,
      eventName,
      tool,
      ...classifyTool(tools, tool, input, after ? "after" : "before"),
    };
  },
  answer(_event, decision) {
    switch (decision.kind) {
      case "allow":
        return allowAnswer;
      case "deny":
      case "report":
        return jsonAnswer({
          permissionDecision: "deny",
          permissionDecisionReason: decision.message,
        });
      case "context":
        return allowAnswer; // Copilot does not read sessionStart's output
    }
  },
};

function toolArgs(text: string): Record<string, unknown> {
  try {
    return payloadObject(JSON.parse(text), "toolArgs");
  } catch (error) {
    if (error instanceof PayloadError) throw error;
    throw new PayloadError({ kind: "field-not-json", field: "toolArgs" });
  }
}

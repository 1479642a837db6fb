import type { AgentDialect, AgentEvent } from "../agent-event.js";
import { jsonAnswer } from "../answers.js";
import { classifyTool } from "../classify-tool.js";
import { optionalString, payloadObject, requiredString } from "../payload-fields.js";

const tools = {
  write: new Set([
    "write_to_file",
    "replace_in_file",
    "editor",
    "apply_diff",
    "new_file",
    "apply_patch",
  ]),
  shell: new Set(["execute_command", "run_commands"]),
  // Its own tools that write no file (read_file, list_files, search_files read by their verb).
  none: new Set([
    "browser_action",
    "ask_followup_question",
    "attempt_completion",
    "plan_mode_respond",
    "new_task",
    "access_mcp_resource",
    "load_mcp_documentation",
    "web_fetch",
  ]),
};

/**
 * Cline calls every MCP tool through one of its own, use_mcp_tool (server_name, tool_name, and
 * the arguments as a JSON text): judged as the tool it calls, named as agents name MCP tools.
 */
function mcpCall(
  tool: string,
  parameters: Record<string, unknown>,
): { tool: string; input: unknown } {
  const { server_name: server, tool_name: name, arguments: args } = parameters;
  if (tool !== "use_mcp_tool" || typeof server !== "string" || typeof name !== "string") {
    return { tool, input: parameters };
  }
  return { tool: `mcp__${server}__${name}`, input: args ?? {} };
}

/**
 * Cline (hooks: docs.cline.bot, executables in `.clinerules/hooks/`): hookName names the event;
 * the tool is in preToolUse / postToolUse as toolName and parameters (path relative to the
 * first workspace root); model.slug the model. Every answer is JSON: `{"cancel":true,
 * "errorMessage":…}` stops the tool, contextModification adds context.
 */
export const cline: AgentDialect = {
  name: "cline",
  title: "Cline",
  read(value): AgentEvent {
    const payload = payloadObject(value, null);
    const eventName = requiredString(payload, "hookName");
    const roots = Array.isArray(payload.workspaceRoots) ? payload.workspaceRoots : [];
    const model =
      typeof payload.model === "object" && payload.model !== null
        ? optionalString(payload.model as Record<string, unknown>, "slug")
        : null;
    const base = {
      eventName,
      cwd: typeof roots[0] === "string" ? roots[0] : null,
      projectDir: typeof roots[0] === "string" ? roots[0] : null,
      sessionId: requiredString(payload, "taskId"),
      toolUseId: null,
      model,
    };
    if (eventName === "TaskStart" || eventName === "TaskResume") {
      return { ...base, moment: "session-start", tool: "", paths: [] };
    }
    if (eventName !== "PreToolUse" && eventName !== "PostToolUse") {
      return { ...base, moment: "other", tool: "", paths: [] };
    }
    const before = eventName === "PreToolUse";
    const field = before ? "preToolUse" : "postToolUse";
    const call = payloadObject(payload[field], field);
    const named = requiredString(call, "toolName");
    const parameters = payloadObject(call.parameters ?? {}, `${field}.parameters`);
    const { tool, input } = mcpCall(named, parameters);
    return { ...base, tool, ...classifyTool(tools, tool, input, before ? "before" : "after") };
  },
  answer(_event, decision) {
    switch (decision.kind) {
      case "allow":
        return jsonAnswer({ cancel: false });
      case "deny":
        return jsonAnswer({ cancel: true, errorMessage: decision.message });
      case "report":
        return jsonAnswer({ cancel: false, contextModification: decision.message });
      case "context":
        return jsonAnswer({ cancel: false, contextModification: decision.text });
    }
  },
};

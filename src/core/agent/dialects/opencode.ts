import type { AgentDialect, AgentEvent } from "../agent-event.js";
import { exitCodeAnswer } from "../answers.js";
import { classifyTool } from "../classify-tool.js";
import { optionalString, payloadObject, requiredString } from "../payload-fields.js";

const tools = {
  write: new Set(["write", "edit", "patch", "multiedit", "apply_patch"]),
  shell: new Set(["bash"]),
  // Its own tools that write no file (read, list, glob, grep read by their verb).
  none: new Set(["webfetch", "websearch", "codesearch", "todowrite", "todoread", "task", "skill"]),
};

/**
 * opencode and Kilo, through the plugin `agent install` writes (`.opencode/plugin/intentguard.js`):
 * the plugin hands each `tool.execute.before` / `.after` and `session.created` to this command as
 * `{hook, directory, input, output}`, and throws — which stops the tool — when it exits 2, with
 * stderr as the error.
 */
export const opencode: AgentDialect = {
  name: "opencode",
  title: "opencode",
  read(value): AgentEvent {
    const payload = payloadObject(value, null);
    const eventName = requiredString(payload, "hook");
    const input = payloadObject(payload.input ?? {}, "input");
    const base = {
      eventName,
      cwd: optionalString(payload, "directory"),
      projectDir: optionalString(payload, "directory"),
      sessionId: optionalString(input, "sessionID"),
      toolUseId: optionalString(input, "callID"),
      model: optionalString(input, "model"),
    };
    if (eventName === "session.created")
      return { ...base, moment: "session-start", tool: "", paths: [] };
    if (eventName !== "tool.execute.before" && eventName !== "tool.execute.after") {
      return { ...base, moment: "other", tool: "", paths: [] };
    }
    const tool = requiredString(input, "tool");
    const output = payloadObject(payload.output ?? {}, "output");
    const phase = eventName === "tool.execute.before" ? "before" : "after";
    return { ...base, tool, ...classifyTool(tools, tool, output.args ?? {}, phase) };
  },
  answer: (_event, decision) =>
    decision.kind === "context"
      ? { exitCode: 0, stdout: `${decision.text}\n`, stderr: "" }
      : exitCodeAnswer("", decision),
};

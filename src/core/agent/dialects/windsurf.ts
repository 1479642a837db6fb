import type { AgentDialect, AgentEvent, AgentMoment } from "../agent-event.js";
import { exitCodeAnswer } from "../answers.js";
import { optionalString, payloadObject, requiredString } from "../payload-fields.js";
import { toolPaths } from "../tool-paths.js";

const moments: Record<string, AgentMoment> = {
  pre_write_code: "before-write",
  post_write_code: "after-write",
  pre_run_command: "before-shell",
  post_run_command: "after-shell",
};

/**
 * Windsurf Cascade (hooks: docs.windsurf.com, `.windsurf/hooks.json`): agent_action_name names
 * the event, tool_info holds file_path (or command_line and cwd), model_name the model. Exit 2
 * blocks a pre-hook, with stderr shown.
 */
export const windsurf: AgentDialect = {
  name: "windsurf",
  title: "Windsurf",
  read(value): AgentEvent {
    const payload = payloadObject(value, null);
    const eventName = requiredString(payload, "agent_action_name");
    const info = payloadObject(payload.tool_info ?? {}, "tool_info");
    const moment = moments[eventName] ?? "other";
    const command = moment.endsWith("shell") ? optionalString(info, "command_line") : null;
    return {
      ...(command ? { command } : {}),
      eventName,
      moment,
      tool: eventName,
      paths: moment.endsWith("write") ? toolPaths({ file_path: info.file_path }) : [],
      cwd: optionalString(info, "cwd"),
      projectDir: null,
      sessionId: requiredString(payload, "trajectory_id"),
      toolUseId: optionalString(payload, "execution_id"),
      model: optionalString(payload, "model_name"),
    };
  },
  answer: (_event, decision) =>
    decision.kind === "context"
      ? exitCodeAnswer("", { kind: "allow" })
      : exitCodeAnswer("", decision),
};

import { toolEventDialect } from "../tool-event-dialect.js";

/**
 * Gemini CLI (hooks: geminicli.com/docs/hooks): BeforeTool / AfterTool with tool_name and
 * tool_input; exit 2 blocks with stderr as the reason.
 */
export const gemini = toolEventDialect({
  name: "gemini",
  title: "Gemini CLI",
  events: { before: "BeforeTool", after: "AfterTool", session: "SessionStart" },
  tools: {
    write: new Set(["write_file", "replace", "edit"]),
    shell: new Set(["run_shell_command"]),
  },
});

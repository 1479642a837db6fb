import { toolEventDialect } from "../tool-event-dialect.js";

/**
 * Claude Code (hooks reference: code.claude.com/docs/en/hooks). PreToolUse exit 2 blocks the
 * tool and shows stderr to Claude; SessionStart names the model.
 */
export const claudeCode = toolEventDialect({
  name: "claude-code",
  title: "Claude Code",
  events: { before: "PreToolUse", after: "PostToolUse", session: "SessionStart" },
  tools: {
    write: new Set(["Write", "Edit", "MultiEdit", "NotebookEdit"]),
    shell: new Set(["Bash", "PowerShell"]),
  },
});

import { toolEventDialect } from "../tool-event-dialect.js";

/**
 * Codex CLI (hooks: developers.openai.com/codex/hooks): Claude Code's payload with `model`;
 * apply_patch carries the patch text, whose file headers are the paths. Exit 2 blocks only with
 * a non-empty stderr, which every deny has.
 */
export const codex = toolEventDialect({
  name: "codex",
  title: "Codex CLI",
  events: { before: "PreToolUse", after: "PostToolUse", session: "SessionStart" },
  tools: {
    write: new Set(["apply_patch", "Write", "Edit"]),
    shell: new Set(["shell", "exec_command", "local_shell", "Bash", "unified_exec"]),
  },
});

import type { AgentMoment } from "./agent-event.js";
import { isMcpTool, soundsLikeShell, soundsLikeWrite, toolPaths } from "./tool-paths.js";

/** An agent's own tool names: those that write files, and those that run a shell. */
export interface ToolNames {
  write: ReadonlySet<string>;
  shell: ReadonlySet<string>;
}

/**
 * The moment of a tool event and the paths it writes: a known write tool, a known shell, or a tool
 * the agent's list does not know (an MCP server's) whose name says it writes and whose input names
 * a path — or, an MCP tool whose name says it writes, whatever its input: one whose path cannot be
 * read is then denied, not waved through. Everything else (reads, searches, web) is "other".
 */
export function classifyTool(
  names: ToolNames,
  tool: string,
  input: unknown,
  phase: "before" | "after",
): { moment: AgentMoment; paths: string[] } {
  // An MCP tool that runs commands is a shell: what it changed is found after it.
  if (
    names.shell.has(tool) ||
    (isMcpTool(tool) && soundsLikeShell(tool) && !soundsLikeWrite(tool))
  ) {
    return { moment: `${phase}-shell`, paths: [] };
  }
  const paths = toolPaths(input);
  const unknownWrite = soundsLikeWrite(tool) && (paths.length > 0 || isMcpTool(tool));
  if (names.write.has(tool) || unknownWrite) {
    return { moment: `${phase}-write`, paths };
  }
  return { moment: "other", paths: [] };
}

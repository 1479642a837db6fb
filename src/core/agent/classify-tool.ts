import type { AgentMoment } from "./agent-event.js";
import { shellCommandText } from "./shell-words.js";
import {
  isMcpTool,
  type NamedPath,
  namedPaths,
  soundsLikeReader,
  soundsLikeShell,
  toolPaths,
} from "./tool-paths.js";

/**
 * An agent's own tool names: those that write files, those that run a shell, and — for an agent
 * whose hooks get every tool (no matcher) — those of its own that write nothing in the repository
 * whatever their name (`LS`, `todowrite`, `task`): never judged.
 */
export interface ToolNames {
  write: ReadonlySet<string>;
  shell: ReadonlySet<string>;
  none?: ReadonlySet<string>;
}

/** A tool event, classified: its moment, the paths a known write tool names, an unknown tool's. */
export interface ClassifiedTool {
  moment: AgentMoment;
  paths: string[];
  /** A tool the agent's lists do not know (an MCP server's): every string that may be a path. */
  unknownTool?: NamedPath[];
  /** A shell tool's command line. */
  command?: string;
}

/**
 * The moment of a tool event and the paths it writes. A known write tool names its files; a known
 * shell, or an MCP tool that runs commands, is judged by what it changed (after it ran). Any other
 * tool is a reader only when its leading verb says so (read, get, list, search, find, view, grep,
 * glob, stat); otherwise it may write, and is judged on every path it names (tool-paths.ts
 * namedPaths) — which of them name a place in the repository, and whether a policy lists it as a
 * reader, the use case decides. A call that names no path at all is then allowed.
 */
export function classifyTool(
  names: ToolNames,
  tool: string,
  input: unknown,
  phase: "before" | "after",
): ClassifiedTool {
  const shell: ClassifiedTool = {
    moment: `${phase}-shell`,
    paths: [],
    command: shellCommandText(input),
  };
  if (names.shell.has(tool)) return shell;
  if (names.write.has(tool)) return { moment: `${phase}-write`, paths: toolPaths(input) };
  if (names.none?.has(tool) || soundsLikeReader(tool)) return { moment: "other", paths: [] };
  if (isMcpTool(tool) && soundsLikeShell(tool)) return shell;
  return { moment: `${phase}-write`, paths: [], unknownTool: namedPaths(input) };
}

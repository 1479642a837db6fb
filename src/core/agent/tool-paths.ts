import { patchPaths } from "./patch-paths.js";

/**
 * The fields that name a file a tool writes, across agents and MCP servers (the filesystem
 * server's move_file names `source` and `destination`).
 */
const pathKeys = new Set([
  "file_path",
  "filePath",
  "filepath",
  "path",
  "paths",
  "notebook_path",
  "target_file",
  "filename",
  "file",
  "source",
  "destination",
  "dest",
  "target",
  "target_path",
  "targetPath",
  "new_path",
  "newPath",
  "old_path",
  "oldPath",
  "files",
  "sources",
  "destinations",
  "targets",
  "uri",
]);

/**
 * The paths a tool call writes, read from its input wherever an agent puts them: a path field
 * (file_path, path, filePath, notebook_path, target_file, at the top or in an `edits` list) and
 * the headers of a patch text in any string field. Unknown shapes give no paths: the caller
 * decides what a write tool without a path means.
 */
export function toolPaths(input: unknown): string[] {
  const found: string[] = [];
  collect(input, 0, found);
  return [...new Set(found)];
}

function collect(value: unknown, depth: number, found: string[]): void {
  if (depth > 16 || value === null) return;
  if (typeof value === "string") {
    const patch = patchPaths(value);
    if (patch) found.push(...patch);
    return;
  }
  if (Array.isArray(value)) {
    for (const item of value) collect(item, depth + 1, found);
    return;
  }
  if (typeof value !== "object") return;
  for (const [key, field] of Object.entries(value)) {
    if (pathKeys.has(key)) collectPaths(field, depth + 1, found);
    else if (key !== "content" && key !== "new_string" && key !== "old_string") {
      collect(field, depth + 1, found);
    }
  }
}

/** Under a path field: strings are paths (a `file://` URI too), lists and objects hold more. */
function collectPaths(value: unknown, depth: number, found: string[]): void {
  if (depth > 16) return;
  if (typeof value === "string") {
    if (value.trim() === "") return;
    found.push(
      value.startsWith("file://") ? decodeURIComponent(value.slice("file://".length)) : value,
    );
  } else if (Array.isArray(value)) {
    for (const item of value) collectPaths(item, depth + 1, found);
  } else if (typeof value === "object" && value !== null) {
    for (const item of Object.values(value)) collectPaths(item, depth + 1, found);
  }
}

/** A tool that writes files, by its name, where the agent's own list does not know it (MCP). */
export function soundsLikeWrite(tool: string): boolean {
  return /(write|edit|patch|create|replace|delete|remove|move|rename|insert|save|put|append|upload|copy|mkdir|touch|diff|format|fix)/i.test(
    tool,
  );
}

/** A tool that runs commands, by its name, where the agent's own list does not know it (MCP). */
export function soundsLikeShell(tool: string): boolean {
  return /(shell|command|terminal|exec|process|bash|script|run_|checkout|reset|stash)/i.test(tool);
}

/** An MCP server's tool, as agents name them (`mcp__server__tool`, Gemini's `mcp_server_tool`). */
export function isMcpTool(tool: string): boolean {
  return /^mcp_/i.test(tool);
}

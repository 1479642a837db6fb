import { patchPaths } from "./patch-paths.js";

/** The fields that name the file a tool writes, across agents. */
const pathKeys = new Set(["file_path", "filePath", "path", "notebook_path", "target_file"]);

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
  if (depth > 4 || value === null) return;
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
    if (pathKeys.has(key) && typeof field === "string" && field.trim() !== "") found.push(field);
    else if (key !== "content" && key !== "new_string" && key !== "old_string") {
      collect(field, depth + 1, found);
    }
  }
}

/** A tool that writes files, by its name, where the agent's own list does not know it (MCP). */
export function soundsLikeWrite(tool: string): boolean {
  return /(write|edit|patch|create|replace|delete|remove|move|rename|insert|str_replace)/i.test(
    tool,
  );
}

import { PayloadError } from "./agent-event.js";
import { patchPaths } from "./patch-paths.js";

/** A string of a tool's input that may name a file it writes, and the field it was found in. */
export interface NamedPath {
  path: string;
  /** Where in the input: `path`, `edits[1].filePath`, `arguments.relative_path`. */
  field: string;
  /**
   * `named`: under a path-like field, a `file:` URI, or a patch header — judged as given.
   * `looks-like`: any other string shaped like a path (an object's key too) — judged only where
   * it names a place in the repository (an absolute path inside it, or a relative one whose first
   * folder is there). `file-name`: a bare name with an extension (`b.js`) — judged only where a
   * file of that name is (a new one made by such a name is a shell's kind of write: the commit
   * gate judges it).
   */
  how: "named" | "looks-like" | "file-name";
}

/**
 * The words that make a field a path's, wherever they stand in its name (`file_path`,
 * `pathInProject`, `relative_path`, `outputDir`, `dest`): split at `_`, `-`, `.` and case changes.
 */
const pathWords = new Set([
  "path",
  "paths",
  "filepath",
  "file",
  "files",
  "filename",
  "filenames",
  "uri",
  "uris",
  "dir",
  "dirs",
  "dirname",
  "directory",
  "directories",
  "folder",
  "folders",
  "dest",
  "destination",
  "destinations",
  "target",
  "targets",
  "output",
  "outputs",
  "relative",
  "source",
  "sources",
  "notebook",
]);

/**
 * A field holding what is written, never where: its strings are not paths, not even a patch text
 * (a file written with a patch as its content is one file, not those the patch names).
 */
const contentFields = new Set(["content", "contents", "new_string", "old_string", "text", "body"]);

/**
 * Every string of a tool's input that may name a file it writes: strings under a path-like field
 * (in any nesting or list), `file://` URIs anywhere, the headers of a patch text in any string,
 * and — as `looks-like` — any other single-line string shaped like a path. A string that is
 * itself JSON (an MCP call's `arguments`, as some agents pass them) is read as the object it
 * holds. In input order, each path once.
 */
export function namedPaths(input: unknown): NamedPath[] {
  const found = new Map<string, NamedPath>();
  collect(input, "", false, 0, (named) => {
    const known = found.get(named.path);
    if (!known || (known.how === "looks-like" && named.how === "named")) {
      found.set(named.path, named);
    }
  });
  return [...found.values()];
}

/** The paths a known write tool names (namedPaths' `named` ones): its file fields and patches. */
export function toolPaths(input: unknown): string[] {
  return namedPaths(input)
    .filter((named) => named.how === "named")
    .map((named) => named.path);
}

/** Deeper than this, a tool's input is not read through: the call is refused, not waved through. */
const deepest = 64;

function collect(
  value: unknown,
  field: string,
  underPathField: boolean,
  depth: number,
  add: (named: NamedPath) => void,
): void {
  if (value === null || value === undefined) return;
  // Nested past what is read: the call is refused as a payload that cannot be read.
  if (depth > deepest) throw new PayloadError({ kind: "too-deep", field: field || "tool input" });
  if (typeof value === "string") {
    collectString(value, field, underPathField, depth, add);
    return;
  }
  if (Array.isArray(value)) {
    value.forEach((item, index) => {
      collect(item, `${field}[${index}]`, underPathField, depth + 1, add);
    });
    return;
  }
  if (typeof value !== "object") return;
  for (const [key, item] of Object.entries(value)) {
    const name = field === "" ? key : `${field}.${key}`;
    // A key can be the path (`{"changes": {"src/x.js": …}}`).
    if (!underPathField) collectLooksLike(key, `${name} (a key)`, add);
    // What a content field holds is written, never where: its text is no path; what it nests is.
    if (contentFields.has(key) && typeof item === "string") continue;
    collect(item, name, underPathField || isPathField(key), depth + 1, add);
  }
}

function collectString(
  value: string,
  field: string,
  underPathField: boolean,
  depth: number,
  add: (named: NamedPath) => void,
): void {
  if (collectPatch(value, field, add)) return;
  const trimmed = value.trim();
  if (trimmed === "") return;
  if (/^file:/i.test(trimmed)) {
    add({ path: fileUriPath(trimmed), field, how: "named" });
    return;
  }
  if (/^[[{]/.test(trimmed)) {
    const parsed = parseJson(trimmed);
    if (parsed !== undefined) {
      collect(parsed, field, underPathField, depth + 1, add);
      return;
    }
  }
  if (underPathField) {
    if (!/[\n\0]/.test(value)) add({ path: value, field, how: "named" });
    return;
  }
  collectLooksLike(value, field, add);
}

function collectLooksLike(value: string, field: string, add: (named: NamedPath) => void): void {
  if (looksLikePath(value)) add({ path: value, field, how: "looks-like" });
  else if (/^[^\s/\\]{1,200}\.[A-Za-z][A-Za-z0-9]{0,7}$/.test(value)) {
    add({ path: value, field, how: "file-name" });
  }
}

/** The headers of a patch text (Codex's apply_patch format), in any string. */
function collectPatch(value: string, field: string, add: (named: NamedPath) => void): boolean {
  const patch = patchPaths(value);
  if (!patch) return false;
  for (const path of patch) add({ path, field, how: "named" });
  return true;
}

/** Whether a field's name says it holds a path: one of its words is a path word. */
export function isPathField(key: string): boolean {
  return key
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[\s_.-]+/)
    .some((word) => pathWords.has(word) || word.startsWith("relative"));
}

/**
 * A string shaped like a file's path: one line, no URL scheme but file://, and either absolute or
 * holding a `/` (a bare word is a value, not a place).
 */
function looksLikePath(value: string): boolean {
  if (value.length > 4096 || /[\n\r\0]/.test(value)) return false;
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(value)) return false;
  return value.startsWith("/") || value.includes("/");
}

function fileUriPath(uri: string): string {
  // file:///x, file://localhost/x and file:/x name /x; anything else after file:// is the path.
  const rest = uri.replace(/^file:(\/\/(localhost)?)?/i, "");
  const local = rest;
  try {
    return decodeURIComponent(local);
  } catch {
    return local;
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * The verbs a tool's name may start with that say it only reads (its leading verb, after an MCP
 * server's prefix): such a tool is never judged. Any other tool an agent's own list does not know
 * is judged on every path it names.
 */
export const readerVerbs: ReadonlySet<string> = new Set([
  "read",
  "get",
  "list",
  "search",
  "find",
  "view",
  "grep",
  "glob",
  "stat",
]);

/** An MCP server's tool, as agents name them (`mcp__server__tool`, Gemini's `mcp_server_tool`). */
export function isMcpTool(tool: string): boolean {
  return /^mcp_/i.test(tool);
}

/**
 * A tool's leading verb: the first word of its own name — after `mcp__<server>__`, or after
 * `mcp_<server>_` (where a server's name holding `_` leaves a word of it first: then the tool is
 * judged, never waved through).
 */
export function leadingVerb(tool: string): string {
  return words(ownName(tool))[0] ?? "";
}

function ownName(tool: string): string {
  return /^mcp__.*?__(.+)$/i.exec(tool)?.[1] ?? /^mcp_[^_]+_(.+)$/i.exec(tool)?.[1] ?? tool;
}

function words(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/** Whether a tool's leading verb says it only reads, and no word after it that it writes. */
export function soundsLikeReader(tool: string): boolean {
  const own = words(ownName(tool));
  return readerVerbs.has(own[0] ?? "") && !own.slice(1).some((word) => writerWords.has(word));
}

/**
 * A tool that runs commands, by a word of its name (not a part of one: `update_description` holds
 * "script"), where the agent's own list does not know it (MCP).
 */
export function soundsLikeShell(tool: string): boolean {
  return words(tool).some((word) => shellWords.has(word));
}

const shellWords = new Set([
  "shell",
  "command",
  "commands",
  "cmd",
  "terminal",
  "exec",
  "execute",
  "process",
  "bash",
  "sh",
  "script",
  "run",
  "checkout",
  "reset",
  "stash",
]);

/**
 * The verbs that say a tool may change files, wherever they stand in its name: a reader's verb
 * first (`search_and_replace`, `getOrCreateFile`) is no reader's tool then.
 */
const writerWords = new Set([
  "write",
  "edit",
  "replace",
  "create",
  "update",
  "set",
  "put",
  "patch",
  "delete",
  "remove",
  "move",
  "rename",
  "insert",
  "append",
  "save",
  "store",
  "upload",
  "copy",
  "apply",
  "modify",
  "change",
  "format",
  "fix",
  "make",
  "add",
]);

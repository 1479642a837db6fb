import type { TracedFileV2 } from "./record-schema.js";

/**
 * Extensions of source code: text a parser turns into a syntax tree, which an edit can reshape
 * without changing what it does. Data, configuration, lock files, documents and binaries have no
 * such tree to refactor: an edit of one changes what it says.
 */
const sourceCode = new Set([
  "c",
  "cc",
  "cjs",
  "clj",
  "cpp",
  "cs",
  "css",
  "cxx",
  "dart",
  "elm",
  "erl",
  "ex",
  "exs",
  "fs",
  "go",
  "h",
  "hpp",
  "hs",
  "java",
  "jl",
  "js",
  "jsx",
  "kt",
  "kts",
  "less",
  "lua",
  "m",
  "mjs",
  "ml",
  "mm",
  "mts",
  "cts",
  "php",
  "pl",
  "pm",
  "ps1",
  "py",
  "pyi",
  "r",
  "rb",
  "rs",
  "scala",
  "scss",
  "sh",
  "bash",
  "zsh",
  "sql",
  "svelte",
  "swift",
  "ts",
  "tsx",
  "vue",
  "zig",
]);

const executableMode = "100755";
const symlinkMode = "120000";
const gitlinkMode = "160000";

/**
 * The seed's two classes, by what the commit did to the file. Creating or deleting a file
 * changes what the code base does: INTENT_EVOLUTION. Renaming a file without editing it reshapes
 * what is there: AST_REFACTOR. An edit of source code (by the file's name, or its mode after the
 * commit; never a binary file, a compiled program among them) is AST_REFACTOR as well; an edit of
 * anything else — a lock file, YAML or JSON configuration, a document, a binary — changes what
 * the code base does or says, so it is INTENT_EVOLUTION rather than a refactor of a syntax tree
 * it does not have.
 */
export function mutationClass(
  operation: TracedFileV2["operation"],
  file: { path: string; mode: string | null; binary: boolean },
  contentChanged: boolean,
): TracedFileV2["mutation_class"] {
  if (operation === "create" || operation === "delete") return "INTENT_EVOLUTION";
  if (!contentChanged || (!file.binary && isSourceCode(file.path, file.mode))) {
    return "AST_REFACTOR";
  }
  return "INTENT_EVOLUTION";
}

/** Source code by its extension, or an executable file (a script: `bin/deploy`, `examples/pm`); never a link. */
function isSourceCode(path: string, mode: string | null): boolean {
  if (mode === executableMode) return true;
  // A symbolic link holds a path, a submodule a commit: neither is code, whatever its name.
  if (mode === symlinkMode || mode === gitlinkMode) return false;
  const name = path.slice(path.lastIndexOf("/") + 1);
  const dot = name.lastIndexOf(".");
  return dot > 0 && sourceCode.has(name.slice(dot + 1).toLowerCase());
}

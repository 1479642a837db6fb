/** The git hooks intentguard installs, each backed by a shim of the same name in hooks/. */
export const managedHooks = [
  "pre-commit",
  "prepare-commit-msg",
  "commit-msg",
  "pre-merge-commit",
  "post-commit",
  "post-rewrite",
  "pre-push",
] as const;

/** Hooks git feeds on stdin: a chained hook and ours must both see the input. */
export const hooksReadingStdin: ReadonlySet<string> = new Set(["pre-push", "post-rewrite"]);

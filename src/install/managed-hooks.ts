/** The git hooks intentguard installs, each backed by a shim of the same name in hooks/. */
export const managedHooks = [
  "pre-commit",
  "prepare-commit-msg",
  "commit-msg",
  "applypatch-msg",
  "reference-transaction",
  "pre-push",
] as const;

/**
 * Hooks earlier versions installed and this one no longer uses (the reference-transaction hook
 * judges and traces every commit now): install and uninstall remove intentguard's from them.
 */
export const retiredHooks = ["pre-merge-commit", "post-commit", "post-rewrite"] as const;

/** Hooks git feeds on stdin: a chained hook and ours must both see the input. */
export const hooksReadingStdin: ReadonlySet<string> = new Set([
  "pre-push",
  "post-rewrite",
  "reference-transaction",
]);

/**
 * Hooks husky 9 does not generate a runner for in `.husky/_/` (its list predates them): install
 * writes the runner itself, the same two lines husky writes for the others.
 */
export const hooksHuskyLacks: ReadonlySet<string> = new Set(["reference-transaction"]);

/** What `intentguard install` prints the first time it installs into husky's .husky/. */
export const firstHuskyInstallReport = [
  "intentguard install: husky hooks in .husky/",
  "  installed .husky/intentguard.sh",
  "  added our line to .husky/pre-commit",
  "  added our line to .husky/prepare-commit-msg",
  "  added our line to .husky/commit-msg",
  "  added our line to .husky/applypatch-msg",
  "  added our line to .husky/reference-transaction",
  "  installed .husky/_/reference-transaction",
  "  added our line to .husky/pre-push",
  "  set up husky's hooks for every linked work tree (git worktree add): git runs them from .git/intentguard-worktrees/",
  "",
].join("\n");

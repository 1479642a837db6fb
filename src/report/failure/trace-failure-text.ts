import type { TraceFailure } from "../../core/failure/trace-failure.js";

/** How many of the lines that reach a shallow clone's edge are named. */
const linesNamed = 10;

/**
 * The words for a trace question that has no answer here; `agent` when an agent's tool asks,
 * which is never told to skip the hooks.
 */
export function traceFailureText(failure: TraceFailure, agent = false): string {
  switch (failure.kind) {
    case "notes-ref-unreadable": {
      const { ref, object } = failure;
      const fix = agent
        ? "Ask the person you work for to point it back at the last good notes commit, or to remove it and fetch the team's notes again"
        : `Point it back at the last good notes commit (git reflog ${ref}, then INTENTGUARD=0 git update-ref ${ref} <commit>: the hooks refuse any other writer of it), or remove it (INTENTGUARD=0 git update-ref -d ${ref}) and fetch the team's notes again with intentguard trace fetch`;
      return `${ref} points at ${object}, which git cannot read as notes (it is no notes commit: written there by hand or by another tool), so no trace record can be read. ${fix}.`;
    }
    case "blame-binary":
      return `${failure.path} is a binary file (a NUL in its first 8,000 bytes, git's own test): it has no lines to blame. Name a text file.`;
    case "blame-refused": {
      const { path, rev, gitSaid } = failure;
      const at = rev ? ` at ${rev}` : "";
      if (!failure.missing) return `cannot blame ${path}${at}: ${gitSaid}.`;
      return `cannot blame ${path}${at}: ${gitSaid}. Name a file git tracks${rev ? " at that revision" : ""} (git ls-files lists them), and a revision that exists.`;
    }
    case "shallow-edge": {
      const { lines } = failure;
      const named =
        lines === null
          ? ""
          : ` ${lines.slice(0, linesNamed).join(", ")}${lines.length > linesNamed ? ` and ${lines.length - linesNamed} more` : ""}`;
      return `${failure.path}: lines${named} reach the edge of this shallow clone (commit ${failure.commit.slice(0, 12)}), so the commit that last changed them is not here. Fetch the history (git fetch --unshallow), then ${failure.redo} again.`;
    }
    case "stats-tip-unresolved":
      return `the tip of ${JSON.stringify(failure.tip)} is not a commit git can resolve. Name a revision that exists.`;
    case "stats-path-untouched":
      return `${failure.path} is not a path git tracks at ${failure.tip}, and no commit of ${failure.range} touched it: there is nothing to count. git ls-files lists the tracked files.`;
  }
}

import path from "node:path";
import { huskyLauncherName } from "../../core/install-layout.js";
import { notesRef } from "../../core/trace/notes-ref.js";
import type { HookFileResult, HooksReport } from "../../install/install-hooks.js";
import { plural } from "../text/count.js";

const fileVerbs = { added: "installed", updated: "updated", removed: "removed" } as const;
const lineVerbs = {
  added: "added our line to",
  updated: "updated our line in",
  removed: "removed our line from",
} as const;

/**
 * What install or uninstall changed, one line per change, and where the hooks live. What was
 * already as it should be is summed up in one line (install) or left out (uninstall).
 */
export function formatInstallReport(
  root: string,
  report: HooksReport,
  command: "install" | "uninstall",
): string {
  const { target } = report;
  const where =
    target.kind === "husky"
      ? `husky hooks in ${path.relative(root, target.dir) || "."}/`
      : `git hooks in ${target.dir}`;
  const lines = [`intentguard ${command}: ${where}`];
  let unchanged = 0;
  for (const result of report.results) {
    const { file, action } = result;
    if (action === "absent") continue;
    if (action === "unchanged") {
      if (file.startsWith(target.dir)) unchanged++;
      continue;
    }
    const verb = isHuskyLine(report, result) ? lineVerbs[action] : fileVerbs[action];
    lines.push(`  ${verb} ${path.relative(root, file) || file}`);
  }
  if (report.rewriteRef === "removed") {
    lines.push(`  removed git config notes.rewriteRef ${notesRef}`);
  }
  for (const { remote, action } of report.notesFetch) {
    if (action === "added") {
      lines.push(
        `  added a fetch refspec to remote ${remote}: git fetch and git pull bring its notes`,
      );
    } else if (action === "removed") {
      lines.push(`  removed the notes fetch refspec from remote ${remote}`);
    }
  }
  const linked = linkedWorktreesLine(report, path.relative(root, report.linkedWorktrees.dir));
  if (linked) lines.push(linked);
  if (lines.length === 1) {
    lines.push(
      command === "install" ? "  everything was already installed" : "  nothing to remove",
    );
  } else if (command === "install" && unchanged > 0) {
    lines.push(`  ${plural(unchanged, "other hook file")} already up to date`);
  }
  if (target.kind === "husky" && !target.huskyInstalled) {
    lines.push(
      "  note: husky is not active in this clone (core.hooksPath is unset), so none of these hooks run yet: run npx husky, then intentguard install",
    );
  }
  return `${lines.join("\n")}\n`;
}

/** A husky hook file gets one line of ours; the launcher and the runners in `_/` are files. */
function isHuskyLine(report: HooksReport, { file, hook }: HookFileResult): boolean {
  return (
    report.target.kind === "husky" &&
    path.dirname(file) === report.target.dir &&
    hook !== huskyLauncherName
  );
}

/** The hooks of linked work trees (src/install/linked-worktrees.ts), when they changed. */
function linkedWorktreesLine(report: HooksReport, dir: string): string | undefined {
  switch (report.linkedWorktrees.action) {
    case "added":
      return `  set up husky's hooks for every linked work tree (git worktree add): git runs them from ${dir}/`;
    case "updated":
      return `  updated the hooks of linked work trees in ${dir}/`;
    case "removed":
      return `  removed the hooks of linked work trees (${dir}/)`;
    default:
      return undefined;
  }
}

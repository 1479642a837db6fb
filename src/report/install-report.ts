import path from "node:path";
import { notesRef } from "../core/trace/notes-ref.js";
import type { HooksReport } from "../install/install-hooks.js";

const verbs = {
  added: "installed",
  updated: "updated",
  unchanged: "already up to date",
  removed: "removed",
  absent: "",
} as const;

/** One line per hook file touched, and where the hooks live. */
export function formatInstallReport(root: string, report: HooksReport): string {
  const { target } = report;
  const where =
    target.kind === "husky"
      ? `husky hooks in ${path.relative(root, target.dir) || "."}/`
      : `git hooks in ${target.dir}`;
  const lines = [`intentguard: ${where}`];
  for (const { file, action } of report.results) {
    if (action === "absent" || (action === "unchanged" && !file.startsWith(target.dir))) continue;
    lines.push(`  ${verbs[action].padEnd(18)} ${path.relative(root, file) || file}`);
  }
  if (report.rewriteRef !== "absent") {
    lines.push(`  ${verbs[report.rewriteRef].padEnd(18)} git config notes.rewriteRef ${notesRef}`);
  }
  if (target.kind === "husky" && !target.huskyInstalled) {
    lines.push(
      "  note: husky is not installed in this clone yet (core.hooksPath is unset): run npx husky",
    );
  }
  return `${lines.join("\n")}\n`;
}

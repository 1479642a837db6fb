import type { KeptEscape } from "../../agent/escapes.js";
import type { Diagnosis } from "../../doctor/diagnose.js";
import type { Style } from "../text/style.js";
import { undoText } from "../verdict/after-tool-findings.js";

/** `intentguard doctor`: one line per finding with its fix, and the overall answer. */
export function formatDoctorReport(
  root: string,
  diagnoses: readonly Diagnosis[],
  style: Style,
  escapes: readonly KeptEscape[] = [],
): string {
  const mark = { ok: style.green("✓"), warn: style.yellow("!"), fail: style.red("✗") };
  const lines = [`intentguard doctor (${root})`];
  for (const { level, what, fix } of diagnoses) {
    lines.push(`  ${mark[level]} ${what}`);
    if (fix) lines.push(style.dim(`      fix: ${fix}`));
  }
  for (const found of escapes) {
    const name =
      found.ref === "HEAD" ? "the detached HEAD" : found.ref.replace(/^refs\/heads\//, "");
    const commits = found.commits.map((commit) => commit.slice(0, 12)).join(", ");
    lines.push(
      `  ${mark.fail} ${found.commits.length === 1 ? "a commit" : `${found.commits.length} commits`} on ${name} got past the commit gate (${commits}; after a shell command of ${found.agent} at ${found.at}): pushes of them are refused`,
    );
    lines.push(style.dim(`      fix: ${undoText(found)}`));
  }
  const failed = diagnoses.some((diagnosis) => diagnosis.level === "fail") || escapes.length > 0;
  lines.push(
    failed ? "Hooks will not run as intended until the ✗ items are fixed." : "Hooks will run.",
  );
  return `${lines.join("\n")}\n`;
}

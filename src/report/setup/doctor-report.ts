import type { Diagnosis } from "../../doctor/diagnose.js";
import type { Style } from "../text/style.js";

/** `intentguard doctor`: one line per finding with its fix, and the overall answer. */
export function formatDoctorReport(
  root: string,
  diagnoses: readonly Diagnosis[],
  style: Style,
): string {
  const mark = { ok: style.green("✓"), warn: style.yellow("!"), fail: style.red("✗") };
  const lines = [`intentguard doctor (${root})`];
  for (const { level, what, fix } of diagnoses) {
    lines.push(`  ${mark[level]} ${what}`);
    if (fix) lines.push(style.dim(`      fix: ${fix}`));
  }
  const failed = diagnoses.some((diagnosis) => diagnosis.level === "fail");
  lines.push(
    failed ? "Hooks will not run as intended until the ✗ items are fixed." : "Hooks will run.",
  );
  return `${lines.join("\n")}\n`;
}

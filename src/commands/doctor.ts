import type { CommandInput } from "../cli/command.js";
import { diagnose } from "../doctor/diagnose.js";
import { ExitCode } from "../errors.js";
import { locateRepo } from "../git/repo.js";
import { styleFor } from "../report/style.js";

/** Lists what would keep the hooks from running here, each with its fix; exit 1 if anything does. */
export async function run(_input: CommandInput): Promise<ExitCode> {
  const repo = await locateRepo();
  const diagnoses = await diagnose(repo);
  const style = await styleFor(process.stdout);
  const mark = { ok: style.green("✓"), warn: style.yellow("!"), fail: style.red("✗") };
  const lines = [`intentguard doctor (${repo.root})`];
  for (const { level, what, fix } of diagnoses) {
    lines.push(`  ${mark[level]} ${what}`);
    if (fix) lines.push(style.dim(`      fix: ${fix}`));
  }
  const failed = diagnoses.some((diagnosis) => diagnosis.level === "fail");
  lines.push(
    failed ? "Hooks will not run as intended until the ✗ items are fixed." : "Hooks will run.",
  );
  process.stdout.write(`${lines.join("\n")}\n`);
  return failed ? ExitCode.Blocked : ExitCode.Ok;
}

import { standingEscapes } from "../agent/escapes.js";
import { diagnose } from "../doctor/diagnose.js";
import { ExitCode } from "../errors.js";
import { locateRepo } from "../git/repo.js";
import { formatDoctorReport } from "../report/setup/doctor-report.js";
import { styleFor } from "../report/text/style.js";
import type { CommandInput } from "./support/command.js";

/**
 * Lists what would keep the hooks from running here, each with its fix, and commits an agent's
 * shell got past the gate (escapes, until undone); exit 1 if anything does.
 */
export async function run({ env }: CommandInput): Promise<ExitCode> {
  const repo = await locateRepo(env.cwd);
  const [diagnoses, escapes] = await Promise.all([diagnose(repo, env), standingEscapes(repo)]);
  const style = await styleFor(process.stdout, env.color);
  process.stdout.write(formatDoctorReport(repo.root, diagnoses, style, escapes));
  const failed = diagnoses.some((diagnosis) => diagnosis.level === "fail") || escapes.length > 0;
  return failed ? ExitCode.Blocked : ExitCode.Ok;
}

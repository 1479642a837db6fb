import { diagnose } from "../doctor/diagnose.js";
import { ExitCode } from "../errors.js";
import { locateRepo } from "../git/repo.js";
import { formatDoctorReport } from "../report/setup/doctor-report.js";
import { styleFor } from "../report/text/style.js";
import type { CommandInput } from "./support/command.js";

/** Lists what would keep the hooks from running here, each with its fix; exit 1 if anything does. */
export async function run({ env }: CommandInput): Promise<ExitCode> {
  const repo = await locateRepo(env.cwd);
  const diagnoses = await diagnose(repo, env);
  const style = await styleFor(process.stdout, env.color);
  process.stdout.write(formatDoctorReport(repo.root, diagnoses, style));
  const failed = diagnoses.some((diagnosis) => diagnosis.level === "fail");
  return failed ? ExitCode.Blocked : ExitCode.Ok;
}

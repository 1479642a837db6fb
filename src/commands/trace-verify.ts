import { ExitCode } from "../errors.js";
import { locateRepo } from "../git/repo.js";
import { styleFor } from "../report/style.js";
import { formatVerifyReport, verifyReportJson } from "../report/verify-report.js";
import { verifyProblems, verifyTraces } from "../trace/verify-traces.js";
import type { CommandInput } from "./command.js";

/** Proves the ledger chain and the traces of a range; exit 1 when anything is wrong. */
export async function run({ values, env }: CommandInput): Promise<ExitCode> {
  const range = typeof values.range === "string" ? values.range : "HEAD";
  const report = await verifyTraces(await locateRepo(env.cwd), range);
  process.stdout.write(
    values.json
      ? verifyReportJson(report)
      : formatVerifyReport(report, await styleFor(process.stdout, env.color)),
  );
  return verifyProblems(report) === 0 ? ExitCode.Ok : ExitCode.Blocked;
}

import { ExitCode } from "../errors.js";
import { notesNotFetched } from "../git/notes-remote.js";
import { locateRepo } from "../git/repo.js";
import { styleFor } from "../report/text/style.js";
import { notesNotFetchedMessage } from "../report/trace/untraced.js";
import { formatVerifyReport, verifyReportJson } from "../report/trace/verify-report.js";
import { verifyProblems, verifyTraces } from "../trace/verify-traces.js";
import type { CommandInput } from "./support/command.js";

/** Proves the ledger chain and the traces of a range; exit 1 when anything is wrong. */
export async function run({ values, env }: CommandInput): Promise<ExitCode> {
  const range = typeof values.range === "string" ? values.range : "HEAD";
  const repo = await locateRepo(env.cwd);
  const report = await verifyTraces(repo, range);
  const problems = verifyProblems(report);
  process.stdout.write(
    values.json
      ? verifyReportJson(report, problems)
      : formatVerifyReport(report, problems, await styleFor(process.stdout, env.color)),
  );
  // Untraced commits in a clone that never fetched the notes: the likely cause, said once.
  const untraced = report.issues.some((issue) => issue.kind === "untraced");
  if (untraced && (await notesNotFetched(repo.root))) {
    process.stderr.write(notesNotFetchedMessage(env.command));
  }
  return problems === 0 ? ExitCode.Ok : ExitCode.Blocked;
}

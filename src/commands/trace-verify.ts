import type { CommandInput } from "../cli/command.js";
import { ExitCode } from "../errors.js";
import { locateRepo } from "../git/repo.js";
import { styleFor } from "../report/style.js";
import { verifyTraces } from "../trace/verify-traces.js";

/** Proves the ledger chain and the traces of a range; exit 1 when anything is wrong. */
export async function run({ values }: CommandInput): Promise<ExitCode> {
  const range = typeof values.range === "string" ? values.range : "HEAD";
  const report = await verifyTraces(await locateRepo(), range);
  const failing =
    report.issues.length + report.ledger.issues.filter((issue) => !issue.marked).length;
  if (values.json) {
    process.stdout.write(`${JSON.stringify({ ...report, ok: failing === 0 }, null, 2)}\n`);
    return failing === 0 ? ExitCode.Ok : ExitCode.Blocked;
  }
  const style = await styleFor(process.stdout);
  const out = [
    `ledger ${report.ledger.file}: ${report.ledger.entries} entries`,
    ...report.ledger.issues.map((issue) =>
      (issue.marked ? style.yellow : style.red)(
        `  line ${issue.line}: ${issue.kind} — ${issue.detail}`,
      ),
    ),
    `commits in ${range}: ${report.commits.checked} checked, ${report.commits.traced} traced, ${report.commits.before_adoption} before adoption`,
    ...report.issues.map((issue) =>
      style.red(`  ${issue.commit.slice(0, 12)} ${issue.kind}: ${issue.detail}`),
    ),
    failing === 0
      ? style.green("✓ intentguard: traces verified")
      : style.red(`✗ intentguard: ${failing} problem${failing === 1 ? "" : "s"} found`),
  ];
  process.stdout.write(`${out.join("\n")}\n`);
  return failing === 0 ? ExitCode.Ok : ExitCode.Blocked;
}

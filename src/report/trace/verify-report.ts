import type { VerifyReport } from "../../trace/verify-traces.js";
import { count, plural, skippedBeforeAdoption } from "../text/count.js";
import { printable } from "../text/messages.js";
import type { Style } from "../text/style.js";
import { traceIssueText } from "./trace-issue-text.js";

/** `trace verify --json`: the report as it is, each issue's detail worded, with `ok` (no problems: trace/verifyProblems). */
export function verifyReportJson(report: VerifyReport, problems: number): string {
  const issues = report.issues.map((issue) => ({ ...issue, detail: traceIssueText(issue.detail) }));
  return `${JSON.stringify({ ...report, issues, ok: problems === 0 }, null, 2)}\n`;
}

/** `trace verify`: the ledger's chain, the commits checked, each problem, and the answer. */
export function formatVerifyReport(report: VerifyReport, failing: number, style: Style): string {
  const out = [
    `ledger ${report.ledger.file}: ${plural(report.ledger.entries, "entry", "entries")}`,
    ...report.ledger.issues.map((issue) =>
      (issue.marked ? style.yellow : style.red)(
        `  line ${issue.line}: ${issue.kind} — ${issue.detail}`,
      ),
    ),
    `commits in ${report.range}: ${count(report.commits.checked)} checked, ${count(report.commits.traced)} traced; ${skippedBeforeAdoption(report.commits.before_adoption)}`,
    anchorLine(report),
    ...report.issues.map((issue) =>
      style.red(
        `  ${issue.commit.slice(0, 12)} ${issue.kind}: ${printable(traceIssueText(issue.detail))}`,
      ),
    ),
    ...report.superseded.map((record) =>
      style.yellow(
        `  ${record.commit.slice(0, 12)} superseded: ${record.record_id === record.counted ? `a second copy of record ${record.counted}` : `record ${record.record_id} (another record of the commit counts: ${record.counted})`}`,
      ),
    ),
    failing === 0
      ? style.green("✓ intentguard: traces verified")
      : style.red(`✗ intentguard: ${plural(failing, "problem")} found`),
  ];
  return `${out.join("\n")}\n`;
}

/**
 * How far the ledger vouches for the records: those anchored here were checked against their
 * line; those anchored in other clones' ledgers, or in none, only against their commits.
 */
function anchorLine({ commits }: VerifyReport): string {
  const unanchored = commits.traced - commits.anchored_here - commits.anchored_elsewhere;
  return `records: ${count(commits.anchored_here)} anchored in this clone's ledger (checked against it), ${count(commits.anchored_elsewhere)} in other clones' ledgers, ${count(unanchored)} without an anchor`;
}

import { type RangeCheck, rangeCheckFails } from "../../core/check/range-check.js";
import { rangeFindingText } from "../verdict/finding-with-fix.js";
import { verdictJson } from "../verdict/verdict-json.js";
import { reportedCommits } from "./check-range-shared.js";

/**
 * `check --range --format json`: the range check as its stable, versioned JSON (`version: 1`).
 * Each commit's verdict is the one `check --format json` prints (advice and notes worded).
 *
 * The outcomes use the other reports' vocabulary. The top-level `outcome` says what the exit code
 * and the text headline say, so a tool need not recompute it from the findings: `"allowed"`, or
 * `"failed"` when any commit is blocked or could not be judged (or, which should not happen, an
 * error finding names a commit not checked). Each commit's `outcome` is `"allowed"`, `"blocked"`
 * (by its rules, or by an error about its trace record) or `"error"` (could not be judged): the
 * text summary's allowed, blocked and not judged, JUnit's pass, failure and error.
 */
export function rangeCheckJson(check: RangeCheck, command: string): unknown {
  // The status every report counts (a commit allowed by the judge but failing a trace check is
  // blocked), whatever built the check.
  const status = new Map(reportedCommits(check).map((entry) => [entry.commit, entry.status]));
  return {
    version: check.version,
    outcome: rangeCheckFails(check) ? "failed" : "allowed",
    source: {
      kind: check.source.kind,
      spec: check.source.spec,
      base: check.source.base,
      head: check.source.head,
    },
    commits: check.commits.map((entry) => ({
      commit: entry.commit,
      subject: entry.subject,
      outcome: status.get(entry.commit) ?? entry.outcome,
      verdict: entry.verdict ? verdictJson(entry.verdict, command) : null,
    })),
    skipped: { before_adoption: check.skipped.before_adoption },
    traces_checked: check.traces_checked,
    // Named one by one: the keys and their order are the format, whatever built the finding.
    findings: check.findings.map((finding) => ({
      fingerprint: finding.fingerprint,
      rule: finding.rule,
      severity: finding.severity,
      commit: finding.commit,
      intent: finding.intent,
      path: finding.path,
      line: finding.line,
      message: rangeFindingText(finding, command),
    })),
  };
}

export function formatRangeCheckJson(check: RangeCheck, command: string): string {
  return `${JSON.stringify(rangeCheckJson(check, command), null, 2)}\n`;
}

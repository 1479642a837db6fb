import type { RangeCheck, RangeFinding } from "../../core/check/range-check.js";
import { intentsFilePath } from "../../core/governance/governance-files.js";
import { rangeFindingText } from "../verdict/finding-with-fix.js";
import { shortCommit } from "./check-range-shared.js";

/** GitLab's severities, least to most severe. */
export type GitlabSeverity = "info" | "minor" | "major" | "critical" | "blocker";

export interface GitlabIssue {
  description: string;
  check_name: string;
  fingerprint: string;
  severity: GitlabSeverity;
  location: { path: string; lines: { begin: number } };
}

/**
 * `check --range --format gitlab`: a GitLab Code Quality report (`artifacts:reports:codequality`),
 * a JSON array with, per finding, exactly the properties GitLab reads (docs.gitlab.com, CI ›
 * Testing › Code Quality › "Implement a custom tool": description, check_name, fingerprint,
 * severity, location.path, location.lines.begin; it ignores the rest of the Code Climate spec).
 *
 * - severity: an error is `major`, a warning `minor`; a tampered trace record is `critical`,
 *   whatever its policy severity, since it means the history's record was edited.
 * - location.path is required (the docs list it among the properties every object must have), so a finding about no path
 *   (no intent declared, the parent's rules unreadable) is placed on the intents file,
 *   `.orchestration/active_intents.yaml`, line 1: the file a commit's intent is looked up in, and
 *   the one path every governed commit has. SARIF places such a finding there too (GitHub code
 *   scanning refuses a result without a location). location.lines.begin is the finding's line,
 *   or 1.
 * - fingerprint: the finding's own (rule, intent, path, commit; never the line), so the merge
 *   request widget matches it across pipelines. GitLab shows findings with one fingerprint as one
 *   entry, so a repeated one (which should not happen) gets `-2`, `-3`… in the report's order.
 */
export function formatRangeCheckGitlab(check: RangeCheck, command: string): string {
  return `${JSON.stringify(rangeCheckGitlab(check, command), null, 2)}\n`;
}

export function rangeCheckGitlab(check: RangeCheck, command: string): GitlabIssue[] {
  const used = new Set<string>();
  return check.findings.map((finding) => {
    const fingerprint = unique(finding.fingerprint, used);
    return {
      description: `${rangeFindingText(finding, command)} (commit ${shortCommit(finding.commit)})`,
      check_name: finding.rule,
      fingerprint,
      severity: severity(finding),
      location: { path: finding.path ?? intentsFilePath, lines: { begin: finding.line ?? 1 } },
    };
  });
}

function severity(finding: RangeFinding): GitlabSeverity {
  if (finding.rule === "trace_tampered") return "critical";
  return finding.severity === "error" ? "major" : "minor";
}

function unique(fingerprint: string, used: Set<string>): string {
  let candidate = fingerprint;
  for (let n = 2; used.has(candidate); n += 1) candidate = `${fingerprint}-${n}`;
  used.add(candidate);
  return candidate;
}

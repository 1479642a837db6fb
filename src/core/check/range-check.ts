import { createHash } from "node:crypto";
import type { RuleName } from "../config/policy-schema.js";
import type { FindingFact } from "../judge/finding-fact.js";
import type { Advice, Finding, FixedRule, Verdict } from "../judge/verdict.js";
import type { TraceIssueDetail } from "../trace/trace-issue-detail.js";

/** The stable, versioned shape of `check --range --format json`. */
export const rangeCheckSchemaVersion = 1;

/**
 * Rules only a range check reports: the rules a commit is judged by cannot be read, and (with
 * --verify-traces) a trace record that is missing, invalid or disagrees with its commit.
 */
export type RangeRule =
  | "governance_unreadable"
  | "trace_missing"
  | "trace_invalid"
  | "trace_tampered";

export type CheckRule = RuleName | FixedRule | RangeRule;

/** One problem, at the finest grain a report annotates: one commit, one rule, at most one path. */
export interface RangeFinding {
  /**
   * Stable across runs and reruns: SHA-256 of rule, intent, path and commit (never line numbers,
   * which move), so CI services match a finding to the one they saw before.
   */
  fingerprint: string;
  rule: CheckRule;
  severity: "error" | "warn";
  /** The full SHA of the commit the finding is about. */
  commit: string;
  /** The intent the commit was judged under, when it declared one. */
  intent: string | null;
  /** The repo-relative path the finding is about, when it is about a path. */
  path: string | null;
  /** A 1-based line in `path` at that commit (the first line the commit adds there), if any. */
  line: number | null;
  /** What it found, as data: src/report words it on one line (rangeFindingText). */
  fact: RangeFindingFact;
  /**
   * What a range report says after the finding as its fix (a landing's finding: the hooks' own
   * next steps), as data: src/report words it (rangeFindingText). Empty for most findings.
   */
  fix: Advice[];
}

/** What a range finding found. */
export type RangeFindingFact =
  /**
   * A verdict's or a landing's finding. `path`: the path it is split out for, named after it (a
   * finding that says its fix names none).
   */
  | { kind: "judged"; fact: FindingFact; path: string | null }
  /** The rules the commit is judged by cannot be read: the parse error, as it is worded. */
  | { kind: "rules-unreadable"; error: string }
  /** The commit has no trace record at all. */
  | { kind: "trace-missing" }
  /** The commit's trace record is missing, invalid or disagrees: each problem, by kind. */
  | { kind: "trace-problems"; problems: TraceProblem[] };

/** Which way a commit's trace fails verification (each detail says how). */
export type TraceIssueKind = "untraced" | "invalid" | "tampered" | "ledger";

/** One problem with a commit's trace record, as verifying it finds it. */
export interface TraceProblem {
  kind: TraceIssueKind;
  detail: TraceIssueDetail;
}

/** How one commit of the range fared; the reports word `error` as "not judged". */
export type CommitOutcome = "allowed" | "blocked" | "error";

export interface CommitCheck {
  commit: string;
  /** The first line of the commit's message. */
  subject: string;
  outcome: CommitOutcome;
  /** The verdict the hooks would have given; null when the commit could not be judged. */
  verdict: Verdict | null;
}

/** Where a range came from, so a report can say what it checked and why. */
export interface RangeSource {
  /** e.g. "--range", "--commit", "--base", "github pull_request", "gitlab merge request". */
  kind: string;
  /** The range as git reads it: `<base>..<head>`, or `<head>` for a whole history. */
  spec: string;
  base: string | null;
  head: string;
}

export interface RangeCheck {
  version: typeof rangeCheckSchemaVersion;
  source: RangeSource;
  /**
   * Every commit checked, oldest first, whether it was judged or could not be (outcome `error`);
   * commits before adoption or never governed are not checked.
   */
  commits: CommitCheck[];
  skipped: {
    /** Commits in the range made before intentguard was adopted (their history had no rules). */
    before_adoption: number;
  };
  /** Whether --verify-traces also checked each commit's trace record. */
  traces_checked: boolean;
  /** Every finding, in the range's order (oldest commit first). */
  findings: RangeFinding[];
}

/** Whether a range check fails: any finding of severity error. */
export function rangeCheckFails(check: RangeCheck): boolean {
  return check.findings.some((finding) => finding.severity === "error");
}

/** The fingerprint of a finding: what it is about, never where in a file it was seen. */
export function findingFingerprint(
  finding: Pick<RangeFinding, "rule" | "intent" | "path" | "commit">,
): string {
  const key = JSON.stringify([finding.rule, finding.intent, finding.path, finding.commit]);
  return createHash("sha256").update(key).digest("hex");
}

/** A finding with its fingerprint computed. */
export function rangeFinding(
  finding: Omit<RangeFinding, "fingerprint" | "fix"> & { fix?: Advice[] },
): RangeFinding {
  const { fingerprint: _stale, ...fields } = finding as RangeFinding;
  return { fingerprint: findingFingerprint(fields), ...fields, fix: finding.fix ?? [] };
}

/**
 * A verdict's findings, one per path (a finding about no path stays one): what an annotation can
 * point at. Its words name the path too, for reports that show it apart from its location.
 * `lineOf` gives the first line the commit adds to a path, if it adds any. `saysFix` tells a
 * finding whose fix a range report must say: it carries the finding's advice as its fix, and its
 * words end with that fix, not its path, as a landing's finding does.
 */
export function verdictFindings(
  commit: string,
  verdict: Verdict,
  lineOf: (path: string) => number | null,
  saysFix: (finding: Finding) => boolean = () => false,
): RangeFinding[] {
  const intent = verdict.intent?.id ?? null;
  return verdict.findings.flatMap((finding) => {
    const base = { rule: finding.rule, severity: finding.severity, commit, intent };
    const fix = saysFix(finding) ? finding.advice : null;
    const judged = (path: string | null): RangeFindingFact => ({
      kind: "judged",
      fact: finding.fact,
      path,
    });
    if (finding.paths.length === 0) {
      return [
        rangeFinding({ ...base, path: null, line: null, fact: judged(null), fix: fix ?? [] }),
      ];
    }
    return finding.paths.map((path) =>
      rangeFinding({
        ...base,
        path,
        line: lineOf(path),
        fact: judged(fix === null ? path : null),
        fix: fix ?? [],
      }),
    );
  });
}

import type { ResolvedRange } from "../ci/resolved-range.js";
import {
  type CommitCheck,
  type RangeCheck,
  type RangeFinding,
  type RangeRule,
  type RangeSource,
  rangeCheckSchemaVersion,
  rangeFinding,
  verdictFindings,
} from "../core/check/range-check.js";
import type { Clock } from "../core/clock.js";
import { intentsFilePath } from "../core/governance/governance-files.js";
import type { SignatureTime } from "../core/judge/governance-signature.js";
import { landingRules } from "../core/judge/landing-findings.js";
import type { Finding } from "../core/judge/verdict.js";
import type { CommitDiff } from "../core/trace/commit-diff.js";
import { appendAll } from "../core/unbounded-arrays.js";
import type { Environment } from "../environment.js";
import { diffCommitsInBatches } from "../git/diff-commit.js";
import type { Repo } from "../git/repo.js";
import type { TraceIssue } from "../trace/verify-traces.js";
import { adoptionCheck, cloneRefs } from "./adoption.js";
import { judgeLanding, type LandedCommit, type Landing } from "./judge-landing.js";

export interface RangeToCheck {
  repo: Repo;
  env: Environment;
  source: RangeSource;
  /** The range as a landing: where the rules in force start, what it brings, what it leaves. */
  landing: Landing;
  /** Also check each commit's trace record (missing, invalid, duplicated, tampered). */
  verifyTraces: boolean;
  /**
   * When a governance commit's SSH key must be valid: now (default: the range lands — CI, the
   * server), or at its committer date (an audit of history, as git verifies a signature).
   */
  signaturesAt?: SignatureTime;
  /** What "now" is for signatures checked now. */
  clock: Clock;
  /** Called as commits are judged (a progress line on a terminal). */
  onProgress?: (done: number, total: number) => void;
}

/** How many commits are diffed and judged together: what bounds the memory a check uses. */
const batchSize = 256;

/**
 * Judges every commit of a range exactly as the hooks judge a landing — the same code
 * (judgeLanding): under the rules in force on the target, each commit under its own `Intent:`
 * trailer and `Contributor-Agent:` (never this process's environment: CI judges what was
 * committed), then the landing as a whole. Commits whose history never had rules are skipped and
 * counted. A commit whose rules cannot be read fails with the parse error; the others are still
 * judged. Findings come out one per commit, rule and path, in the range's order.
 */
export async function checkRange(request: RangeToCheck): Promise<RangeCheck> {
  const { repo, source } = request;
  const checks: CommitCheck[] = [];
  const findings: RangeFinding[] = [];
  const order = new Map<string, number>();
  let ungoverned = 0;
  const outcome = await judgeLanding(
    {
      repo,
      env: request.env,
      declared: "committed",
      explainPending: false,
      detail: "raw",
      batchSize,
      signaturesAt: request.signaturesAt ?? "now",
      clock: request.clock,
      ...(request.onProgress ? { onProgress: request.onProgress } : {}),
      onJudged: (batch) => {
        for (const landed of batch) {
          order.set(landed.commit, order.size);
          if (landed.kind === "ungoverned") ungoverned += 1;
          else checks.push(commitCheck(landed, findings));
        }
      },
    },
    request.landing,
  );
  for (const [commit, added] of outcome.signatureFindings) {
    appendAll(
      findings,
      added.map((finding) => landingFinding(commit, finding)),
    );
  }
  for (const { commit, finding } of outcome.findings) {
    findings.push(landingFinding(commit, finding));
  }
  await placeOnLines(repo.root, findings);
  if (request.verifyTraces && checks.length > 0) {
    appendAll(findings, await traceFindings(repo, source, checks));
  }
  findings.sort(
    (a, b) => (order.get(a.commit) ?? order.size) - (order.get(b.commit) ?? order.size),
  );
  const failing = new Set(findings.filter((f) => f.severity === "error").map((f) => f.commit));
  for (const check of checks) {
    if (check.outcome === "allowed" && failing.has(check.commit)) check.outcome = "blocked";
  }
  return {
    version: rangeCheckSchemaVersion,
    source,
    commits: checks,
    skipped: { before_adoption: outcome.counts.ungoverned + ungoverned },
    traces_checked: request.verifyTraces,
    findings,
  };
}

/** One judged commit's check; its findings (placed on lines later) go to `findings`. */
function commitCheck(
  landed: Exclude<LandedCommit, { kind: "ungoverned" }>,
  findings: RangeFinding[],
): CommitCheck {
  const { commit, diff } = landed;
  const { subject } = diff.commit;
  if (landed.kind === "unreadable") {
    const [problem] = landed.error.problems;
    findings.push(
      rangeFinding({
        rule: "governance_unreadable",
        severity: "error",
        commit,
        intent: null,
        path: intentsFilePath,
        line: problem?.line ?? null,
        fact: { kind: "rules-unreadable", error: landed.error.message },
      }),
    );
    return { commit, subject, outcome: "error", verdict: null };
  }
  const { verdict } = landed;
  appendAll(
    findings,
    verdictFindings(commit, verdict, () => null, saysFixOfLanding),
  );
  return {
    commit,
    subject,
    outcome: verdict.outcome === "blocked" ? "blocked" : "allowed",
    verdict,
  };
}

/**
 * A verdict's finding about the landing as a whole (a rules change that cannot carry into the
 * rules in force): a range report says its fix as the hooks do; the judge's own advice, about a
 * work tree, stays in the verdict.
 */
function saysFixOfLanding(finding: Finding): boolean {
  return landingRules.has(finding.rule);
}

/**
 * A finding the landing adds once its commits are judged (a signature, the rules its tip
 * leaves, an adoption), with its advice as its fix: a range report prints findings, not a
 * verdict's advice.
 */
function landingFinding(commit: string, finding: Finding): RangeFinding {
  return rangeFinding({
    rule: finding.rule,
    severity: finding.severity,
    commit,
    intent: null,
    path: finding.paths[0] ?? null,
    line: null,
    fact: { kind: "judged", fact: finding.fact, path: null },
    fix: finding.advice,
  });
}

/**
 * Adds to a check a finding about its landing that only a wider view finds once it is done
 * (pre-receive: another ref of the same push adopts too), after the findings of the commit it
 * names and before those of later commits; an error blocks that commit.
 */
export function addLandingFinding(check: RangeCheck, commit: string, finding: Finding): void {
  const order = new Map(check.commits.map((entry, index) => [entry.commit, index]));
  const rank = (at: string) => order.get(at) ?? order.size;
  const later = check.findings.findIndex((existing) => rank(existing.commit) > rank(commit));
  check.findings.splice(
    later === -1 ? check.findings.length : later,
    0,
    landingFinding(commit, finding),
  );
  const checked = check.commits.find((entry) => entry.commit === commit);
  if (checked?.outcome === "allowed" && finding.severity === "error") checked.outcome = "blocked";
}

/**
 * Points each finding about a path at the first line its commit adds there, where it adds any:
 * the line an annotation shows. Judging reads raw diffs only (no blob, no line diff), so the
 * patches of just the commits with such findings are read here, with one more diff-tree.
 */
async function placeOnLines(dir: string, findings: RangeFinding[]): Promise<void> {
  const located = findings.filter((finding) => finding.path !== null);
  const commits = [...new Set(located.map((finding) => finding.commit))];
  if (commits.length === 0) return;
  const byCommit = new Map<string, CommitDiff>();
  await diffCommitsInBatches(dir, commits, batchSize, async (diffs) => {
    for (const diff of diffs) byCommit.set(diff.commit.sha, diff);
  });
  for (const finding of located) {
    const diff = byCommit.get(finding.commit);
    if (diff && finding.path !== null) finding.line = firstAddedLine(diff, finding.path);
  }
}

/** The first line a commit adds to a path, where it adds any. */
function firstAddedLine(diff: CommitDiff, path: string): number | null {
  const change = diff.changes.find((candidate) => candidate.path === path);
  if (!change || change.pathBytes) return null;
  return diff.ranges.get(path)?.[0]?.start_line ?? null;
}

const traceRules: Record<TraceIssue["kind"], RangeRule> = {
  untraced: "trace_missing",
  invalid: "trace_invalid",
  tampered: "trace_tampered",
  ledger: "trace_tampered",
};

/** `--verify-traces`: each judged commit's record, checked as `trace verify` checks it. */
async function traceFindings(
  repo: Repo,
  source: RangeSource,
  checks: readonly CommitCheck[],
): Promise<RangeFinding[]> {
  const judged = new Map(checks.map((check) => [check.commit, check]));
  // Loaded only when asked: verify reads notes, which loads the record schema (zod).
  const { verifyTraces } = await import("../trace/verify-traces.js");
  const report = await verifyTraces(repo, source.spec);
  // One finding per commit and rule, every detail in it: a fingerprint names one problem.
  const grouped = new Map<string, { commit: string; rule: RangeRule; issues: TraceIssue[] }>();
  for (const issue of report.issues) {
    if (!judged.has(issue.commit)) continue;
    const rule = traceRules[issue.kind];
    const key = `${issue.commit} ${rule}`;
    const group = grouped.get(key) ?? { commit: issue.commit, rule, issues: [] };
    group.issues.push(issue);
    grouped.set(key, group);
  }
  return [...grouped.values()].map(({ commit, rule, issues }) =>
    rangeFinding({
      rule,
      severity: "error",
      commit,
      intent: judged.get(commit)?.verdict?.intent?.id ?? null,
      path: null,
      line: null,
      fact:
        issues.length === 1 && issues[0]?.detail.kind === "no-record"
          ? { kind: "trace-missing" }
          : {
              kind: "trace-problems",
              problems: issues.map(({ kind, detail }) => ({ kind, detail })),
            },
    }),
  );
}

/** A resolved range as the landing it checks: in a clone, adoption is judged against its refs. */
export function rangeLanding(repo: Repo, range: ResolvedRange): Landing {
  return {
    target: range.target,
    start: range.start,
    newTip: range.source.head,
    exempt: range.exempt,
    result: range.result,
    adoption: (adoptions) => adoptionCheck(repo.root, adoptions, cloneRefs),
    leavingRules: "error",
    ...(range.judged ? { judged: range.judged } : {}),
  };
}

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
import { intentsFilePath, policyFilePath } from "../core/governance-files.js";
import type { Verdict } from "../core/judge/verdict.js";
import type { CommitDiff } from "../core/trace/commit-diff.js";
import { contributorTrailers } from "../core/trace/contributor.js";
import { trailerValues } from "../core/trailers.js";
import type { Environment } from "../environment.js";
import { ConfigError } from "../errors.js";
import { CatFileSession } from "../git/cat-file-batch.js";
import { diffCommitsInBatches } from "../git/diff-commit.js";
import { collectInto, type GitObject } from "../git/read-objects.js";
import type { Repo } from "../git/repo.js";
import { compileSnapshot } from "../governance/compile-snapshot.js";
import {
  type GovernanceSnapshot,
  governanceObjectNames,
  snapshotOf,
} from "../governance/governance-snapshot.js";
import { findingWithFix } from "../report/finding-with-fix.js";
import { commitsBeforeAdoption } from "../trace/commit-range.js";
import type { TraceIssue } from "../trace/verify-traces.js";
import { type PendingSignature, settleSignatures } from "./governance-signatures.js";
import { judgeCommitDiff } from "./judge-commits.js";

export interface RangeToCheck {
  repo: Repo;
  env: Environment;
  source: RangeSource;
  /** The range's commits, oldest first. */
  commits: readonly string[];
  /** Also check each commit's trace record (missing, invalid, duplicated, tampered). */
  verifyTraces: boolean;
  /** Called as commits are judged (a progress line on a terminal). */
  onProgress?: (done: number, total: number) => void;
}

/** How many commits are diffed and judged together: what bounds the memory a check uses. */
const batchSize = 256;

/**
 * Judges every commit of a range exactly as the hooks judge a commit as it lands — the same
 * code (judgeCommitDiff), each commit against its first parent's intents and policy, under its own
 * `Intent:` trailer and `Contributor-Agent:` (never this process's environment: CI judges what
 * was committed). Commits before adoption are skipped and counted. A commit whose parent's rules
 * cannot be read fails with the parse error; the others are still judged.
 *
 * It streams: one `git diff-tree --stdin` for the diffs, read a batch at a time, and one
 * `git cat-file --batch` for every parent's governance files; each distinct rules content is
 * compiled once. The signatures of governance commits whose rules require one are verified by
 * one `git log` for the whole range, after the last batch.
 */
export async function checkRange(request: RangeToCheck): Promise<RangeCheck> {
  const { repo, source } = request;
  const dir = repo.root;
  const session = new CatFileSession(dir);
  const snapshots = new Map<string, GovernanceSnapshot | ConfigError>();
  const checks: CommitCheck[] = [];
  const findings: RangeFinding[] = [];
  let ungoverned = 0;
  let skippedBefore = 0;
  let order = new Map<string, number>();
  const unsettled: PendingSignature[] = [];
  try {
    const [beforeAdoption, baseGoverned] = await Promise.all([
      request.commits.length > 0 ? commitsBeforeAdoption(dir, source.head) : new Set<string>(),
      isGoverned(repo, source.base ? await governanceAt(session, source.base, snapshots) : null),
    ]);
    const toJudge = request.commits.filter((commit) => !beforeAdoption.has(commit));
    skippedBefore = request.commits.length - toJudge.length;
    order = new Map(toJudge.map((commit, index) => [commit, index]));
    const adoptions = new AdoptionWatch(baseGoverned);
    await diffCommitsInBatches(
      dir,
      toJudge,
      batchSize,
      async (diffs) => {
        for (const diff of diffs) {
          const [parent] = diff.commit.parents;
          if (parent !== undefined) await governanceAt(session, parent, snapshots);
          const judged = await judgeOne(request, diff, snapshots);
          carryGovernance(diff, snapshots);
          if (judged === null) {
            ungoverned += 1;
            continue;
          }
          const repeated = judged.verdict ? adoptions.see(diff, judged.verdict) : null;
          if (repeated) {
            judged.findings.push(repeated);
            judged.check.outcome = "blocked";
          }
          checks.push(judged.check);
          findings.push(...judged.findings);
          if (judged.signature) unsettled.push(judged.signature);
        }
        request.onProgress?.(checks.length + ungoverned, toJudge.length);
      },
      "raw",
    );
    findings.push(...(await signatureFindings(repo, unsettled)));
    if (baseGoverned) {
      const removed = rulesRemovedAtTip(
        source.head,
        await governanceAt(session, source.head, snapshots),
      );
      const said = (finding: RangeFinding) =>
        finding.commit === removed?.commit && finding.rule === removed.rule;
      if (removed && !findings.some(said)) findings.push(removed);
    }
  } finally {
    await session.close().catch(() => {});
  }
  await placeOnLines(dir, findings);
  if (request.verifyTraces && checks.length > 0) {
    findings.push(...(await traceFindings(repo, source, checks)));
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
    skipped: { before_adoption: skippedBefore + ungoverned },
    traces_checked: request.verifyTraces,
    findings,
  };
}

interface JudgedOne {
  check: CommitCheck;
  verdict: Verdict | null;
  findings: RangeFinding[];
  /** A governance commit whose signature is checked once the whole range is judged. */
  signature?: PendingSignature;
}

/** One commit's check; null when its history never had governance (skipped, like before adoption). */
async function judgeOne(
  request: RangeToCheck,
  diff: CommitDiff,
  snapshots: Map<string, GovernanceSnapshot | ConfigError>,
): Promise<JudgedOne | null> {
  const { sha, parents, subject, trailers } = diff.commit;
  const [firstParent] = parents;
  const agent = trailerValues(trailers, contributorTrailers.agent)[0]?.trim() || null;
  try {
    const parentGovernance = firstParent ? (snapshots.get(firstParent) ?? null) : null;
    if (parentGovernance instanceof ConfigError) throw parentGovernance;
    const env = { ...request.env, intent: undefined, agent };
    const judgement = await judgeCommitDiff(
      { repo: request.repo, env, explainPending: false },
      diff,
      parentGovernance,
    );
    if (judgement.kind === "ungoverned") return null;
    const { verdict } = judgement;
    const outcome = verdict.outcome === "blocked" ? "blocked" : "allowed";
    return {
      check: { commit: sha, subject, outcome, verdict },
      verdict,
      findings: verdictFindings(sha, verdict, () => null), // lines: placeOnLines, once judged
      ...(judgement.signature ? { signature: { verdict, due: judgement.signature } } : {}),
    };
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    const [problem] = error.problems;
    const finding = rangeFinding({
      rule: "governance_unreadable",
      severity: "error",
      commit: sha,
      intent: null,
      path: intentsFilePath,
      line: problem?.line ?? null,
      message: `the rules this commit is judged by cannot be read:\n${error.message}`,
    });
    return {
      check: { commit: sha, subject, outcome: "error", verdict: null },
      verdict: null,
      findings: [finding],
    };
  }
}

/**
 * The signatures of the range's governance commits that need one, checked with one git process
 * once every commit is judged: their findings, each message carrying its fix (a range report
 * prints findings, not a verdict's advice). The verdicts are completed in place.
 */
async function signatureFindings(
  repo: Repo,
  unsettled: readonly PendingSignature[],
): Promise<RangeFinding[]> {
  const added = await settleSignatures(repo, unsettled);
  return unsettled.flatMap(({ verdict, due }) =>
    (added.get(due.commit) ?? []).map((finding) =>
      rangeFinding({
        rule: finding.rule,
        severity: finding.severity,
        commit: due.commit,
        intent: verdict.intent?.id ?? null,
        path: null,
        line: null,
        message: findingWithFix(finding),
      }),
    ),
  );
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

/**
 * A commit that is no merge and touches no governance file has its first parent's governance
 * files: known without reading them, for its children in the range (relabelled, so a message
 * names the commit the rules are read at).
 */
function carryGovernance(
  diff: CommitDiff,
  snapshots: Map<string, GovernanceSnapshot | ConfigError>,
): void {
  const { sha, parents } = diff.commit;
  const [first] = parents;
  if (first === undefined || parents.length > 1) return;
  if (diff.changes.some((change) => touchesGovernanceFile(change.path, change.oldPath))) return;
  const parent = snapshots.get(first);
  if (parent === undefined || parent instanceof ConfigError) return;
  snapshots.set(sha, {
    ...parent,
    location: { kind: "commit", rev: sha.slice(0, 12) },
    commit: sha,
  });
}

function touchesGovernanceFile(path: string, oldPath: string | null): boolean {
  const files = [intentsFilePath, policyFilePath];
  return files.some((file) => file === path || file === oldPath || file.startsWith(`${path}/`));
}

/**
 * A commit's governance files, read through the range's one cat-file unless already known (a
 * commit's children in the range inherit them: carryGovernance). In the usual range that is a
 * handful of reads — the base, the parents that changed the rules, merges — not one per commit.
 */
async function governanceAt(
  session: CatFileSession,
  commit: string,
  snapshots: Map<string, GovernanceSnapshot | ConfigError>,
): Promise<GovernanceSnapshot | ConfigError> {
  const known = snapshots.get(commit);
  if (known !== undefined) return known;
  const objects = new Map<string, GitObject | null>();
  const names = governanceObjectNames(commit);
  await session.read(names, (name, object) => collectInto(objects, name, object));
  const [intents, policy] = names.map((name) => objects.get(name));
  const location = { kind: "commit", rev: commit.slice(0, 12) } as const;
  let snapshot: GovernanceSnapshot | ConfigError;
  try {
    snapshot = snapshotOf(location, commit, intents, policy);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    snapshot = error; // every commit judged by it fails with it
  }
  snapshots.set(commit, snapshot);
  return snapshot;
}

/**
 * A range whose base had intentguard's rules may not end on a tree without them: a branch moved
 * (force-pushed, fast-forwarded to an orphan history) onto commits no rule ever judged would
 * otherwise pass with every commit "ungoverned".
 */
function rulesRemovedAtTip(
  head: string,
  governance: GovernanceSnapshot | ConfigError,
): RangeFinding | null {
  if (governance instanceof ConfigError || governance.intents !== null) return null;
  return rangeFinding({
    rule: "governance_invalid",
    severity: "error",
    commit: head,
    intent: null,
    path: intentsFilePath,
    line: null,
    message: `the range ends on ${head.slice(0, 12)}, whose tree has no ${intentsFilePath}, while its base had one: the branch would leave intentguard's rules behind`,
  });
}

/** Whether a commit (the range's base) had intentguard's rules: an adoption after it is a second. */
async function isGoverned(
  repo: Repo,
  snapshot: GovernanceSnapshot | ConfigError | null,
): Promise<boolean> {
  if (snapshot === null) return false;
  if (snapshot instanceof ConfigError) return true; // broken rules are still rules
  if (snapshot.intents === null) return false;
  try {
    return (await compileSnapshot(snapshot, repo.stateDir)) !== null;
  } catch (error) {
    if (error instanceof ConfigError) return true; // broken rules are still rules
    throw error;
  }
}

/**
 * Adoption happens once: the first commit that adds the rules to a history without them. A
 * range whose base already had rules, or that already adopted, may not adopt again (an orphan
 * history with rules of its own, merged in, would otherwise bring any code it likes).
 */
class AdoptionWatch {
  constructor(private adopted: boolean) {}

  see(diff: CommitDiff, verdict: Verdict): RangeFinding | null {
    if (verdict.kind !== "adoption") return null;
    if (!this.adopted) {
      this.adopted = true;
      return null;
    }
    return rangeFinding({
      rule: "adoption_repeated",
      severity: "error",
      commit: diff.commit.sha,
      intent: null,
      path: intentsFilePath,
      line: null,
      message:
        "this commit adopts intentguard with rules of its own, but the history it joins already has rules; adoption happens once",
    });
  }
}

const traceRules: Record<TraceIssue["kind"], RangeRule> = {
  untraced: "trace_missing",
  invalid: "trace_invalid",
  duplicate: "trace_duplicate",
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
  const grouped = new Map<string, { commit: string; rule: RangeRule; details: string[] }>();
  for (const issue of report.issues) {
    if (!judged.has(issue.commit)) continue;
    const rule = traceRules[issue.kind];
    const key = `${issue.commit} ${rule}`;
    const group = grouped.get(key) ?? { commit: issue.commit, rule, details: [] };
    group.details.push(issue.detail);
    grouped.set(key, group);
  }
  return [...grouped.values()].map(({ commit, rule, details }) =>
    rangeFinding({
      rule,
      severity: "error",
      commit,
      intent: judged.get(commit)?.verdict?.intent?.id ?? null,
      path: null,
      line: null,
      message: `trace record: ${details.join("; ")}`,
    }),
  );
}

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
import { intentsFilePath } from "../core/governance-files.js";
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
  snapshotFromGit,
  snapshotOf,
} from "../governance/governance-snapshot.js";
import { commitsBeforeAdoption } from "../trace/commit-range.js";
import { type TraceIssue, verifyTraces } from "../trace/verify-traces.js";
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
 * compiled once.
 */
export async function checkRange(request: RangeToCheck): Promise<RangeCheck> {
  const { repo, source } = request;
  const dir = repo.root;
  const beforeAdoption =
    request.commits.length > 0 ? await commitsBeforeAdoption(dir, source.head) : new Set<string>();
  const toJudge = request.commits.filter((commit) => !beforeAdoption.has(commit));
  const skippedBefore = request.commits.length - toJudge.length;
  const baseGoverned = await baseIsGoverned(repo, source.base);
  const adoptions = new AdoptionWatch(baseGoverned);
  const checks: CommitCheck[] = [];
  const findings: RangeFinding[] = [];
  let ungoverned = 0;
  const session = new CatFileSession(dir);
  try {
    await diffCommitsInBatches(dir, toJudge, batchSize, async (diffs) => {
      const snapshots = await parentSnapshots(session, diffs);
      for (const diff of diffs) {
        const judged = await judgeOne(request, diff, snapshots);
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
      }
      request.onProgress?.(checks.length + ungoverned, toJudge.length);
    });
  } finally {
    await session.close().catch(() => {});
  }
  if (baseGoverned) {
    const removed = await rulesRemovedAtTip(repo, source.head);
    const said = (finding: RangeFinding) =>
      finding.commit === removed?.commit && finding.rule === removed.rule;
    if (removed && !findings.some(said)) findings.push(removed);
  }
  if (request.verifyTraces && toJudge.length > 0) {
    findings.push(...(await traceFindings(repo, source, checks)));
  }
  const order = new Map(toJudge.map((commit, index) => [commit, index]));
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
    const lineOf = (path: string) => firstAddedLine(diff, path);
    const outcome = verdict.outcome === "blocked" ? "blocked" : "allowed";
    return {
      check: { commit: sha, subject, outcome, verdict },
      verdict,
      findings: verdictFindings(sha, verdict, lineOf),
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

/** The first line a commit adds to a path, where it adds any: where an annotation points. */
function firstAddedLine(diff: CommitDiff, path: string): number | null {
  const change = diff.changes.find((candidate) => candidate.path === path);
  if (!change || change.pathBytes) return null;
  return diff.ranges.get(path)?.[0]?.start_line ?? null;
}

/** Every first parent's governance files in a batch, read through the range's one cat-file. */
async function parentSnapshots(
  session: CatFileSession,
  diffs: readonly CommitDiff[],
): Promise<Map<string, GovernanceSnapshot | ConfigError>> {
  const parents = [...new Set(diffs.flatMap((diff) => diff.commit.parents.slice(0, 1)))];
  const objects = new Map<string, GitObject | null>();
  await session.read(parents.flatMap(governanceObjectNames), (name, object) =>
    collectInto(objects, name, object),
  );
  return new Map<string, GovernanceSnapshot | ConfigError>(
    parents.map((parent) => {
      const [intents, policy] = governanceObjectNames(parent).map((name) => objects.get(name));
      const location = { kind: "commit", rev: parent.slice(0, 12) } as const;
      try {
        return [parent, snapshotOf(location, parent, intents, policy)];
      } catch (error) {
        if (error instanceof ConfigError) return [parent, error]; // judged as that commit fails
        throw error;
      }
    }),
  );
}

/**
 * A range whose base had intentguard's rules may not end on a tree without them: a branch moved
 * (force-pushed, fast-forwarded to an orphan history) onto commits no rule ever judged would
 * otherwise pass with every commit "ungoverned".
 */
async function rulesRemovedAtTip(repo: Repo, head: string): Promise<RangeFinding | null> {
  const snapshot = await snapshotFromGit(repo.root, { kind: "commit", rev: head });
  if (snapshot.intents !== null) return null;
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

/** Whether the range's base already had intentguard's rules (an adoption after it is a second). */
async function baseIsGoverned(repo: Repo, base: string | null): Promise<boolean> {
  if (base === null) return false;
  const snapshot = await snapshotFromGit(repo.root, { kind: "commit", rev: base });
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

import { readFile } from "node:fs/promises";
import { githubRangeRequest } from "../core/check/ci-event/github.js";
import { gitlabRangeRequest } from "../core/check/ci-event/gitlab.js";
import type {
  CiBranch,
  CiCommit,
  CiDecision,
  CiProblem,
  CiPushedRef,
} from "../core/check/ci-event/range-request.js";
import { recogniseCi } from "../core/check/ci-event/recognise-ci.js";
import { remote } from "../core/check/origin.js";
import type { HistoryGap, NamedCommit } from "../core/check/range-failure.js";
import type { Environment } from "../environment.js";
import { ExitCode, FailureError } from "../errors.js";
import {
  branchRefspec,
  commitIfPresent,
  isAncestor,
  mergeBase,
  remoteTrackingTip,
  shallowCommits,
} from "../git/history-bounds.js";
import { rangeError } from "./range-error.js";
import type { ResolvedRange } from "./resolved-range.js";
import {
  type Attempt,
  type CiPlan,
  cutIn,
  gapError,
  originBranch,
  withDeepening,
} from "./shallow-history.js";

/** `--ci`: the range the CI run's event brings (its --base already checked by the caller). */
export async function resolveCi(
  dir: string,
  request: { deepen: boolean; base?: string },
  ci: Environment["ci"],
): Promise<ResolvedRange> {
  const start = recogniseCi(ci);
  if (!start.ok) throw ciProblemError(start.problem, null);
  let decision: CiDecision;
  let payloadFile: string | null = null;
  if (start.provider === "github") {
    payloadFile = start.eventPath;
    const payload = await readEventPayload(start.eventPath);
    decision = payload.ok ? githubRangeRequest(start.event, payload.text) : payload;
  } else {
    decision = gitlabRangeRequest(ci);
  }
  if (!decision.ok) throw ciProblemError(decision.problem, payloadFile);
  const plan = decision.request;
  if (plan.kind === "nothing") {
    const source = { kind: plan.source, spec: "", base: null, head: "" };
    return { source, start: null, result: "tip", target: "", exempt: [], audit: false };
  }
  const attempt = () => attemptCi(dir, plan, request.base);
  return request.deepen
    ? withDeepening(dir, plan, request.base, attempt)
    : finalAnswer(dir, await attempt());
}

async function readEventPayload(
  file: string,
): Promise<{ ok: true; text: string } | { ok: false; problem: CiProblem }> {
  try {
    return { ok: true, text: await readFile(file, "utf8") };
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    return { ok: false, problem: { kind: "unreadable-payload", reason } };
  }
}

/** Exit 2: the CI event does not say which commits to check (src/report words why). */
function ciProblemError(problem: CiProblem, payloadFile: string | null): FailureError {
  return new FailureError({ kind: "ci-event", problem, payloadFile }, ExitCode.CannotEvaluate);
}

const found = (range: ResolvedRange): Attempt => ({ ok: true, range });
/** What the clone lacks for the range. */
const lacks = (gap: HistoryGap): Attempt => ({ ok: false, gap });

/** The answer without fetching: the range, or exit 2 saying what is missing and how to fetch it. */
function finalAnswer(dir: string, attempt: Attempt): Promise<ResolvedRange> {
  if (attempt.ok) return Promise.resolve(attempt.range);
  return gapError(dir, attempt.gap, null);
}

async function attemptCi(
  dir: string,
  plan: CiPlan,
  baseOverride: string | undefined,
): Promise<Attempt> {
  const shallow = await shallowCommits(dir);
  switch (plan.kind) {
    case "merge-base":
      return attemptMergeBase(dir, plan, shallow);
    case "between":
      return attemptBetween(dir, plan, shallow);
    case "new-branch":
      return attemptNewBranch(dir, plan, shallow, baseOverride);
  }
}

/**
 * A pull or merge request: its commits, judged as landing on the target branch's tip — GitHub's
 * `pull_request.base.sha`, GitLab's target branch as fetched — never on the merge base, whose
 * rules may be older than the target's. The result is the merge of the request into the target.
 */
async function attemptMergeBase(
  dir: string,
  plan: Extract<CiPlan, { kind: "merge-base" }>,
  shallow: ReadonlySet<string>,
): Promise<Attempt> {
  if (plan.start === "target-branch" && plan.baseBranch === null) {
    // The diff base is where the request forked, not the target's tip: never start there.
    throw ciProblemError(
      {
        kind: "missing-variable",
        provider: "gitlab",
        variable: "CI_MERGE_REQUEST_TARGET_BRANCH_NAME",
        need: "target-branch-tip",
      },
      null,
    );
  }
  const head = await commitIfPresent(dir, plan.head.sha);
  if (head === null) return missingCommit(plan.head, null);
  let start: string | null;
  let target: string;
  if (plan.start === "target-branch" && plan.baseBranch !== null) {
    target = `${remote}/${plan.baseBranch.name}`;
    start = await remoteTrackingTip(dir, remote, plan.baseBranch.name);
    if (start === null) {
      return missingBranch(plan.baseBranch, "target", plan.source);
    }
  } else {
    target = plan.baseBranch ? `${remote}/${plan.baseBranch.name}` : plan.base.sha.slice(0, 12);
    start = await commitIfPresent(dir, plan.base.sha);
    if (start === null) return missingCommit(plan.base, plan.baseBranch);
  }
  const fork = await mergeBase(dir, start, head);
  if (fork === null) {
    if (shallow.size > 0) {
      return lacks(noMergeBase({ name: target, sha: start }, plan.head));
    }
    throw rangeError({
      kind: "unrelated-request",
      source: plan.source,
      target: { name: target, sha: start },
      head: plan.head,
    });
  }
  const cut = await cutIn(dir, [start, head], fork, shallow);
  if (cut) return cutGap(cut);
  return found({
    source: { kind: plan.source, spec: `${start}..${head}`, base: start, head },
    start,
    result: "merge",
    target,
    exempt: [],
    audit: false,
  });
}

/**
 * A ref update, from..to: the commits of `to` that `from` lacks, judged as landing where `from`'s
 * rules are in force — also for a force push (from is not an ancestor of to) and a push of an
 * unrelated history. A `from` the clone lacks is fetched (--deepen) or named: never replaced by
 * a guess, since the rules in force start there.
 */
async function attemptBetween(
  dir: string,
  plan: Extract<CiPlan, { kind: "between" }>,
  shallow: ReadonlySet<string>,
): Promise<Attempt> {
  const to = await commitIfPresent(dir, plan.to.sha);
  if (to === null) return missingCommit(plan.to, null);
  const from = await commitIfPresent(dir, plan.from.sha);
  if (from === null) return missingCommit(plan.from, null);
  const fork = await mergeBase(dir, from, to);
  if (fork === null && shallow.size > 0) {
    return lacks(noMergeBase(named(plan.from), plan.to));
  }
  const cut = await cutIn(dir, fork === null ? [to] : [from, to], fork, shallow);
  if (cut) return cutGap(cut);
  const exempt =
    plan.pushed.kind === "branch" && plan.branch !== null && plan.pushed.name !== plan.branch.name
      ? await remoteTrackingTip(dir, remote, plan.branch.name)
      : null;
  return found({
    source: {
      kind: fork === from ? plan.source : plan.rewrittenSource,
      spec: `${from}..${to}`,
      base: from,
      head: to,
    },
    start: from,
    result: "tip",
    target: pushedName(plan.pushed, from),
    exempt: exempt === null ? [] : [exempt],
    audit: false,
  });
}

/** How messages name the ref a push moved. */
function pushedName(pushed: CiPushedRef, fallback: string): string {
  if (pushed.kind === "branch") return `${remote}/${pushed.name}`;
  if (pushed.kind === "other") return pushed.ref;
  return fallback.slice(0, 12);
}

/**
 * A new branch or tag (or a pipeline started on a branch): its commits not on the default branch
 * (or --base), judged as landing on it, the result a merge into it. A branch that is the default
 * branch itself, created by this push (a repository's first push), has nothing before it: its
 * whole history is judged, and brings its own adoption.
 */
async function attemptNewBranch(
  dir: string,
  plan: Extract<CiPlan, { kind: "new-branch" }>,
  shallow: ReadonlySet<string>,
  baseOverride: string | undefined,
): Promise<Attempt> {
  const { source, pushed } = plan;
  const head = await commitIfPresent(dir, plan.head.sha);
  if (head === null) return missingCommit(plan.head, null);
  const pushedDefault = pushed.kind === "branch" && pushed.name === plan.defaultBranch.name;
  if (baseOverride === undefined && pushedDefault) {
    const label = plan.created
      ? `${plan.event} (new default branch: whole history)`
      : `${plan.event} (on the default branch: whole history)`;
    return attemptWholeHistory(dir, head, plan.head, label, shallow, pushed);
  }
  let tip: string | null;
  let tipName: string;
  if (baseOverride !== undefined) {
    tipName = baseOverride;
    tip = await commitIfPresent(dir, baseOverride);
    if (tip === null) {
      const branchName = originBranch(baseOverride);
      const refspec = branchName === null ? null : branchRefspec(remote, branchName);
      return lacks({ kind: "base", base: baseOverride, refspec });
    }
  } else {
    tipName = `${remote}/${plan.defaultBranch.name}`;
    tip = await remoteTrackingTip(dir, remote, plan.defaultBranch.name);
    if (tip === null) {
      return missingBranch(plan.defaultBranch, "default", source);
    }
  }
  if (pushed.kind === "branch" && namesBranch(tipName, pushed.name)) {
    // --base names the pushed branch itself: nothing lies before the push to compare with.
    const label = withNote(source, "; ", `${tipName} is the pushed branch: whole history`);
    return attemptWholeHistory(dir, head, plan.head, label, shallow, pushed);
  }
  if (shallow.size > 0) {
    const fork = await mergeBase(dir, tip, head);
    if (fork === null) {
      return lacks(noMergeBase({ name: tipName, sha: tip }, plan.head));
    }
    const cut = await cutIn(dir, [tip, head], fork, shallow);
    if (cut) return cutGap(cut);
  }
  const kind = (await isAncestor(dir, head, tip))
    ? withNote(source, "; ", `nothing new relative to ${tipName}`)
    : source;
  return found({
    source: { kind, spec: `${tip}..${head}`, base: tip, head },
    start: tip,
    result: "merge",
    target: tipName,
    exempt: [],
    audit: false,
  });
}

/** "github push (force push)" + note → "github push (force push<sep>note)"; else "… (note)". */
function withNote(source: string, separator: string, note: string): string {
  return source.endsWith(")")
    ? `${source.slice(0, -1)}${separator}${note})`
    : `${source} (${note})`;
}

/** Whether a ref names `branch`: `branch`, `refs/heads/branch`, `origin/branch`, … */
function namesBranch(ref: string, branch: string): boolean {
  return ref === branch || ref === `refs/heads/${branch}` || originBranch(ref) === branch;
}

/** The whole history of `head` (spec `<head>`, no start): every commit of it must be present. */
async function attemptWholeHistory(
  dir: string,
  head: string,
  headCommit: CiCommit,
  kind: string,
  shallow: ReadonlySet<string>,
  pushed: CiPushedRef,
): Promise<Attempt> {
  const cut = await cutIn(dir, [head], null, shallow);
  if (cut) {
    return lacks({ kind: "whole-history-cut", head: headCommit, source: kind, at: cut });
  }
  return found({
    source: { kind, spec: head, base: null, head },
    start: null,
    result: "tip",
    target: pushedName(pushed, head),
    exempt: [],
    audit: false,
  });
}

function missingCommit(commit: CiCommit, branch: CiBranch | null): Attempt {
  const fetch = branch ? branchRefspec(remote, branch.name) : commit.sha;
  return lacks({ kind: "commit", commit, fetch });
}

function missingBranch(branch: CiBranch, role: "target" | "default", source: string): Attempt {
  return lacks({
    kind: "branch",
    branch,
    role,
    source,
    refspec: branchRefspec(remote, branch.name),
  });
}

function cutGap(cut: string): Attempt {
  return lacks({ kind: "range-cut", at: cut, range: null });
}

function noMergeBase(first: NamedCommit, second: CiCommit): HistoryGap {
  return { kind: "no-merge-base", ends: [first, named(second)] };
}

function named(commit: CiCommit): NamedCommit {
  return { name: commit.field, sha: commit.sha };
}

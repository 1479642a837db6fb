import { readFile } from "node:fs/promises";
import {
  type CiBranch,
  type CiCommit,
  type CiDecision,
  type CiProblem,
  type CiPushedRef,
  githubRangeRequest,
  gitlabRangeRequest,
  recogniseCi,
} from "../core/check/ci-event.js";
import type { RangeSource } from "../core/check/range-check.js";
import type { Environment } from "../environment.js";
import { IntentguardError } from "../errors.js";
import {
  branchRefspec,
  commitIfPresent,
  isAncestor,
  mergeBase,
  remoteTrackingTip,
  shallowCommits,
} from "../git/history-bounds.js";
import {
  type Attempt,
  type CiPlan,
  cutIn,
  gapError,
  originBranch,
  remote,
  withDeepening,
} from "./shallow-history.js";

/** `--ci`: the range the CI run's event brings (its --base already checked by the caller). */
export async function resolveCi(
  dir: string,
  request: { deepen: boolean; base?: string },
  ci: Environment["ci"],
): Promise<RangeSource> {
  const start = recogniseCi(ci);
  if (!start.ok) throw ciProblemError(start.problem, null);
  let decision: CiDecision;
  let payloadFile: string | null = null;
  if (start.provider === "github") {
    payloadFile = start.eventPath;
    decision = githubRangeRequest(start.event, await readEventPayload(start.eventPath));
  } else {
    decision = gitlabRangeRequest(ci);
  }
  if (!decision.ok) throw ciProblemError(decision.problem, payloadFile);
  const plan = decision.request;
  if (plan.kind === "nothing") return { kind: plan.source, spec: "", base: null, head: "" };
  const attempt = () => attemptCi(dir, plan, request.base);
  return request.deepen
    ? withDeepening(dir, plan, request.base, attempt)
    : finalAnswer(dir, await attempt());
}

async function readEventPayload(file: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new IntentguardError(
      `cannot read the GitHub event payload ${file} (GITHUB_EVENT_PATH): ${reason}. --ci reads the commits to check from it: run it in the job GitHub started, or name the commits with --range or --base.`,
    );
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new IntentguardError(
      `the GitHub event payload ${file} (GITHUB_EVENT_PATH) is not valid JSON (${(error as Error).message}). --ci reads the commits to check from it; name them with --range or --base instead.`,
    );
  }
}

function ciProblemError(problem: CiProblem, payloadFile: string | null): IntentguardError {
  const instead =
    "name the commits with --range <a>..<b> (e.g. --range origin/main..HEAD) or --base <ref> (e.g. --base origin/main)";
  switch (problem.kind) {
    case "no-ci":
      return new IntentguardError(
        `--ci found no CI it knows: neither GITHUB_ACTIONS=true (GitHub Actions) nor GITLAB_CI=true (GitLab CI/CD) is set. Outside those, ${instead}.`,
      );
    case "unsupported-event":
      return new IntentguardError(
        `--ci cannot tell which commits ${providerPossessive(problem.provider)} ${JSON.stringify(problem.event)} (${problem.variable}) brings; it reads ${problem.supported.join(", ")}. For this one, ${instead}.`,
      );
    case "missing-variable":
      return new IntentguardError(
        `${problem.variable} is not set, and --ci needs it on ${providerName(problem.provider)}: ${problem.why}. Run it in a job the CI started, or ${instead}.`,
      );
    case "bad-variable":
      return new IntentguardError(
        `${problem.variable} is ${JSON.stringify(problem.value)}, not ${problem.expected}. --ci reads the commits to check from it; ${instead}.`,
      );
    case "bad-payload":
      return new IntentguardError(
        `the GitHub event payload ${payloadFile ?? "(GITHUB_EVENT_PATH)"}: ${problem.field} ${problem.problem}. --ci reads the commits to check from it; ${instead}.`,
      );
  }
}

function providerName(provider: "github" | "gitlab"): string {
  return provider === "github" ? "GitHub Actions" : "GitLab CI/CD";
}

/** "GitHub Actions'", "GitLab CI/CD's". */
function providerPossessive(provider: "github" | "gitlab"): string {
  const name = providerName(provider);
  return name.endsWith("s") ? `${name}'` : `${name}'s`;
}

const found = (source: RangeSource): Attempt => ({ ok: true, source });
/** What the clone lacks; `fixAfterFetch` is the fix once --deepen has fetched (and no --deepen). */
const lacks = (what: string, fix: string, fixAfterFetch = fix): Attempt => ({
  ok: false,
  gap: { what, fix, fixAfterFetch },
});

/** The answer without fetching: the range, or exit 2 saying what is missing and how to fetch it. */
function finalAnswer(dir: string, attempt: Attempt): Promise<RangeSource> {
  if (attempt.ok) return Promise.resolve(attempt.source);
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
      return attemptBetween(dir, plan, shallow, baseOverride);
    case "new-branch":
      return attemptNewBranch(dir, newBranchFallback(plan), shallow, baseOverride);
  }
}

/** A pull or merge request: merge-base(base, head)..head. */
async function attemptMergeBase(
  dir: string,
  plan: Extract<CiPlan, { kind: "merge-base" }>,
  shallow: ReadonlySet<string>,
): Promise<Attempt> {
  const head = await commitIfPresent(dir, plan.head.sha);
  if (head === null) return missingCommit(plan.head, null);
  const base = await commitIfPresent(dir, plan.base.sha);
  if (base === null) return missingCommit(plan.base, plan.baseBranch);
  const fork = await mergeBase(dir, base, head);
  if (fork === null) {
    if (shallow.size > 0) {
      return lacks(
        `has no merge base of ${describeCommit(plan.base)} and ${describeCommit(plan.head)}`,
        "",
      );
    }
    throw new IntentguardError(
      `${plan.source}: ${describeCommit(plan.base)} and ${describeCommit(plan.head)} share no history (no merge base), so there is no fork point to check from. Name the commits with --range instead.`,
    );
  }
  const cut = await cutIn(dir, [base, head], fork, shallow);
  if (cut) return cutGap(cut);
  return found({ kind: plan.source, spec: `${fork}..${head}`, base: fork, head });
}

/**
 * A ref update, from..to. A `from` that is not an ancestor of `to` (a force push) starts the range
 * at their merge base; a `from` the clone does not have (nor could: it is not shallow), or one
 * that shares no history with `to`, makes it the commits of `to` that are not on the default
 * branch, as for a new branch — or, for a push to the default branch itself, the whole history
 * of `to` (see attemptNewBranch).
 */
async function attemptBetween(
  dir: string,
  plan: Extract<CiPlan, { kind: "between" }>,
  shallow: ReadonlySet<string>,
  baseOverride: string | undefined,
): Promise<Attempt> {
  const to = await commitIfPresent(dir, plan.to.sha);
  if (to === null) return missingCommit(plan.to, null);
  const from = await commitIfPresent(dir, plan.from.sha);
  if (from === null) {
    if (shallow.size > 0) return missingCommit(plan.from, null);
    return attemptNewBranch(dir, betweenFallback(plan), shallow, baseOverride);
  }
  if (await isAncestor(dir, from, to)) {
    const cut = await cutIn(dir, [to], from, shallow);
    if (cut) return cutGap(cut);
    return found({ kind: plan.source, spec: `${from}..${to}`, base: from, head: to });
  }
  const fork = await mergeBase(dir, from, to);
  if (fork === null) {
    if (shallow.size > 0) {
      return lacks(
        `has no merge base of ${describeCommit(plan.from)} and ${describeCommit(plan.to)}`,
        "",
      );
    }
    return attemptNewBranch(dir, betweenFallback(plan), shallow, baseOverride);
  }
  const cut = await cutIn(dir, [from, to], fork, shallow);
  if (cut) return cutGap(cut);
  return found({ kind: plan.rewrittenSource, spec: `${fork}..${to}`, base: fork, head: to });
}

/**
 * A range with no usable start (a new branch, a pipeline started on a branch, a force push whose
 * previous tip is gone or unrelated): what to compare `head` with, and how to report it.
 */
interface Fallback {
  /** The report's label when `head` is compared with a branch ("github push (new branch)"). */
  source: string;
  head: CiCommit;
  /** The default branch the event names, compared with unless --base names another. */
  branch: CiBranch | null;
  pushed: CiPushedRef;
  /** The label of the whole history of `head`, for a push to the default branch. */
  wholeToDefault: string;
  /** The label of the whole history of `head`, for a push to a ref the event does not name. */
  wholeToUnknown: string;
}

function newBranchFallback(plan: Extract<CiPlan, { kind: "new-branch" }>): Fallback {
  return {
    source: plan.source,
    head: plan.head,
    branch: plan.defaultBranch,
    pushed: plan.pushed,
    wholeToDefault: plan.created
      ? `${plan.event} (new default branch: whole history)`
      : `${plan.event} (on the default branch: whole history)`,
    wholeToUnknown: plan.created
      ? `${plan.event} (new ref the event does not name: whole history)`
      : `${plan.event} (on a ref the event does not name: whole history)`,
  };
}

function betweenFallback(plan: Extract<CiPlan, { kind: "between" }>): Fallback {
  return {
    source: plan.rewrittenSource,
    head: plan.to,
    branch: plan.branch,
    pushed: plan.pushed,
    wholeToDefault: withNote(plan.rewrittenSource, " ", "to the default branch: whole history"),
    wholeToUnknown: withNote(
      plan.rewrittenSource,
      " ",
      "to a ref the event does not name: whole history",
    ),
  };
}

/** "github push (force push)" + note → "github push (force push<sep>note)"; else "… (note)". */
function withNote(source: string, separator: string, note: string): string {
  return source.endsWith(")")
    ? `${source.slice(0, -1)}${separator}${note})`
    : `${source} (${note})`;
}

/**
 * The commits of `head` that are not on the default branch (or --base): `<tip>..<head>`.
 *
 * A push to the default branch itself cannot be compared with it: origin/<default> already is
 * `head` in the runner's clone, and the range would be empty, a green answer that judged nothing.
 * So a push to the default branch, or to a ref the event does not name, checks the whole history
 * of `head` (the caller skips the commits made before adoption). So does a range that comes out
 * empty because --base names the pushed branch itself. An empty range for another branch (it
 * brings nothing the compared branch does not have) stays empty, labelled with what it was
 * compared with.
 */
async function attemptNewBranch(
  dir: string,
  fallback: Fallback,
  shallow: ReadonlySet<string>,
  baseOverride: string | undefined,
): Promise<Attempt> {
  const { source, head: headCommit, branch, pushed } = fallback;
  const head = await commitIfPresent(dir, headCommit.sha);
  if (head === null) return missingCommit(headCommit, null);
  if (pushed.kind === "unknown") {
    return attemptWholeHistory(dir, head, headCommit, fallback.wholeToUnknown, shallow);
  }
  if (pushed.kind === "branch" && branch !== null && pushed.name === branch.name) {
    return attemptWholeHistory(dir, head, headCommit, fallback.wholeToDefault, shallow);
  }
  let tip: string | null;
  let tipName: string;
  if (baseOverride !== undefined) {
    tipName = baseOverride;
    tip = await commitIfPresent(dir, baseOverride);
    if (tip === null) {
      const branchName = originBranch(baseOverride);
      return lacks(
        `does not have --base ${JSON.stringify(baseOverride)}`,
        branchName === null
          ? "Check the name, or fetch it first."
          : `Fetch it (git fetch origin ${branchRefspec(remote, branchName)}), or add --deepen to let intentguard fetch it.`,
        "Check the name.",
      );
    }
  } else {
    if (branch === null) {
      throw new IntentguardError(
        `${source}: the commits before it are not in this clone, and the event names no default branch to compare with, so the commits it brings cannot be told. Name the branch to compare with: --ci --base origin/<branch>.`,
      );
    }
    tipName = `origin/${branch.name}`;
    tip = await remoteTrackingTip(dir, remote, branch.name);
    if (tip === null) {
      return lacks(
        `does not have refs/remotes/origin/${branch.name} (the default branch, ${branch.field}), which ${source} is compared with`,
        `Fetch it (git fetch origin ${branchRefspec(remote, branch.name)}); with actions/checkout, \`fetch-depth: 0\` fetches every branch; or add --deepen to let intentguard fetch it.`,
        `Check that ${remote} has the branch ${branch.name}, or name the branch to compare with: --ci --base origin/<branch>.`,
      );
    }
  }
  if (await isAncestor(dir, head, tip)) {
    // Nothing new relative to the tip. Never an empty answer for a push to that very branch.
    if (pushed.kind === "branch" && namesBranch(tipName, pushed.name)) {
      const label = withNote(source, "; ", `${tipName} is the pushed branch: whole history`);
      return attemptWholeHistory(dir, head, headCommit, label, shallow);
    }
    const kind = withNote(source, "; ", `nothing new relative to ${tipName}`);
    return found({ kind, spec: `${tip}..${head}`, base: tip, head });
  }
  if (shallow.size > 0) {
    const fork = await mergeBase(dir, tip, head);
    if (fork === null) {
      return lacks(
        `has no merge base of ${tipName} (${tip}) and ${describeCommit(headCommit)}`,
        "",
      );
    }
    const cut = await cutIn(dir, [tip, head], fork, shallow);
    if (cut) return cutGap(cut);
  }
  return found({ kind: source, spec: `${tip}..${head}`, base: tip, head });
}

/** Whether a ref names `branch`: `branch`, `refs/heads/branch`, `origin/branch`, … */
function namesBranch(ref: string, branch: string): boolean {
  return ref === branch || ref === `refs/heads/${branch}` || originBranch(ref) === branch;
}

/** The whole history of `head` (spec `<head>`, no base): every commit of it must be present. */
async function attemptWholeHistory(
  dir: string,
  head: string,
  headCommit: CiCommit,
  kind: string,
  shallow: ReadonlySet<string>,
): Promise<Attempt> {
  const cut = await cutIn(dir, [head], null, shallow);
  if (cut) {
    return lacks(
      `does not have the whole history of ${describeCommit(headCommit)}, which ${kind} checks (it is cut at ${cut})`,
      "",
    );
  }
  return found({ kind, spec: head, base: null, head });
}

function missingCommit(commit: CiCommit, branch: CiBranch | null): Attempt {
  const fetch = branch
    ? `git fetch origin ${branchRefspec(remote, branch.name)}`
    : `git fetch origin ${commit.sha}`;
  const checkout =
    commit.field === "pull_request.head.sha"
      ? // biome-ignore lint/suspicious/noTemplateCurlyInString: a GitHub Actions expression
        " On pull_request_target, actions/checkout checks out the base branch: give it `ref: ${{ github.event.pull_request.head.sha }}`."
      : "";
  return lacks(
    `does not have ${describeCommit(commit)}`,
    `Fetch it (${fetch}), or add --deepen to let intentguard fetch it.${checkout}`,
    `${remote} did not send it either: it may be gone from ${remote} (a force push, a deleted branch). Check the event, or name the commits with --range.${checkout}`,
  );
}

function cutGap(cut: string): Attempt {
  return lacks(`the range reaches ${cut}, where its history is cut`, "");
}

function describeCommit(commit: CiCommit): string {
  return `${commit.field} (${commit.sha})`;
}

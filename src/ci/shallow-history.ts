import { isBranchName } from "../core/check/ci-event/git-names.js";
import type { CiBranch, CiCommit, CiRangeRequest } from "../core/check/ci-event/range-request.js";
import { remote } from "../core/check/origin.js";
import type { Deepened, DeepenedBefore, HistoryGap } from "../core/check/range-failure.js";
import { GitError } from "../errors.js";
import {
  branchRefspec,
  fetchHistory,
  isShallowRepository,
  shallowCommits,
} from "../git/history-bounds.js";
import { listAncestors } from "../git/revisions.js";
import { rangeError } from "./range-error.js";
import type { ResolvedRange } from "./resolved-range.js";

/** The first depth --deepen fetches; each further step doubles it. */
const firstDeepen = 50;

/**
 * The first commit where a shallow clone's history is cut, among the commits reachable from
 * `tips` but not from `bottom`; null when there is none (or the clone is not shallow). A range
 * with such a commit inside is not known whole: what lies past the cut is unknown.
 */
export async function cutIn(
  dir: string,
  tips: readonly string[],
  bottom: string | null,
  shallow: ReadonlySet<string>,
): Promise<string | null> {
  if (shallow.size === 0) return null;
  const revs = bottom === null ? [...tips] : [...tips, `^${bottom}`];
  return (await listAncestors(dir, revs)).find((commit) => shallow.has(commit)) ?? null;
}

/** A shallow clone lacks what the range needs: exit 2 with the fixes (never a partial range). */
export function shallowError(gap: HistoryGap, canDeepen: boolean) {
  return rangeError({ kind: "shallow", gap, canDeepen, deepened: null });
}

/** A CI event's range to resolve (one that brings something to check). */
export type CiPlan = Exclude<CiRangeRequest, { kind: "nothing" }>;

/** One try at resolving a CI range: the range, or what the clone lacks for it. */
export type Attempt = { ok: true; range: ResolvedRange } | { ok: false; gap: HistoryGap };

/**
 * Exit 2 for what the clone lacks. `deepened` says how far --deepen fetched, when it ran: then the
 * message does not suggest --deepen again.
 */
export async function gapError(
  dir: string,
  gap: HistoryGap,
  deepened: DeepenedBefore | null,
): Promise<never> {
  if (await isShallowRepository(dir)) {
    throw rangeError({ kind: "shallow", gap, canDeepen: deepened === null, deepened });
  }
  throw rangeError({ kind: "clone-lacks", gap, deepened });
}

/**
 * --deepen: resolves, and while the clone lacks what the range needs, fetches `depth` commits
 * deeper (50, then 100, 200, …) and tries again, until the range resolves or the clone is no
 * longer shallow. A clone that is not shallow gets one plain fetch of what is missing (a default
 * branch it never fetched). Each fetch names the commits and branches the range is about.
 */
export async function withDeepening(
  dir: string,
  plan: CiPlan,
  baseOverride: string | undefined,
  attempt: () => Promise<Attempt>,
): Promise<ResolvedRange> {
  const { wants, optional } = planWants(plan, baseOverride);
  let depth = firstDeepen;
  const deepened: Deepened = { steps: [], plainFetch: false };
  let lastBoundary: string | null = null;
  let stalled = 0;
  for (;;) {
    const result = await attempt();
    if (result.ok) return result.range;
    if (await isShallowRepository(dir)) {
      const boundary = [...(await shallowCommits(dir))].sort().join(" ");
      stalled = boundary === lastBoundary ? stalled + 1 : 0;
      if (stalled >= 2) return gapError(dir, result.gap, { ...deepened, stalled: true });
      lastBoundary = boundary;
      await fetchOrExplain(dir, wants, optional, depth, result.gap, deepened);
      deepened.steps.push(depth);
      depth *= 2;
    } else if (!deepened.plainFetch) {
      await fetchOrExplain(dir, wants, optional, null, result.gap, deepened);
      deepened.plainFetch = true;
    } else {
      return gapError(dir, result.gap, { ...deepened, stalled: false });
    }
  }
}

/**
 * What a deepening fetch asks origin for: the range's head and the branches it compares with
 * (required), and the range's other end (optional: a commit a force push left behind may be
 * gone from the remote, and then the fetch is retried without it).
 */
function planWants(
  plan: CiPlan,
  baseOverride: string | undefined,
): { wants: string[]; optional: string[] } {
  const branches: (CiBranch | null)[] = [];
  let head: CiCommit;
  let other: CiCommit | null = null;
  switch (plan.kind) {
    case "merge-base":
      head = plan.head;
      other = plan.base;
      branches.push(plan.baseBranch);
      break;
    case "between":
      head = plan.to;
      other = plan.from;
      branches.push(baseOverride === undefined ? plan.branch : null);
      break;
    case "new-branch":
      head = plan.head;
      branches.push(baseOverride === undefined ? plan.defaultBranch : null);
      break;
  }
  const overrideBranch = baseOverride === undefined ? null : originBranch(baseOverride);
  const names = [...branches.map((branch) => branch?.name ?? null), overrideBranch];
  const refspecs = [...new Set(names.filter((name): name is string => name !== null))].map((name) =>
    branchRefspec(remote, name),
  );
  return { wants: [head.sha, ...refspecs], optional: other ? [other.sha] : [] };
}

/** The branch of origin a ref names (`origin/main`, `refs/remotes/origin/main`), else null. */
export function originBranch(ref: string): string | null {
  const name = /^(?:refs\/remotes\/)?origin\/(.+)$/.exec(ref)?.[1];
  return name !== undefined && name !== "HEAD" && isBranchName(name) ? name : null;
}

async function fetchOrExplain(
  dir: string,
  wants: readonly string[],
  optional: readonly string[],
  depth: number | null,
  gap: HistoryGap,
  deepened: Deepened,
): Promise<void> {
  try {
    await fetchHistory(dir, remote, [...wants, ...optional], depth);
    return;
  } catch (error) {
    if (!(error instanceof GitError)) throw error;
    if (optional.length === 0) throw fetchError(error, gap, deepened);
  }
  try {
    await fetchHistory(dir, remote, wants, depth);
  } catch (error) {
    if (!(error instanceof GitError)) throw error;
    throw fetchError(error, gap, deepened);
  }
}

function fetchError(error: GitError, gap: HistoryGap, deepened: Deepened) {
  const reason =
    error.stderr
      .trim()
      .split("\n")[0]
      ?.replace(/^fatal: /, "") || `exit ${error.status}`;
  return rangeError({ kind: "fetch-failed", reason, fetched: deepened, gap });
}

import type { Clock } from "../core/clock.js";
import { appendAll } from "../core/unbounded-arrays.js";
import type { Environment } from "../environment.js";
import { noGovernanceError } from "../gate/judge-against-parent.js";
import { type BranchTip, cloneDefaultBranch } from "../git/default-branch.js";
import { isAncestor, mergeBase } from "../git/history-bounds.js";
import { commitsBrought, commitsToJudge, firstGovernedRef } from "../git/landing-history.js";
import type { BlobDigest } from "../git/read-blobs.js";
import type { Repo } from "../git/repo.js";
import { adoptionCheck, cloneRefs } from "./adoption.js";
import type { CommitJudgement } from "./judge-commit.js";
import {
  judgeLanding,
  type LandedCommit,
  type Landing,
  type LandingFinding,
} from "./judge-landing.js";

/** A branch update the reference-transaction hook hands over, with what its shim found new. */
export interface LocalUpdate {
  ref: string;
  old: string;
  new: string;
  /**
   * The commits it brings that no remote-tracking branch has (for a new branch: that no branch
   * has either), oldest first, each with its parents.
   */
  fresh: { commit: string; parents: string[] }[];
}

/** What the local landings of one ref transaction came to. */
export interface LocalLandings {
  /** Every commit judged, once each, oldest first. */
  judged: CommitJudgement[];
  /** Findings about a landing as a whole (the rules it leaves, its adoptions). */
  findings: LandingFinding[];
  digests: Map<string, BlobDigest | null>;
  /** The commits the updates drop (an amend's old commit, a rebase's originals). */
  dropped: string[];
}

const absent = (oid: string) => /^0+$/.test(oid);

/**
 * Judges the branch updates of one local ref transaction as landings: each on its branch, where
 * the rules in force start at the branch's tip before the update — or, for a rewrite of commits
 * pushed nowhere (an amend, a rebase of local work), at the point where the new history leaves
 * the old: dropping one's own unpublished commits is one's own business, rolling back what a
 * remote has is not. A new branch lands on the default branch. Commits a remote-tracking branch
 * has were judged where they came from (and by CI) and are not judged again here; neither are,
 * on another branch, the default branch's. Throws (exit 2) where no branch has rules at all.
 */
export async function judgeLocalLandings(
  repo: Repo,
  clock: Clock,
  env: Environment,
  updates: readonly LocalUpdate[],
  label: (commit: string) => string,
  explainPending: boolean,
): Promise<LocalLandings> {
  const judged = new Map<string, CommitJudgement>();
  const findings: LandingFinding[] = [];
  const digests = new Map<string, BlobDigest | null>();
  const dropped: string[] = [];
  let unreadable: Extract<LandedCommit, { kind: "unreadable" }> | undefined;
  let defaultBranch: Promise<BranchTip | null> | undefined;
  const defaultRef = () => {
    defaultBranch ??= cloneDefaultBranch(repo.root);
    return defaultBranch;
  };
  for (const update of updates) {
    const made = update.fresh.length > 1 ? madeHere(repo, update) : undefined;
    made?.catch(() => {}); // awaited below, after the landing's own questions
    const landing = await localLanding(repo, update, defaultRef, dropped);
    const outcome = await judgeLanding(
      {
        repo,
        clock,
        env,
        declared: "environment",
        ...(made ? { madeHere: await made } : {}),
        explainPending,
        detail: "patch",
        batchSize: Number.POSITIVE_INFINITY,
        label,
        onJudged: (batch, batchDigests) => {
          for (const [oid, digest] of batchDigests) digests.set(oid, digest);
          for (const landed of batch) {
            if (landed.kind === "unreadable") unreadable ??= landed;
            else if (!judged.has(landed.commit)) judged.set(landed.commit, landed);
            else if (landed.kind === "judged" && landed.verdict.outcome === "blocked") {
              judged.set(landed.commit, landed); // the stricter landing's verdict stands
            }
          }
        },
      },
      landing,
    );
    appendAll(findings, outcome.findings);
  }
  // Rules that cannot be read stop the commit (exit 2, naming file and line), as before a landing.
  if (unreadable) throw unreadable.error;
  const all = [...judged.values()];
  if (all.some((one) => one.kind === "ungoverned") && !(await anyBranchGoverned(repo))) {
    throw noGovernanceError();
  }
  return { judged: all, findings, digests, dropped: [...new Set(dropped)] };
}

async function localLanding(
  repo: Repo,
  update: LocalUpdate,
  defaultRef: () => Promise<BranchTip | null>,
  dropped: string[],
): Promise<Landing> {
  const dir = repo.root;
  const fresh = update.fresh.map((entry) => entry.commit);
  const adoption = (adoptions: readonly string[]) => adoptionCheck(dir, adoptions, cloneRefs);
  const [only] = update.fresh;
  // The usual commit: one new commit on the branch's tip, no default branch to look up.
  if (!absent(update.old) && update.fresh.length === 1 && only?.parents.join(" ") === update.old) {
    return {
      target: shortRef(update.ref),
      start: update.old,
      newTip: update.new,
      result: "tip",
      adoption,
      leavingRules: "warn",
      judged: fresh,
    };
  }
  const found = await defaultRef();
  const defaultBranch = found?.ref ?? null;
  const onDefault = defaultBranch === update.ref;
  // The tip before this transaction: git updates its refs only once every hook has agreed.
  const defaultTip = found && !onDefault ? found.tip : null;
  const exempt = ["--remotes", ...(defaultTip ? [defaultTip] : [])];
  if (absent(update.old)) {
    // A new branch lands on the default branch (a repository's first commit: on nothing).
    const start = defaultTip;
    return {
      target: start && defaultBranch ? shortRef(defaultBranch) : shortRef(update.ref),
      start,
      newTip: update.new,
      result: start ? "merge" : "tip",
      adoption,
      leavingRules: onDefault ? "error" : "warn",
      judged: fresh,
      exempt: ["--branches", ...exempt],
    };
  }
  const start = await rewriteStart(dir, update, dropped);
  return {
    target: shortRef(update.ref),
    start,
    newTip: update.new,
    result: "tip",
    adoption,
    leavingRules: onDefault ? "error" : "warn",
    ...(onDefault ? { judged: fresh } : {}),
    exempt,
  };
}

/**
 * Where the rules in force start for a branch update: its old tip, unless the update rewrites
 * history that no remote-tracking branch has — then the newest commit the old and new history
 * share (the commits dropped were this clone's own: an amend, a rebase of local work).
 */
async function rewriteStart(dir: string, update: LocalUpdate, dropped: string[]): Promise<string> {
  // A fast-forward (the common case) asks one question; a rewrite the other three at once.
  if (await isAncestor(dir, update.old, update.new)) return update.old;
  const [gone, unpublished, base] = await Promise.all([
    commitsBrought(dir, update.old, [update.new]),
    commitsToJudge(dir, update.old, [update.new], ["--remotes"]),
    mergeBase(dir, update.old, update.new),
  ]);
  appendAll(dropped, gone.order);
  if (unpublished.length !== gone.order.length) return update.old;
  return base ?? update.old;
}

/**
 * The commits of an update that no branch has yet: what this very command makes (a rebase's
 * picks, a merge commit), which the committing environment (INTENTGUARD_INTENT, _AGENT) speaks
 * for. A branch merged in was committed before, under its own trailers.
 */
async function madeHere(repo: Repo, update: LocalUpdate): Promise<Set<string>> {
  return new Set(await commitsToJudge(repo.root, update.new, [], ["--branches", "--remotes"]));
}

/** Whether any branch or remote-tracking branch has the intents file. */
async function anyBranchGoverned(repo: Repo): Promise<boolean> {
  return (await firstGovernedRef(repo.root, cloneRefs)) !== null;
}

function shortRef(ref: string): string {
  return ref.replace(/^refs\/(heads|tags)\//, "");
}

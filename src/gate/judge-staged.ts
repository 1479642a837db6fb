import type { FileChange } from "../core/commit/file-change.js";
import type { Governance } from "../core/governance/governance.js";
import { type IntentRequest, resolveIntentRequest } from "../core/intent/intent-request.js";
import type { Verdict } from "../core/judge/verdict.js";
import type { Environment } from "../environment.js";
import { GitError } from "../errors.js";
import { diffIndexCached, emptyTreeId } from "../git/diff-index.js";
import { readMergeHeads } from "../git/merge-heads.js";
import { locateRepo, type Repo } from "../git/repo.js";
import { headWithParents } from "../git/revisions.js";
import { type GovernanceSnapshot, snapshotFromGit } from "../governance/governance-snapshot.js";
import { readSelection } from "../state/selection.js";
import { agentMade } from "./agent-made.js";
import { governanceBeforeRemoval, once } from "./governance-sources.js";
import { judgeAgainstParent, noGovernanceError } from "./judge-against-parent.js";

export interface StagedChangeRequest {
  env: Environment;
  /** The repository, when the caller has located it already; else it is located from env.cwd. */
  repo?: Repo;
  flagIntent?: string | undefined;
  trailers?: readonly string[] | undefined;
  deferWithoutIntent: boolean;
  /** `commit --amend` of this HEAD: judge the whole amended commit against HEAD's parents. */
  amendHead?: string | undefined;
}

export interface StagedJudgement {
  repo: Repo;
  verdict: Verdict;
  /** The governance the change was judged by (its parent's, or its own for the adoption commit). */
  governance: Governance;
  /** HEAD when the change was judged; null before the first commit. */
  head: string | null;
  /**
   * The intent declared for the change, whatever the verdict names: an empty change (nothing
   * staged) is judged without one, yet `status` still shows what is selected.
   */
  declared: IntentRequest | null;
}

interface Base {
  head: string | null;
  amend?: true;
  parents: string[];
  snapshot: GovernanceSnapshot | null;
  /** The index against the first parent (the empty tree without one). */
  changes: FileChange[];
}

/**
 * Judges what is staged as the next commit, against the governance of its first parent, over
 * the paths it authors (for a merge: those that differ from every parent). The common case runs
 * three git processes at once, the slowest first: the streamed raw diff (git reads the whole
 * index), the governance in HEAD, the repository lookup.
 */
export async function judgeStaged(request: StagedChangeRequest): Promise<StagedJudgement> {
  const { env } = request;
  const dir = request.repo?.root ?? env.cwd;
  const pendingBase = request.amendHead ? amendBase(dir, request.amendHead) : headBase(dir);
  pendingBase.catch(() => {}); // awaited below; a failed repository lookup must not leave it unhandled
  const repo = request.repo ?? (await locateRepo(dir));
  const selection = readSelection(repo.stateDir);
  const mergeHeads = request.amendHead ? [] : readMergeHeads(repo);
  const base = await pendingBase;
  const parents = base.head === null ? base.parents : [...base.parents, ...mergeHeads];
  const changes =
    parents.length > 1 ? await authoredByMerge(dir, base.changes, parents.slice(1)) : base.changes;
  const [firstParent] = parents;
  const resolved = resolveIntentRequest({
    flag: request.flagIntent,
    env: env.intent,
    trailers: request.trailers,
    selection,
  });
  const judgement = await judgeAgainstParent({
    repo,
    parentGovernance: base.snapshot,
    ownGovernance: once(() => snapshotFromGit(dir, { kind: "index" })),
    governanceBeforeRemoval: () =>
      firstParent ? governanceBeforeRemoval(dir, firstParent) : Promise.resolve(null),
    changes,
    merge: parents.length > 1,
    resolved,
    agent: env.agent,
    agentMade: agentMade([], env.agentProcess),
    deferWithoutIntent: request.deferWithoutIntent,
    explainPending: true,
  });
  if (judgement.kind === "ungoverned") throw noGovernanceError();
  const { verdict, governance } = judgement;
  if (base.amend) verdict.notes.push({ kind: "amend" });
  return { repo, verdict, governance, head: base.head, declared: resolved.request };
}

async function headBase(dir: string): Promise<Base> {
  const [changes, snapshot] = await Promise.all([
    diffIndexCached(dir, "HEAD").catch((error: unknown) => {
      if (error instanceof GitError) return error;
      throw error;
    }),
    snapshotFromGit(dir, { kind: "commit", rev: "HEAD" }),
  ]);
  if (snapshot.commit === null) return rootBase(dir, null);
  if (changes instanceof GitError) throw changes;
  return { head: snapshot.commit, parents: [snapshot.commit], snapshot, changes };
}

/** For an amend, the base is HEAD's parents; a marker left for another HEAD is ignored. */
async function amendBase(dir: string, amendHead: string): Promise<Base> {
  const { head, parents } = await headWithParents(dir);
  if (head !== amendHead) return headBase(dir);
  const [first] = parents;
  if (first === undefined) return { ...(await rootBase(dir, head)), amend: true };
  const [snapshot, changes] = await Promise.all([
    snapshotFromGit(dir, { kind: "commit", rev: first }),
    diffIndexCached(dir, first),
  ]);
  return { head, parents, snapshot, changes, amend: true };
}

/** The next commit has no parent: compare with the empty tree. */
async function rootBase(dir: string, head: string | null): Promise<Base> {
  return {
    head,
    parents: [],
    snapshot: null,
    changes: await diffIndexCached(dir, await emptyTreeId(dir)),
  };
}

/** A merge authors the paths whose staged content differs from every parent's. */
async function authoredByMerge(
  dir: string,
  againstFirst: FileChange[],
  otherParents: string[],
): Promise<FileChange[]> {
  const others = await Promise.all(otherParents.map((parent) => diffIndexCached(dir, parent)));
  const differsFromAll = others.map((changes) => new Set(changes.map((change) => change.path)));
  return againstFirst.filter((change) => differsFromAll.every((paths) => paths.has(change.path)));
}

import type { FileChange } from "../core/changeset.js";
import type { Verdict } from "../core/check/verdict.js";
import type { Rules } from "../core/rules.js";
import { GitError } from "../errors.js";
import { diffIndexCached, emptyTreeId } from "../git/diff-index.js";
import { gitText } from "../git/exec.js";
import { locateRepo, type Repo } from "../git/repo.js";
import { type RulesSnapshot, snapshotFromGit } from "../rules/rules-snapshot.js";
import { readSelection } from "../state/selection.js";
import { judgeChange } from "./judge-change.js";
import { readMergeHeads } from "./merge-heads.js";

export interface StagedCheckRequest {
  /** The repository, when the caller has located it already; else the check locates it. */
  repo?: Repo;
  flagIntent?: string | undefined;
  trailers?: readonly string[] | undefined;
  deferWithoutIntent: boolean;
  /** `commit --amend` of this HEAD: judge the whole amended commit against HEAD's parents. */
  amendHead?: string | undefined;
}

export interface StagedCheck {
  repo: Repo;
  verdict: Verdict;
  /** The rules the change was judged by (its parent's, or its own for the adoption commit). */
  rules: Rules;
  /** HEAD when the check ran; null before the first commit. */
  head: string | null;
}

interface Base {
  head: string | null;
  amend?: true;
  parents: string[];
  snapshot: RulesSnapshot | null;
  /** The index against the first parent (the empty tree without one). */
  changes: FileChange[];
}

/**
 * Judges what is staged as the next commit, against the rules of its first parent, over the
 * paths it authors (for a merge: those that differ from every parent). The common case runs
 * three git processes at once, the slowest first: the streamed raw diff (git reads the whole
 * index), the rules in HEAD, the repository lookup.
 */
export async function checkStaged(request: StagedCheckRequest): Promise<StagedCheck> {
  const pendingBase = request.amendHead ? amendBase(request.amendHead) : headBase();
  pendingBase.catch(() => {}); // awaited below; a failed repository lookup must not leave it unhandled
  const repo = request.repo ?? (await locateRepo());
  const selection = readSelection(repo.stateDir);
  const mergeHeads = request.amendHead ? [] : readMergeHeads(repo.mergeHeadFile);
  const base = await pendingBase;
  const parents = base.head === null ? base.parents : [...base.parents, ...mergeHeads];
  const changes =
    parents.length > 1 ? await authoredByMerge(base.changes, parents.slice(1)) : base.changes;
  const { verdict, rules } = await judgeChange({
    repo,
    parentRules: base.snapshot,
    changes,
    merge: parents.length > 1,
    flagIntent: request.flagIntent,
    trailers: request.trailers,
    selection,
    deferWithoutIntent: request.deferWithoutIntent,
  });
  if (base.amend)
    verdict.notes.push("amend: judged as the whole amended commit against its parent");
  return { repo, verdict, rules, head: base.head };
}

async function headBase(): Promise<Base> {
  const [changes, snapshot] = await Promise.all([
    diffIndexCached("HEAD").catch((error: unknown) => {
      if (error instanceof GitError) return error;
      throw error;
    }),
    snapshotFromGit({ kind: "commit", rev: "HEAD" }),
  ]);
  if (snapshot.commit === null) return rootBase(null);
  if (changes instanceof GitError) throw changes;
  return { head: snapshot.commit, parents: [snapshot.commit], snapshot, changes };
}

/** For an amend, the base is HEAD's parents; a marker left for another HEAD is ignored. */
async function amendBase(amendHead: string): Promise<Base> {
  const [head, parentList] = await Promise.all([
    gitText(["rev-parse", "--verify", "HEAD"]),
    gitText(["rev-parse", "HEAD^@"]),
  ]);
  if (head !== amendHead) return headBase();
  const parents = parentList.split("\n").filter(Boolean);
  const [first] = parents;
  if (first === undefined) return { ...(await rootBase(head)), amend: true };
  const [snapshot, changes] = await Promise.all([
    snapshotFromGit({ kind: "commit", rev: first }),
    diffIndexCached(first),
  ]);
  return { head, parents, snapshot, changes, amend: true };
}

/** The next commit has no parent: compare with the empty tree. */
async function rootBase(head: string | null): Promise<Base> {
  return { head, parents: [], snapshot: null, changes: await diffIndexCached(await emptyTreeId()) };
}

/** A merge authors the paths whose staged content differs from every parent's. */
async function authoredByMerge(
  againstFirst: FileChange[],
  otherParents: string[],
): Promise<FileChange[]> {
  const others = await Promise.all(otherParents.map((parent) => diffIndexCached(parent)));
  const differsFromAll = others.map((changes) => new Set(changes.map((change) => change.path)));
  return againstFirst.filter((change) => differsFromAll.every((paths) => paths.has(change.path)));
}

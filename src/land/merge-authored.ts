import type { FileChange } from "../core/commit/file-change.js";
import { intentsFilePath } from "../core/governance/governance-files.js";
import type { CommitDiff } from "../core/trace/commit-diff.js";
import { diffTrees } from "../git/diff-commit.js";
import { readObjects } from "../git/read-objects.js";
import { automaticMergeTree } from "../git/revisions.js";

/** What a commit is judged on: the paths it authors, and the parent it authors them against. */
export interface AuthoredChange {
  changes: FileChange[];
  /** The parent whose governance judges the commit (its first parent, unless said otherwise). */
  against: string | undefined;
}

/**
 * The paths a commit authors. An ordinary commit: its diff. A merge of two governed, related
 * histories: what differs from git's own merge of its parents — a conflict resolution, an edit
 * made while merging, a side's change undone (`-s ours`, or a file checked out from one parent,
 * which "differs from every parent" would miss). A merge that brings in history nobody judged —
 * unrelated, or a side without intentguard's rules (forked before adoption, or after removing
 * them) — or an octopus merge: everything that differs from its first parent. A merge whose first
 * parent has no rules but another parent has: judged against that parent, so joining a governed
 * branch onto an ungoverned one cannot drop the rules unseen. `known` answers which commits hold
 * the intents file, where the caller knows (a landing does, for every commit it brings).
 */
export async function authoredChange(
  dir: string,
  diff: CommitDiff,
  known?: (commit: string) => boolean | undefined,
  prefetched?: (commit: string) => Promise<string | null> | undefined,
): Promise<AuthoredChange> {
  const { sha, parents } = diff.commit;
  const [first, ...others] = parents;
  if (first === undefined || others.length === 0) return { changes: diff.changes, against: first };
  const governed = await hasRules(dir, parents, known);
  if (!governed.get(first)) {
    const ruled = others.find((other) => governed.get(other));
    if (ruled) return { changes: await diffTrees(dir, ruled, sha), against: ruled };
    return { changes: diff.changes, against: first }; // no side has rules: ungoverned
  }
  const [other] = others;
  const automatic =
    others.length === 1 && other !== undefined && governed.get(other)
      ? await (prefetched?.(sha) ?? automaticMergeTree(dir, first, other))
      : null;
  if (automatic === null) return { changes: await diffTrees(dir, first, sha), against: first };
  // The merge git would have made, untouched (the common case): it authors nothing.
  if (automatic === diff.commit.tree) return { changes: [], against: first };
  return { changes: await diffTrees(dir, automatic, sha), against: first };
}

/**
 * Which commits hold the intents file: as the landing knows already (`known`), else with one
 * `git cat-file --batch`.
 */
async function hasRules(
  dir: string,
  commits: readonly string[],
  known?: (commit: string) => boolean | undefined,
): Promise<Map<string, boolean>> {
  const answers = commits.map((commit) => known?.(commit));
  if (answers.every((answer) => answer !== undefined)) {
    return new Map(commits.map((commit, index) => [commit, answers[index] as boolean]));
  }
  const names = commits.map((commit) => `${commit}:${intentsFilePath}`);
  const objects = await readObjects(dir, names);
  return new Map(
    commits.map((commit, index) => [commit, Boolean(objects.get(names[index] ?? ""))]),
  );
}

/**
 * git's own merge of each two-parent merge a landing judges, started ahead of the judgement,
 * `concurrency` at a time in the order given: `git merge-tree` runs for each merge (git 2.39 has
 * no batch form), and on real histories those runs are most of a range check's time, so they
 * overlap with the diff stream and the judging instead of waiting for them one by one.
 */
export function prefetchMergeTrees(
  dir: string,
  merges: readonly { sha: string; parents: readonly string[] }[],
  concurrency = 2,
): Map<string, Promise<string | null>> {
  const trees = new Map<string, Promise<string | null>>();
  const queue: (() => void)[] = [];
  const startNext = () => queue.shift()?.();
  for (const { sha, parents } of merges) {
    const [first, other] = parents;
    if (parents.length !== 2 || first === undefined || other === undefined) continue;
    const tree = new Promise<string | null>((resolve, reject) => {
      queue.push(() => {
        automaticMergeTree(dir, first, other).then(resolve, reject).finally(startNext);
      });
    });
    tree.catch(() => {}); // its judgement awaits it, and reports a failure there
    trees.set(sha, tree);
  }
  for (let started = 0; started < concurrency; started++) startNext();
  return trees;
}

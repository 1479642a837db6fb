import type { FileChange } from "../core/file-change.js";
import { intentsFilePath } from "../core/governance-files.js";
import type { CommitDiff } from "../core/trace/commit-diff.js";
import { diffTrees } from "../git/diff-commit.js";
import { readObjects } from "../git/read-objects.js";
import { automaticMergeTree, shareHistory } from "../git/revisions.js";

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
  const judgedWhole =
    others.length > 1 ||
    other === undefined ||
    !governed.get(other) ||
    !(await shareHistory(dir, first, other));
  if (judgedWhole) return { changes: await diffTrees(dir, first, sha), against: first };
  const automatic = await automaticMergeTree(dir, first, other);
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

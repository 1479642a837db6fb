import type { CommitHistory } from "../core/trace/attribute-lines.js";
import { runGit } from "./exec.js";

/**
 * The commits reachable from `tips`, with their parents and committer times, from one streamed
 * `git rev-list --parents --timestamp --stdin`: what content matching asks of history — which
 * source is an ancestor, which came later — for every line at once. The whole ancestry, not down
 * to a date: a date bound (`--since`) stops at the first commit dated before it, and a backdated
 * commit between two others would then hide that one descends from the other. Tips this clone
 * does not have are left out (`--ignore-missing`): a source pruned after a squash merge is simply
 * not here.
 */
export async function readCommitHistory(
  dir: string,
  tips: readonly string[],
): Promise<CommitHistory> {
  const parents = new Map<string, string[]>();
  const times = new Map<string, number>();
  if (tips.length > 0) {
    const { stdout } = await runGit(
      dir,
      ["rev-list", "--parents", "--timestamp", "--ignore-missing", "--stdin"],
      { input: `${tips.join("\n")}\n` },
    );
    for (const line of stdout.toString("utf8").split("\n")) {
      const [time, commit, ...rest] = line.split(" ");
      if (!time || !commit) continue;
      times.set(commit, Number(time));
      parents.set(commit, rest);
    }
  }
  const reachable = new Map<string, Set<string>>();
  const ancestorsOf = (commit: string): Set<string> => {
    const known = reachable.get(commit);
    if (known) return known;
    const seen = new Set<string>();
    const stack = [commit];
    while (stack.length > 0) {
      const next = stack.pop() as string;
      for (const parent of parents.get(next) ?? []) {
        if (seen.has(parent)) continue;
        seen.add(parent);
        stack.push(parent);
      }
    }
    reachable.set(commit, seen);
    return seen;
  };
  return {
    committed: (commit) => times.get(commit),
    isAncestor: (ancestor, descendant) =>
      ancestor !== descendant && ancestorsOf(descendant).has(ancestor),
  };
}

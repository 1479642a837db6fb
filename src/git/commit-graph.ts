import type { CommitHistory } from "../core/trace/attribute-lines.js";
import { runGit } from "./exec.js";

/** Slack for clocks that disagree: a parent committed up to a day after its child is still read. */
const clockSkew = 24 * 60 * 60;

/**
 * The commits reachable from `tips`, back to the oldest of them (less a day of clock skew), with
 * their parents and committer times: what content matching asks of history — which source is an
 * ancestor, which came later — for every line at once, in two git processes whatever their
 * number: the tips' own times (`git log --no-walk`), then the graph down to the oldest
 * (`git rev-list --parents --timestamp --since`). Tips this clone does not have are left out
 * (`--ignore-missing`): a source pruned after a squash merge is simply not here.
 */
export async function readCommitHistory(
  dir: string,
  tips: readonly string[],
): Promise<CommitHistory> {
  const parents = new Map<string, string[]>();
  const times = new Map<string, number>();
  const since = tips.length > 0 ? await oldestOf(dir, tips) : null;
  if (since !== null) {
    const { stdout } = await runGit(
      dir,
      [
        "rev-list",
        "--parents",
        "--timestamp",
        `--since=${Math.max(0, Math.floor(since) - clockSkew)}`,
        "--ignore-missing",
        "--stdin",
      ],
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

/** The oldest committer time of the tips this clone has; null when it has none. */
async function oldestOf(dir: string, tips: readonly string[]): Promise<number | null> {
  const { stdout } = await runGit(
    dir,
    ["log", "--no-walk=unsorted", "--ignore-missing", "--stdin", "--format=%ct"],
    { input: `${tips.join("\n")}\n` },
  );
  let oldest: number | null = null;
  for (const line of stdout.toString("utf8").split("\n")) {
    const time = Number(line);
    if (line !== "" && Number.isFinite(time))
      oldest = oldest === null ? time : Math.min(oldest, time);
  }
  return oldest;
}

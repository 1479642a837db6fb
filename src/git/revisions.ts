import { gitText, runGit } from "./exec.js";

/** The object a ref points at, or null when it does not exist. */
export async function refTip(dir: string, ref: string): Promise<string | null> {
  const { stdout, status } = await runGit(dir, ["rev-parse", "-q", "--verify", ref], {
    okExitCodes: [1],
  });
  return status === 0 ? stdout.toString("utf8").trim() : null;
}

/** Full commit ID of a revision; fails with git's message when it does not resolve. */
export function resolveCommit(dir: string, rev: string): Promise<string> {
  return gitText(dir, ["rev-parse", "--verify", `${rev}^{commit}`]);
}

/** HEAD and its parents (empty for a root commit); fails when HEAD does not exist. */
export async function headWithParents(dir: string): Promise<{ head: string; parents: string[] }> {
  const [head, parents] = await Promise.all([
    gitText(dir, ["rev-parse", "--verify", "HEAD"]),
    gitText(dir, ["rev-parse", "HEAD^@"]),
  ]);
  return { head, parents: parents.split("\n").filter(Boolean) };
}

/** The commits of a range or revision, newest first; fails with git's message when invalid. */
export async function listCommits(dir: string, range: string): Promise<string[]> {
  return (await gitText(dir, ["rev-list", range, "--"])).split("\n").filter(Boolean);
}

/** Every ancestor of the given revisions (themselves included), newest first. */
export async function listAncestors(dir: string, revs: readonly string[]): Promise<string[]> {
  return (await gitText(dir, ["rev-list", ...revs, "--"])).split("\n").filter(Boolean);
}

/** The commits in `tip`'s history that add `file`, newest first. */
export async function commitsAdding(dir: string, tip: string, file: string): Promise<string[]> {
  const text = await gitText(dir, ["log", "--format=%H", "--diff-filter=A", tip, "--", file]);
  return text.split("\n").filter(Boolean);
}

export interface CommitSummary {
  commit: string;
  /** The author date, YYYY-MM-DD. */
  date: string;
  subject: string;
}

/** HEAD's history with each commit's date and subject, newest first (`since` as git log's). */
export async function commitSummaries(dir: string, since?: string): Promise<CommitSummary[]> {
  const sinceArgs = since ? [`--since=${since}`] : [];
  const log = await gitText(dir, ["log", "--format=%H%x00%as%x00%s", ...sinceArgs, "HEAD", "--"]);
  return log
    .split("\n")
    .filter(Boolean)
    .map((line) => {
      const [commit = "", date = "", subject = ""] = line.split("\0");
      return { commit, date, subject };
    });
}

/**
 * The commits reachable from `tips` that no branch or remote-tracking branch reaches yet, oldest
 * first (parents before children): what a ref update brings that was never on a branch here.
 */
export async function commitsNewToBranches(
  dir: string,
  tips: readonly string[],
): Promise<string[]> {
  if (tips.length === 0) return [];
  const text = await gitText(dir, [
    "rev-list",
    "--topo-order",
    "--reverse",
    ...tips,
    "--not",
    "--branches",
    "--remotes",
    "--",
  ]);
  return text.split("\n").filter(Boolean);
}

/** The commits reachable from `olds` but from none of `news`: what a ref update drops. */
export async function commitsDropped(
  dir: string,
  olds: readonly string[],
  news: readonly string[],
): Promise<string[]> {
  if (olds.length === 0) return [];
  const text = await gitText(dir, ["rev-list", ...olds, "--not", ...news, "--"]);
  return text.split("\n").filter(Boolean);
}

/** The newest commit in `rev`'s history that touched `file` (added, changed or removed it). */
export async function lastCommitTouching(
  dir: string,
  rev: string,
  file: string,
): Promise<string | null> {
  const text = await gitText(dir, ["log", "-1", "--format=%H", rev, "--", file]);
  return text || null;
}

/** Whether two commits share any history (a merge of unrelated histories has none). */
export async function shareHistory(dir: string, a: string, b: string): Promise<boolean> {
  const { status } = await runGit(dir, ["merge-base", a, b], { okExitCodes: [1] });
  return status === 0;
}

/** The commits the local branches and remote-tracking branches point at. */
export async function branchTips(dir: string): Promise<string[]> {
  const text = await gitText(dir, [
    "for-each-ref",
    "--format=%(objectname)",
    "refs/heads",
    "refs/remotes",
  ]);
  return [...new Set(text.split("\n").filter(Boolean))];
}

/** git's version as [major, minor, patch], from `git --version`. */
export async function gitVersion(dir: string): Promise<[number, number, number]> {
  const text = await gitText(dir, ["--version"]);
  const [major = 0, minor = 0, patch = 0] = (/(\d+)\.(\d+)(?:\.(\d+))?/.exec(text) ?? [])
    .slice(1)
    .map((part) => Number(part ?? 0));
  return [major, minor, patch];
}

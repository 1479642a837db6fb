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

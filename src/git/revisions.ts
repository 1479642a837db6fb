import { isObjectId } from "../core/commit/object-id.js";
import { GitError } from "../errors.js";
import { gitText, runGit } from "./exec.js";

/**
 * Every revision or range handed to git goes after `--end-of-options` (rev-list, log and
 * merge-base since git 2.24, rev-parse since 2.30): one that starts with "-" is then a revision
 * git fails to resolve, never an option (`rev-list --output=FILE` truncates FILE). Without
 * --verify, rev-parse prints `--end-of-options` back like `--`, so `HEAD^@` below goes without it.
 * Such a revision is also refused here outright, as a second wall: callers turn user input into a
 * message first (src/trace/commit-range.ts), and reaching this is a bug.
 */
export function revisionArguments(revs: readonly string[]): string[] {
  for (const rev of revs) {
    if (startsLikeOption(rev)) throw new Error(`refusing to pass ${JSON.stringify(rev)} to git`);
  }
  return ["--end-of-options", ...revs];
}

/** Whether git would read `text` as an option, were it not after `--end-of-options`. */
export function startsLikeOption(text: string): boolean {
  return text.startsWith("-");
}

/**
 * The object ID `rev-parse --verify` printed, or null when it printed something else: it also
 * takes a negative revision (`^HEAD`) and prints `^<id>`, which names no object.
 */
export function verifiedObjectId(stdout: string): string | null {
  const text = stdout.trim();
  return isObjectId(text) ? text : null;
}

/** The object a ref points at, or null when it does not exist. */
export async function refTip(dir: string, ref: string): Promise<string | null> {
  const { stdout, status } = await runGit(
    dir,
    ["rev-parse", "-q", "--verify", ...revisionArguments([ref])],
    { okExitCodes: [1] },
  );
  return status === 0 ? verifiedObjectId(stdout.toString("utf8")) : null;
}

/** Full commit ID of a revision; fails with git's message when it does not resolve. */
export async function resolveCommit(dir: string, rev: string): Promise<string> {
  const args = ["rev-parse", "--verify", ...revisionArguments([`${rev}^{commit}`])];
  const text = await gitText(dir, args);
  const commit = verifiedObjectId(text);
  if (commit === null) throw new GitError(args, 0, `${rev} is a negative revision, not a commit`);
  return commit;
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
  return (await gitText(dir, ["rev-list", ...revisionArguments([range]), "--"]))
    .split("\n")
    .filter(Boolean);
}

/** Every ancestor of the given revisions (themselves included), newest first. */
export async function listAncestors(dir: string, revs: readonly string[]): Promise<string[]> {
  return (await gitText(dir, ["rev-list", ...revisionArguments(revs), "--"]))
    .split("\n")
    .filter(Boolean);
}

/**
 * The commits in `tip`'s history that add `file`, newest first. `--full-history`: git's history
 * simplification would follow only one parent of a merge that keeps one side's tree (`-s ours`,
 * an orphan history merged in), and miss the commits that added the file on the other.
 */
export async function commitsAdding(dir: string, tip: string, file: string): Promise<string[]> {
  const text = await gitText(dir, [
    "log",
    "--format=%H",
    "--full-history",
    "--diff-filter=A",
    ...revisionArguments([tip]),
    "--",
    file,
  ]);
  return text.split("\n").filter(Boolean);
}

export interface CommitSummary {
  commit: string;
  /** The author date, YYYY-MM-DD. */
  date: string;
  subject: string;
}

/**
 * Whether git can read `text` as a date (`2 weeks ago`, `yesterday`, `2024-01-01`). git log's
 * --since reads what it cannot parse as "now", so a typo would silently list nothing; git config's
 * expiry-date type parses dates the same way and fails instead. `text` is one argument of `-c`,
 * never an option.
 */
export async function isGitDate(dir: string, text: string): Promise<boolean> {
  const args = [
    "-c",
    `intentguard.date=${text}`,
    "config",
    "--type=expiry-date",
    "intentguard.date",
  ];
  const { status, stderr } = await runGit(dir, args, { okExitCodes: [128] });
  if (status === 0) return true;
  // git cuts its message short for a long value, leaving only the line that it gave up.
  if (/not a valid timestamp|unable to parse command-line config/.test(stderr)) return false;
  throw new GitError(args, status, stderr);
}

/** HEAD's history with each commit's date and subject, newest first (`since` as git log's). */
export async function commitSummaries(dir: string, since?: string): Promise<CommitSummary[]> {
  const sinceArgs = since ? [`--since=${since}`] : [];
  const log = await gitText(dir, [
    "log",
    "--format=%H%x00%as%x00%s",
    ...sinceArgs,
    ...revisionArguments(["HEAD"]),
    "--",
  ]);
  return log
    .split("\n")
    .filter(Boolean)
    .map((line) => {
      const [commit = "", date = "", subject = ""] = line.split("\0");
      return { commit, date, subject };
    });
}

/** The newest commit in `rev`'s history that touched `file` (added, changed or removed it). */
export async function lastCommitTouching(
  dir: string,
  rev: string,
  file: string,
): Promise<string | null> {
  const text = await gitText(dir, [
    "log",
    "-1",
    "--format=%H",
    ...revisionArguments([rev]),
    "--",
    file,
  ]);
  return text || null;
}

/**
 * The tree git's own merge of two commits gives (`git merge-tree --write-tree`, git 2.38+): what
 * a merge commit would hold had nobody edited it. Conflicted files hold git's conflict markers,
 * so any resolution differs from it. Null when the two share no history (git refuses to merge
 * unrelated histories; in a shallow clone, when their merge base lies beyond its edge): one git
 * process answers both questions.
 */
export async function automaticMergeTree(
  dir: string,
  a: string,
  b: string,
): Promise<string | null> {
  const args = ["merge-tree", "--write-tree", "--no-messages", ...revisionArguments([a, b])];
  const { stdout, stderr, status } = await runGit(dir, args, {
    okExitCodes: [1, 128], // 1: the merge has conflicts, the tree is still written
    env: { ...process.env, LC_ALL: "C" }, // the refusal below is read in git's own words
  });
  if (status === 128) {
    if (stderr.includes("refusing to merge unrelated histories")) return null;
    throw new GitError(args, status, stderr);
  }
  const tree = stdout.toString("utf8").split("\n")[0]?.trim() ?? "";
  if (!isObjectId(tree)) {
    throw new GitError(["merge-tree", "--write-tree", a, b], 0, `unexpected output: ${tree}`);
  }
  return tree;
}

/** git's version as [major, minor, patch], from `git --version`. */
export async function gitVersion(dir: string): Promise<[number, number, number]> {
  const text = await gitText(dir, ["--version"]);
  const [major = 0, minor = 0, patch = 0] = (/(\d+)\.(\d+)(?:\.(\d+))?/.exec(text) ?? [])
    .slice(1)
    .map((part) => Number(part ?? 0));
  return [major, minor, patch];
}

/**
 * The empty tree's ID in this repository's object format (SHA-1 or SHA-256): what a commit that
 * authors its whole tree is compared with. git knows it without it being stored.
 */
export async function emptyTree(dir: string): Promise<string> {
  return gitText(dir, ["hash-object", "-t", "tree", "--stdin"], { input: "" });
}

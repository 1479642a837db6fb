import { existsSync, statSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { gitText, runGit } from "./exec.js";
import { revisionArguments, startsLikeOption, verifiedObjectId } from "./revisions.js";

/*
 * Where a clone's history starts and ends: merge bases, ancestry, whether the clone is shallow and
 * where its history is cut, and fetching more of it. What a range check needs to know that its
 * range is whole. Every revision goes through revisionArguments (after `--end-of-options`, and one
 * that starts with "-" refused as a second wall: callers refuse user input with a message first).
 */

/** The best common ancestor of two commits, or null when none is in the clone. */
export async function mergeBase(dir: string, a: string, b: string): Promise<string | null> {
  const { stdout, status } = await runGit(dir, ["merge-base", ...revisionArguments([a, b])], {
    okExitCodes: [1],
  });
  return status === 0 ? stdout.toString("utf8").trim() || null : null;
}

/** Whether `ancestor` is in `descendant`'s history (a commit is its own ancestor). */
export async function isAncestor(
  dir: string,
  ancestor: string,
  descendant: string,
): Promise<boolean> {
  const { status } = await runGit(
    dir,
    ["merge-base", "--is-ancestor", ...revisionArguments([ancestor, descendant])],
    { okExitCodes: [1] },
  );
  return status === 0;
}

/** Whether the clone is shallow (`git rev-parse --is-shallow-repository`). */
export async function isShallowRepository(dir: string): Promise<boolean> {
  return (await gitText(dir, ["rev-parse", "--is-shallow-repository"])) === "true";
}

/**
 * The commits where a shallow clone's history is cut: those listed in its `shallow` file
 * (`git rev-parse --git-path shallow`), whose parents the clone does not have. Empty for a clone
 * that is not shallow.
 */
export async function shallowCommits(dir: string): Promise<Set<string>> {
  const file = await shallowFile(dir);
  try {
    const text = await readFile(file, "utf8");
    return new Set(text.split("\n").filter(Boolean));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return new Set();
    throw error;
  }
}

/**
 * Where the clone keeps its `shallow` file: in `.git` when that is the repository's own
 * directory (read without starting git: a range check starts a dozen processes, each ~10 ms
 * here), else where git says (a linked work tree, GIT_DIR elsewhere).
 */
async function shallowFile(dir: string): Promise<string> {
  const dotGit = path.join(dir, ".git");
  const own = statSync(dotGit, { throwIfNoEntry: false })?.isDirectory();
  const located = own && !process.env.GIT_DIR && !existsSync(path.join(dotGit, "commondir"));
  if (located) return path.join(dotGit, "shallow");
  return gitText(dir, ["rev-parse", "--path-format=absolute", "--git-path", "shallow"]);
}

/**
 * The full SHA of the commit `rev` names, or null when the clone has no such commit (an unknown
 * name, an object it never fetched, one that is not a commit, or a negative revision: `^HEAD`).
 */
export async function commitIfPresent(dir: string, rev: string): Promise<string | null> {
  const { stdout, status } = await runGit(
    dir,
    ["rev-parse", "-q", "--verify", ...revisionArguments([`${rev}^{commit}`])],
    { okExitCodes: [1] },
  );
  return status === 0 ? verifiedObjectId(stdout.toString("utf8")) : null;
}

/** Whether the repository has the object `oid` (of any type), as its own or through git's environment. */
export async function objectPresent(dir: string, oid: string): Promise<boolean> {
  const { status } = await runGit(dir, ["cat-file", "-e", ...revisionArguments([oid])], {
    okExitCodes: [1, 128],
  });
  return status === 0;
}

/** The parents of a commit, first parent first (empty for a root, or a shallow clone's cut). */
export async function commitParents(dir: string, commit: string): Promise<string[]> {
  const line = await gitText(dir, [
    "rev-list",
    "--parents",
    "-n",
    "1",
    ...revisionArguments([commit]),
    "--",
  ]);
  return line.split(" ").slice(1).filter(Boolean);
}

/** The tip of `<remote>/<branch>` (refs/remotes/<remote>/<branch>), or null when absent. */
export async function remoteTrackingTip(
  dir: string,
  remote: string,
  branch: string,
): Promise<string | null> {
  return commitIfPresent(dir, `refs/remotes/${remote}/${branch}`);
}

/** The refspec that fetches `branch` of `remote` into its remote-tracking ref. */
export function branchRefspec(remote: string, branch: string): string {
  return `+refs/heads/${branch}:refs/remotes/${remote}/${branch}`;
}

/** Network git runs must never wait for a password prompt. */
const networkEnv = () => ({ ...process.env, GIT_TERMINAL_PROMPT: "0" });

/**
 * Fetches from `remote` the commits and refspecs in `wants`, `depth` commits deeper than the
 * clone's current shallow boundary (`git fetch --deepen=<depth>`); with `depth` null, a plain
 * fetch. Tags are not fetched. Fails with git's message when the remote refuses.
 */
export async function fetchHistory(
  dir: string,
  remote: string,
  wants: readonly string[],
  depth: number | null,
): Promise<void> {
  if (startsLikeOption(remote))
    throw new Error(`refusing to pass ${JSON.stringify(remote)} to git`);
  const deepen = depth === null ? [] : [`--deepen=${depth}`];
  await runGit(
    dir,
    [
      "fetch",
      "--quiet",
      "--no-tags",
      "--no-write-fetch-head",
      ...deepen,
      ...revisionArguments([remote, ...wants]),
    ],
    { env: networkEnv() },
  );
}

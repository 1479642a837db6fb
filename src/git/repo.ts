import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { GitError, IntentguardError } from "../errors.js";
import { readIfExists } from "../fs/read-if-exists.js";
import { runGit } from "./exec.js";

/** Where the current work tree is, and where intentguard keeps this work tree's state. */
export interface Repo {
  /** Absolute path of the work tree's top level. */
  root: string;
  /** The current directory relative to `root`, `""` or ending in `/`. */
  prefix: string;
  /** `git rev-parse --git-path intentguard`: per work tree, so linked work trees stay apart. */
  stateDir: string;
  /** `git rev-parse --git-path MERGE_HEAD`: present while a merge is being concluded. */
  mergeHeadFile: string;
  /** `git rev-parse --git-path hooks`: honours core.hooksPath. */
  hooksDir: string;
  /** The repository's common git directory, shared by every linked work tree. */
  commonDir: string;
  /** Present while a rebase replays commits (either backend). */
  rebaseDirs: [string, string];
  /** This work tree's own git directory (`git rev-parse --absolute-git-dir`). */
  gitDir: string;
}

/** Finds the repository around `cwd` with one git process. Fails with exit 2 outside a work tree. */
export async function locateRepo(cwd: string): Promise<Repo> {
  const args = [
    "rev-parse",
    "--path-format=absolute",
    "--git-path",
    "intentguard",
    "--git-path",
    "MERGE_HEAD",
    "--git-path",
    "hooks",
    "--git-path",
    "rebase-merge",
    "--git-path",
    "rebase-apply",
    "--git-common-dir",
    "--absolute-git-dir",
    "--show-toplevel",
    "--show-prefix",
  ];
  try {
    const { stdout } = await runGit(cwd, args);
    const lines = stdout.toString("utf8").split("\n");
    const [
      stateDir,
      mergeHeadFile,
      hooksDir,
      rebaseMerge,
      rebaseApply,
      commonDir,
      gitDir,
      root,
      prefix,
    ] = lines;
    if (
      !gitDir ||
      !stateDir ||
      !mergeHeadFile ||
      !hooksDir ||
      !rebaseMerge ||
      !rebaseApply ||
      !commonDir ||
      !root ||
      prefix === undefined
    ) {
      throw new Error(`git rev-parse gave an unexpected answer in ${cwd}`);
    }
    return {
      root: path.normalize(root),
      prefix,
      stateDir,
      mergeHeadFile,
      hooksDir,
      commonDir,
      rebaseDirs: [rebaseMerge, rebaseApply],
      gitDir,
    };
  } catch (error) {
    if (error instanceof GitError) throw notARepository(cwd, error.stderr);
    throw error;
  }
}

function notARepository(cwd: string, stderr: string): IntentguardError {
  if (/must be run in a work tree/.test(stderr)) {
    return new IntentguardError(
      `${cwd} is inside a git directory or a bare repository, not a work tree. ` +
        "Run intentguard from a checked-out work tree.",
    );
  }
  return new IntentguardError(
    `${cwd} is not inside a git repository (${stderr.trim().replace(/^fatal: /, "")}). ` +
      "Run intentguard from a work tree, or create one with `git init`.",
  );
}

/**
 * The repository a hook runs in, found from the files git leaves rather than by starting git:
 * git starts hooks at the top of the work tree, with GIT_DIR set for a linked work tree, and
 * `.git` is the git directory or a file naming it. Anything unusual (no such layout, a bare
 * repository, core.worktree elsewhere) is asked of git instead. A hook runs on every commit, and
 * each git process it saves is a few milliseconds of the commit.
 */
export async function locateHookRepo(
  cwd: string,
  gitDirVariable: string | undefined,
): Promise<Repo> {
  const gitDir = hookGitDir(cwd, gitDirVariable);
  const common = gitDir && readIfExists(path.join(gitDir, "commondir"))?.toString("utf8").trim();
  if (!gitDir || !existsSync(path.join(gitDir, "HEAD"))) return locateRepo(cwd);
  return repoOf(cwd, gitDir, common ? path.resolve(gitDir, common) : gitDir);
}

/**
 * A work tree's Repo from its top level, git directory and common directory, where git keeps
 * each file (hooks in the common directory, as without core.hooksPath).
 */
export function repoOf(root: string, gitDir: string, commonDir: string): Repo {
  return {
    root: path.normalize(root),
    prefix: "",
    stateDir: path.join(gitDir, "intentguard"),
    mergeHeadFile: path.join(gitDir, "MERGE_HEAD"),
    hooksDir: path.join(commonDir, "hooks"),
    commonDir,
    rebaseDirs: [path.join(gitDir, "rebase-merge"), path.join(gitDir, "rebase-apply")],
    gitDir,
  };
}

function hookGitDir(cwd: string, gitDirVariable: string | undefined): string | null {
  if (gitDirVariable) return path.resolve(cwd, gitDirVariable);
  const dotGit = path.join(cwd, ".git");
  const stat = statSync(dotGit, { throwIfNoEntry: false });
  if (stat?.isDirectory()) return dotGit;
  if (!stat?.isFile()) return null;
  const named = /^gitdir: (.+)$/m.exec(readFileSync(dotGit, "utf8"))?.[1]?.trim();
  return named ? path.resolve(cwd, named) : null;
}

import path from "node:path";
import { GitError, IntentguardError } from "../errors.js";
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
    "--show-toplevel",
    "--show-prefix",
  ];
  try {
    const { stdout } = await runGit(cwd, args);
    const lines = stdout.toString("utf8").split("\n");
    const [stateDir, mergeHeadFile, hooksDir, rebaseMerge, rebaseApply, commonDir, root, prefix] =
      lines;
    if (
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

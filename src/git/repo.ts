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
}

/** Finds the repository with one git process. Fails with exit 2 outside a work tree. */
export async function locateRepo(cwd: string = process.cwd()): Promise<Repo> {
  const args = [
    "rev-parse",
    "--path-format=absolute",
    "--git-path",
    "intentguard",
    "--git-path",
    "MERGE_HEAD",
    "--git-path",
    "hooks",
    "--show-toplevel",
    "--show-prefix",
  ];
  try {
    const { stdout } = await runGit(args, { cwd });
    const [stateDir, mergeHeadFile, hooksDir, root, prefix] = stdout.toString("utf8").split("\n");
    if (!stateDir || !mergeHeadFile || !hooksDir || !root || prefix === undefined) {
      throw new IntentguardError(`git rev-parse gave an unexpected answer in ${cwd}.`, 3);
    }
    return { root: path.normalize(root), prefix, stateDir, mergeHeadFile, hooksDir };
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

import { spawn } from "node:child_process";
import { GitError, IntentguardError } from "../errors.js";

/**
 * The one place intentguard starts git; only modules in src/git call it. Every call names the
 * directory git runs in (a work tree, or a directory inside one) and inherits the caller's
 * environment unchanged: inside a hook git has set GIT_INDEX_FILE (to a temporary index for
 * `commit -a` and `commit -- <paths>`), GIT_DIR and friends, and the check must see exactly that
 * index. Nothing here depends on user configuration that changes plumbing output: callers use
 * plumbing commands with `-z`, and `baseArgs` switches off the porcelain knobs that leak into them.
 */
const baseArgs = ["-c", "core.quotePath=false", "-c", "color.ui=never"];

export interface GitOptions {
  /** Written to git's stdin, then stdin is closed. */
  input?: string | Buffer;
  /** Exit codes that are answers, not failures (e.g. 1 from `diff --quiet`). */
  okExitCodes?: readonly number[];
  /** The whole environment for git (default: this process's, unchanged). */
  env?: NodeJS.ProcessEnv;
}

export interface GitResult {
  stdout: Buffer;
  stderr: string;
  status: number;
}

/** Runs git in `dir` to completion and returns its whole output; for small outputs only. */
export function runGit(
  dir: string,
  args: readonly string[],
  options: GitOptions = {},
): Promise<GitResult> {
  const chunks: Buffer[] = [];
  return streamGit(dir, args, (chunk) => chunks.push(chunk), options).then((done) => ({
    ...done,
    stdout: Buffer.concat(chunks),
  }));
}

/** Runs git in `dir` and hands each stdout chunk to `onChunk` as it arrives (large outputs). */
export function streamGit(
  dir: string,
  args: readonly string[],
  onChunk: (chunk: Buffer) => void,
  options: GitOptions = {},
): Promise<{ stderr: string; status: number }> {
  return new Promise((resolve, reject) => {
    // No stdin pipe unless there is input: one socket less to set up on the hook path.
    const child = spawn("git", [...baseArgs, ...args], {
      cwd: dir,
      env: options.env ?? process.env,
      stdio: [options.input === undefined ? "ignore" : "pipe", "pipe", "pipe"],
    });
    const { stdout, stderr: errorOutput } = child;
    if (!stdout || !errorOutput) throw new Error("git was started without output pipes");
    const stderr: Buffer[] = [];
    let callbackError: unknown;
    stdout.on("data", (chunk: Buffer) => {
      if (callbackError !== undefined) return;
      try {
        onChunk(chunk);
      } catch (error) {
        callbackError = error;
        child.kill();
      }
    });
    errorOutput.on("data", (chunk: Buffer) => stderr.push(chunk));
    child.on("error", (error: NodeJS.ErrnoException) => {
      reject(
        error.code === "ENOENT"
          ? new IntentguardError(
              "git was not found on PATH. Install git (2.31 or newer) or fix PATH, then retry.",
            )
          : error,
      );
    });
    child.on("close", (code) => {
      if (callbackError !== undefined) return reject(callbackError);
      const status = code ?? -1;
      const text = Buffer.concat(stderr).toString("utf8");
      if (status === 0 || options.okExitCodes?.includes(status)) {
        resolve({ stderr: text, status });
      } else {
        reject(new GitError(args, code, text));
      }
    });
    if (child.stdin) {
      // A git that exits before reading its input closes the pipe; its exit code tells the story.
      child.stdin.on("error", () => {});
      child.stdin.end(options.input);
    }
  });
}

/** Runs git in `dir` and returns stdout as text with the final newline removed. */
export async function gitText(
  dir: string,
  args: readonly string[],
  options: GitOptions = {},
): Promise<string> {
  const { stdout } = await runGit(dir, args, options);
  return stdout.toString("utf8").replace(/\n$/, "");
}

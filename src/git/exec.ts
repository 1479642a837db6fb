import { spawn } from "node:child_process";
import { GitError, IntentguardError } from "../errors.js";

/**
 * The one place intentguard starts git; only modules in src/git call it. Every call names the
 * directory git runs in (a work tree, or a directory inside one) and inherits the caller's
 * environment unchanged: inside a hook git has set GIT_INDEX_FILE (to a temporary index for
 * `commit -a` and `commit -- <paths>`), GIT_DIR and friends, and the check must see exactly that
 * index. Nothing here depends on user configuration that changes plumbing output: callers use
 * plumbing commands with `-z`, and `baseArgs` switches off the porcelain knobs that leak into them,
 * and reads trailers as `Key: value` whatever a user's trailer.separators says, as the hooks write
 * them (hooks/intentguard.sh) and as every other clone and the server read them.
 */
const baseArgs = [
  "-c",
  "core.quotePath=false",
  "-c",
  "color.ui=never",
  "-c",
  "trailer.separators=:",
];

/**
 * Objects as stored, in every git intentguard starts: git honours `refs/replace/*` and grafts
 * unless told not to, so a pushed replace ref or a local graft would otherwise show intentguard
 * other commits, trees and parents than a clone gets. A graft file under /dev/null can never
 * exist, so git reads none (GIT_GRAFT_FILE=/dev/null itself makes git print a deprecation hint
 * on every command).
 */
const storedObjects = { GIT_NO_REPLACE_OBJECTS: "1", GIT_GRAFT_FILE: "/dev/null/no-grafts" };

function gitEnv(env: NodeJS.ProcessEnv | undefined): NodeJS.ProcessEnv {
  if (env !== undefined) return { ...env, ...storedObjects };
  // This process's own environment gets them once (copying it for every git costs more than
  // starting some of them): intentguard never wants a replacement object, nor do its children.
  if (process.env.GIT_GRAFT_FILE !== storedObjects.GIT_GRAFT_FILE) {
    Object.assign(process.env, storedObjects);
  }
  return process.env;
}

export interface GitOptions {
  /** Written to git's stdin, then stdin is closed. */
  input?: string | Buffer;
  /** Exit codes that are answers, not failures (e.g. 1 from `diff --quiet`). */
  okExitCodes?: readonly number[];
  /** The whole environment for git (default: this process's, unchanged). */
  env?: NodeJS.ProcessEnv;
  /** A file name that is not UTF-8, as its exact bytes: git's last argument (gitCommand). */
  finalPath?: Uint8Array;
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
  const collect = (chunk: Buffer) => {
    chunks.push(chunk);
  };
  return streamGit(dir, args, collect, options).then((done) => ({
    ...done,
    stdout: Buffer.concat(chunks),
  }));
}

/**
 * Runs git in `dir` and hands each stdout chunk to `onChunk` as it arrives (large outputs). When
 * `onChunk` returns a promise, git's output is not read until it settles: git blocks on a full
 * pipe, so a slow consumer holds a bounded amount of output, not all of it.
 */
export function streamGit(
  dir: string,
  args: readonly string[],
  onChunk: (chunk: Buffer) => void | Promise<void>,
  options: GitOptions = {},
): Promise<{ stderr: string; status: number }> {
  return new Promise((resolve, reject) => {
    // No stdin pipe unless there is input: one socket less to set up on the hook path.
    const [command, commandArgs] = gitCommand(args, options.finalPath);
    const child = spawn(command, commandArgs, {
      cwd: dir,
      env: gitEnv(options.env),
      stdio: [options.input === undefined ? "ignore" : "pipe", "pipe", "pipe"],
    });
    const { stdout, stderr: errorOutput } = child;
    if (!stdout || !errorOutput) throw new Error("git was started without output pipes");
    const stderr: Buffer[] = [];
    let callbackError: unknown;
    const fail = (error: unknown) => {
      callbackError = error;
      child.kill();
      stdout.resume(); // drain what is left, so that git's exit is seen
    };
    // Chunks go to the callback one at a time, in order. An asynchronous callback pauses git's
    // output until it settles — but Node resumes a child's paused stdout when the child exits
    // (child_process flushStdio), so chunks may still arrive while it runs: they wait their turn
    // behind it (`handling`, the last in line), and the answer waits for all of them.
    let waiting = 0;
    let handling: Promise<void> = Promise.resolve();
    const handle = (chunk: Buffer): void | Promise<void> =>
      callbackError === undefined ? onChunk(chunk) : undefined;
    const settled = () => {
      waiting -= 1;
      if (waiting === 0 && callbackError === undefined) stdout.resume();
    };
    stdout.on("data", (chunk: Buffer) => {
      if (callbackError !== undefined) return;
      if (waiting > 0) {
        waiting += 1;
        handling = handling.then(() => handle(chunk)).then(settled, fail);
        return;
      }
      try {
        const handled = handle(chunk);
        if (handled instanceof Promise) {
          waiting += 1;
          stdout.pause();
          handling = handled.then(settled, fail);
        }
      } catch (error) {
        fail(error);
      }
    });
    errorOutput.on("data", (chunk: Buffer) => stderr.push(chunk));
    child.on("error", (error: NodeJS.ErrnoException) => reject(spawnFailure(error)));
    child.on("close", (code) => {
      void handling.then(() => {
        if (callbackError !== undefined) return reject(callbackError);
        const status = code ?? -1;
        const text = Buffer.concat(stderr).toString("utf8");
        if (status === 0 || options.okExitCodes?.includes(status)) {
          resolve({ stderr: text, status });
        } else {
          reject(new GitError(args, code, text));
        }
      });
    });
    if (child.stdin) {
      // A git that exits before reading its input closes the pipe; its exit code tells the story.
      child.stdin.on("error", () => {});
      child.stdin.end(options.input);
    }
  });
}

/** A git process the caller keeps writing to (e.g. `cat-file --batch` for a whole job). */
export interface RunningGit {
  write(input: string): void;
  /** Closes git's stdin and waits for it to exit. */
  end(): Promise<{ stderr: string; status: number }>;
  /** Settles when git exits: rejects with a GitError if it fails. */
  finished: Promise<{ stderr: string; status: number }>;
}

/** Starts git in `dir` with its stdin left open for `write`; stdout goes to `onChunk`. */
export function startGit(
  dir: string,
  args: readonly string[],
  onChunk: (chunk: Buffer) => void,
): RunningGit {
  let writeInput: (input: string) => void = () => {};
  let endInput: () => void = () => {};
  const finished = new Promise<{ stderr: string; status: number }>((resolve, reject) => {
    const child = spawn("git", [...baseArgs, ...args], {
      cwd: dir,
      env: gitEnv(undefined),
      stdio: ["pipe", "pipe", "pipe"],
    });
    const { stdin, stdout, stderr: errorOutput } = child;
    if (!stdin || !stdout || !errorOutput) throw new Error("git was started without pipes");
    const stderr: Buffer[] = [];
    stdin.on("error", () => {}); // git's exit code tells the story
    writeInput = (input) => stdin.write(input);
    endInput = () => stdin.end();
    stdout.on("data", onChunk);
    errorOutput.on("data", (chunk: Buffer) => stderr.push(chunk));
    child.on("error", (error: NodeJS.ErrnoException) => reject(spawnFailure(error)));
    child.on("close", (code) => {
      const text = Buffer.concat(stderr).toString("utf8");
      if (code === 0) resolve({ stderr: text, status: 0 });
      else reject(new GitError(args, code, text));
    });
  });
  finished.catch(() => {}); // observed through end() or the caller's own handler
  return {
    write: (input) => writeInput(input),
    end: () => {
      endInput();
      return finished;
    },
    finished,
  };
}

/**
 * What to start for git with `args`, then `finalPath` when given. Node passes an argument as
 * UTF-8 text, so a file name whose bytes are not UTF-8 (git allows any but NUL) cannot be one:
 * git is then started by sh, whose printf writes the name's bytes from octal escapes (and an `x`
 * after them keeps a final newline from being cut).
 */
function gitCommand(args: readonly string[], finalPath?: Uint8Array): [string, string[]] {
  if (finalPath === undefined) return ["git", [...baseArgs, ...args]];
  const escaped = [...finalPath].map((byte) => `\\${byte.toString(8).padStart(3, "0")}`).join("");
  // biome-ignore lint/suspicious/noTemplateCurlyInString: shell parameter expansion
  const script = 'name=$(printf "$1"; echo x); shift; exec git "$@" "${name%x}"';
  return ["sh", ["-c", script, "sh", escaped, ...baseArgs, ...args]];
}

function spawnFailure(error: NodeJS.ErrnoException): Error {
  return error.code === "ENOENT"
    ? new IntentguardError(
        "git was not found on PATH. Install git (2.38 or newer) or fix PATH, then retry.",
      )
    : error;
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

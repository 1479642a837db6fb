import { spawn } from "node:child_process";
import type { ReviewerExit } from "../core/scope/review-decision.js";

/** More output than a review needs is cut, never buffered without bound. */
const stdoutKept = 1024 * 1024;

/**
 * Runs the policy's reviewer command (`sh -c`, in the work tree root) with the request as JSON on
 * stdin; its stderr goes to the user. After `timeoutSeconds` the command and everything it started
 * are killed (it runs in its own process group). Never throws: how it ended is data, and
 * reviewDecision turns every failure into a rejection.
 */
export function runReviewer(
  command: string,
  request: string,
  cwd: string,
  timeoutSeconds: number,
): Promise<{ stdout: string; exit: ReviewerExit }> {
  return new Promise((resolve) => {
    let stdout = "";
    let timedOut = false;
    let child: ReturnType<typeof spawn>;
    try {
      child = spawn("sh", ["-c", command], {
        cwd,
        stdio: ["pipe", "pipe", "inherit"],
        detached: true,
      });
    } catch (error) {
      resolve({ stdout, exit: { kind: "failed-to-start", message: (error as Error).message } });
      return;
    }
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup(child.pid);
    }, timeoutSeconds * 1000);
    child.stdout?.setEncoding("utf8").on("data", (chunk: string) => {
      if (stdout.length < stdoutKept) stdout += chunk.slice(0, stdoutKept - stdout.length);
    });
    // A reviewer that exits without reading its input must not crash us with EPIPE.
    child.stdin?.on("error", () => {});
    child.stdin?.end(request);
    child.on("error", (error) => {
      clearTimeout(timer);
      resolve({ stdout, exit: { kind: "failed-to-start", message: error.message } });
    });
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      const exit: ReviewerExit = timedOut
        ? { kind: "timeout", seconds: timeoutSeconds }
        : signal
          ? { kind: "signal", signal }
          : code === 127
            ? { kind: "not-found" }
            : { kind: "exited", code: code ?? 1 };
      resolve({ stdout, exit });
    });
  });
}

function killGroup(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, "SIGKILL");
  } catch {
    // Already gone.
  }
}

import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import type { Clock } from "../core/clock.js";
import { type ReviewerExit, ReviewerOutput } from "../core/scope/review-decision.js";
import { killReview, reviewTokenVariable } from "./kill-review.js";

/**
 * Runs the policy's reviewer command (`sh -c`, in the work tree root) with the request as JSON on
 * stdin; its stderr is passed on to the user's, its stdout read as it streams (ReviewerOutput).
 * It runs in its own process group, with a random token of this review in its environment
 * (through `env`, which execs sh): after `timeoutSeconds` of the clock's time, or once it prints
 * more than a review may, the command and everything it started are killed (killReview). Never
 * throws: how it ended is data, and reviewDecision turns every failure into a rejection.
 */
export function runReviewer(
  command: string,
  request: string,
  cwd: string,
  timeoutSeconds: number,
  clock: Clock,
): Promise<{ output: ReviewerOutput; exit: ReviewerExit }> {
  return new Promise((resolve) => {
    const output = new ReviewerOutput();
    const token = randomBytes(16).toString("hex");
    let settled = false;
    // Ends the timeout and the drain wait once the review has settled.
    const waits = new AbortController();
    const after = (ms: number, then: () => void) =>
      clock.sleep(ms, waits.signal).then(then, () => {});
    const settle = (exit: ReviewerExit) => {
      if (settled) return;
      settled = true;
      waits.abort();
      // A child the reviewer left behind (setsid, a daemon) may hold the pipe open: stop reading.
      child?.stdout?.destroy();
      child?.stderr?.destroy();
      output.end();
      resolve({ output, exit });
    };
    let child: ReturnType<typeof spawn> | undefined;
    after(timeoutSeconds * 1000, () => {
      killReview(child?.pid, token);
      settle({ kind: "timeout", seconds: timeoutSeconds });
    });
    try {
      child = spawn("env", [`${reviewTokenVariable}=${token}`, "sh", "-c", command], {
        cwd,
        // Its stderr is passed on, not handed over: a child it leaves behind would otherwise hold
        // this process's own stderr open, and whoever reads it would wait for that child.
        stdio: ["pipe", "pipe", "pipe"],
        detached: true,
      });
    } catch (error) {
      settle({ kind: "failed-to-start", message: (error as Error).message });
      return;
    }
    child.stdout?.on("data", (chunk: Buffer) => {
      output.write(chunk);
      if (!output.exceeded) return;
      // Rejected whatever else it prints: it need not run on.
      killReview(child?.pid, token);
      settle({ kind: "signal", signal: "SIGKILL" });
    });
    child.stderr?.on("data", (chunk: Buffer) => process.stderr.write(chunk));
    // A reviewer that exits without reading its input must not crash us with EPIPE.
    child.stdin?.on("error", () => {});
    child.stdin?.end(request);
    child.on("error", (error) => settle({ kind: "failed-to-start", message: error.message }));
    const ended = (code: number | null, signal: NodeJS.Signals | null): ReviewerExit =>
      signal
        ? { kind: "signal", signal }
        : code === 127
          ? { kind: "not-found" }
          : { kind: "exited", code: code ?? 1 };
    child.on("close", (code, signal) => settle(ended(code, signal)));
    // The reviewer itself has exited: what it printed is in, give the pipe a moment to drain.
    child.on("exit", (code, signal) => {
      after(500, () => settle(ended(code, signal)));
    });
  });
}

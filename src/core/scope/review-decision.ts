/** How the reviewer command ended: its exit code, or why it has none. */
export type ReviewerExit =
  | { kind: "exited"; code: number }
  | { kind: "signal"; signal: string }
  | { kind: "not-found" }
  | { kind: "timeout"; seconds: number }
  | { kind: "failed-to-start"; message: string };

export interface ReviewDecision {
  decision: "APPROVED" | "REJECTED";
  /** The reviewer's own words (its stdout without the token lines), then why, when it failed. */
  reasons: string;
}

const approvedToken = /^\s*RESOLUTION:\s*APPROVED\s*$/m;
const rejectedToken = /^\s*RESOLUTION:\s*REJECTED\s*$/m;
const reasonsKept = 4000;

/**
 * The reviewer's decision, failing closed: approved only when it exited 0 and printed
 * `RESOLUTION: APPROVED` on a line of its own and never `RESOLUTION: REJECTED` (rejection wins
 * when both appear). No token, a non-zero exit, a signal, a command not found, a timeout: rejected,
 * with the reason.
 */
export function reviewDecision(stdout: string, exit: ReviewerExit): ReviewDecision {
  const words = stdout
    .split("\n")
    .filter((line) => !approvedToken.test(line) && !rejectedToken.test(line))
    .join("\n")
    .trim()
    .slice(0, reasonsKept);
  const rejected = (why: string): ReviewDecision => ({
    decision: "REJECTED",
    reasons: [words, why].filter(Boolean).join("\n"),
  });
  switch (exit.kind) {
    case "not-found":
      return rejected("intentguard: the reviewer command was not found (exit 127)");
    case "timeout":
      return rejected(`intentguard: the reviewer did not answer within ${exit.seconds} s`);
    case "signal":
      return rejected(`intentguard: the reviewer was killed by ${exit.signal}`);
    case "failed-to-start":
      return rejected(`intentguard: the reviewer could not be started: ${exit.message}`);
    case "exited":
      if (exit.code !== 0) return rejected(`intentguard: the reviewer exited ${exit.code}`);
  }
  if (rejectedToken.test(stdout)) {
    return rejected(
      approvedToken.test(stdout)
        ? "intentguard: the reviewer printed both RESOLUTION: APPROVED and RESOLUTION: REJECTED; rejection wins"
        : "",
    );
  }
  if (approvedToken.test(stdout)) return { decision: "APPROVED", reasons: words };
  return rejected("intentguard: the reviewer printed no RESOLUTION: APPROVED or REJECTED line");
}

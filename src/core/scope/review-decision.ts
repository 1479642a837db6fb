import { StringDecoder } from "node:string_decoder";

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

/** The most a reviewer may print: beyond it the review is rejected, and the reviewer stopped. */
export const reviewerOutputLimit = 1024 * 1024;
const reasonsKept = 4000;

/** A line of the output that is a token (a `\n`-line: what is left out of the reasons). */
const tokenLine = /^\s*RESOLUTION:\s*(?:APPROVED|REJECTED)\s*$/m;
/** The same token, and its two halves, on one line between line terminators. */
const token = /^\s*RESOLUTION:\s*(APPROVED|REJECTED)\s*$/;
const tokenStart = /^\s*RESOLUTION:\s*$/;
const tokenEnd = /^\s*(APPROVED|REJECTED)\s*$/;
const lineTerminators = /[\r\u2028\u2029]/;

/**
 * The reviewer's stdout, read as it streams, keeping only what a decision needs: which tokens
 * it printed, anywhere in its output, and the end of its other words (where a reviewer
 * concludes), at most 4000 characters. A token is `RESOLUTION: APPROVED` or `RESOLUTION:
 * REJECTED` on a line of its own, as the multi-line expression
 * `^\s*RESOLUTION:\s*APPROVED\s*$` reads the whole output: any whitespace around it, `\r` and
 * U+2028/U+2029 end lines too, and `RESOLUTION:` may stand alone with its word on a later line,
 * blank lines between. More than 1 MiB is not read at all: `exceeded`, and the review is rejected.
 */
export class ReviewerOutput {
  exceeded = false;
  /** Bytes received, counted up to just past the limit. */
  private bytes = 0;
  readonly tokens = new Set<"APPROVED" | "REJECTED">();
  private readonly decoder = new StringDecoder("utf8");
  /** The `\n`-line being received. */
  private partial = "";
  /** The last non-blank line was `RESOLUTION:` alone, waiting for its word. */
  private awaitingWord = false;
  private words = "";

  write(chunk: Uint8Array): void {
    if (this.exceeded) return;
    this.bytes += chunk.length;
    if (this.bytes > reviewerOutputLimit) {
      this.exceeded = true;
      this.partial = "";
      return;
    }
    const lines = (this.partial + this.decoder.write(chunk)).split("\n");
    this.partial = lines.pop() ?? "";
    for (const line of lines) this.take(line);
  }

  /** The output has ended: its last line, unterminated, counts too. */
  end(): void {
    if (this.exceeded) return;
    this.take(this.partial + this.decoder.end());
    this.partial = "";
  }

  /** What the reviewer said besides its tokens: the end of it, trimmed. */
  get reasons(): string {
    return this.words.trim().slice(-reasonsKept);
  }

  private take(line: string): void {
    for (const part of line.split(lineTerminators)) {
      const word =
        token.exec(part)?.[1] ?? (this.awaitingWord ? tokenEnd.exec(part)?.[1] : undefined);
      if (word === "APPROVED" || word === "REJECTED") this.tokens.add(word);
      if (part.trim() !== "") this.awaitingWord = tokenStart.test(part);
    }
    if (tokenLine.test(line)) return;
    this.words += `${line}\n`;
    // Kept bounded: only the end is reported, so what is older than twice that can go.
    if (this.words.length > 2 * reasonsKept) this.words = this.words.slice(-2 * reasonsKept);
  }
}

/**
 * The reviewer's decision, failing closed: approved only when it exited 0 and printed
 * `RESOLUTION: APPROVED` on a line of its own and never `RESOLUTION: REJECTED` (rejection wins
 * when both appear, wherever they are in its output). No token, more output than the limit, a
 * non-zero exit, a signal, a command not found, a timeout: rejected, with the reason.
 */
export function reviewDecision(output: ReviewerOutput, exit: ReviewerExit): ReviewDecision {
  const words = output.reasons;
  const rejected = (why: string): ReviewDecision => ({
    decision: "REJECTED",
    reasons: [words, why].filter(Boolean).join("\n"),
  });
  // The reviewer was stopped for it, so how it ended says nothing of its own.
  if (output.exceeded) {
    return rejected(
      `intentguard: the reviewer printed more than ${reviewerOutputLimit} bytes (1 MiB), more than a review may; it was stopped, and nothing it printed counts as a decision`,
    );
  }
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
  if (output.tokens.has("REJECTED")) {
    return rejected(
      output.tokens.has("APPROVED")
        ? "intentguard: the reviewer printed both RESOLUTION: APPROVED and RESOLUTION: REJECTED; rejection wins"
        : "",
    );
  }
  if (output.tokens.has("APPROVED")) return { decision: "APPROVED", reasons: words };
  return rejected("intentguard: the reviewer printed no RESOLUTION: APPROVED or REJECTED line");
}

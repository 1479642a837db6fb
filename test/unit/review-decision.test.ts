import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  ReviewerOutput,
  reviewDecision,
  reviewerOutputLimit,
} from "../../src/core/scope/review-decision.js";

/** The output as it arrives: its bytes, cut at `cuts` (any byte, inside a character too). */
function streamed(text: string, cuts: number[] = []): ReviewerOutput {
  const bytes = Buffer.from(text);
  const output = new ReviewerOutput();
  let start = 0;
  for (const cut of [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b)) {
    output.write(bytes.subarray(start, cut));
    start = cut;
  }
  output.write(bytes.subarray(start));
  output.end();
  return output;
}

const exited = { kind: "exited", code: 0 } as const;

describe("the reviewer's output, read as it streams", () => {
  it("finds exactly the tokens the expressions over the whole output find, however it is cut", () => {
    // What the tokens were before the output was streamed: two expressions over all of it.
    const approved = /^\s*RESOLUTION:\s*APPROVED\s*$/m;
    const rejected = /^\s*RESOLUTION:\s*REJECTED\s*$/m;
    const pieces = fc.constantFrom(
      "RESOLUTION:",
      "RESOLUTION: APPROVED",
      "RESOLUTION: REJECTED",
      "APPROVED",
      "REJECTED",
      " ",
      "\t",
      "\n",
      "\r",
      "\r\n",
      "\u2028",
      "\u00a0",
      "x",
      "é",
      "RESOLUTION",
    );
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 12 }), fc.array(fc.nat()), (parts, cuts) => {
        const text = parts.join("");
        const output = streamed(text, cuts);
        expect(output.tokens.has("APPROVED")).toBe(approved.test(text));
        expect(output.tokens.has("REJECTED")).toBe(rejected.test(text));
        // The words, too, are what they were: every line that is not a token.
        const words = text
          .split("\n")
          .filter((line) => !approved.test(line) && !rejected.test(line))
          .join("\n")
          .trim();
        expect(output.reasons).toBe(words);
      }),
      { numRuns: 2000 },
    );
  });

  it.each([
    ["RESOLUTION: APPROVED", "APPROVED"],
    ["  RESOLUTION:APPROVED \r", "APPROVED"],
    ["RESOLUTION:\n\n  REJECTED", "REJECTED"],
    ["note\rRESOLUTION: REJECTED", "REJECTED"],
    ["RESOLUTION: APPROVED.", "REJECTED"],
    ["resolution: approved", "REJECTED"],
    ["RESOLUTION: APPROVED\nRESOLUTION:\nREJECTED", "REJECTED"],
  ])("decides %j as %s", (text, decision) => {
    expect(reviewDecision(streamed(text), exited).decision).toBe(decision);
  });

  it("rejects more output than the limit, whatever tokens it holds, and keeps only the end of the words", () => {
    const output = new ReviewerOutput();
    output.write(Buffer.from("RESOLUTION: APPROVED\n"));
    output.write(Buffer.alloc(reviewerOutputLimit, "y"));
    output.end();
    expect(output.exceeded).toBe(true);
    expect(reviewDecision(output, exited)).toEqual({
      decision: "REJECTED",
      reasons:
        "intentguard: the reviewer printed more than 1048576 bytes (1 MiB), more than a review may; it was stopped, and nothing it printed counts as a decision",
    });
    const long = streamed(`${"a".repeat(5000)}\nThe end.\nRESOLUTION: APPROVED\n`);
    expect(reviewDecision(long, exited)).toEqual({
      decision: "APPROVED",
      reasons: `${"a".repeat(3991)}\nThe end.`,
    });
  });
});

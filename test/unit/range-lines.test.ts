import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { recordedLines } from "../../src/core/trace/range-hash.js";
import { rangeLines } from "../../src/trace/range-lines.js";

describe("rangeLines, the lines of a blob's ranges as it streams", () => {
  it("keeps exactly the lines recordedLines gives for each range, however the blob is cut", () => {
    const content = fc
      .array(fc.constantFrom("a", "é", "\r", "\n", "\r\n", " ", "xyz"), { maxLength: 40 })
      .map((pieces) => Buffer.from(pieces.join("")));
    const range = fc
      .tuple(fc.integer({ min: 1, max: 25 }), fc.integer({ min: 0, max: 5 }))
      .map(([start, length]) => ({ start_line: start, end_line: start + length }));
    fc.assert(
      fc.property(
        content,
        fc.array(range, { maxLength: 4 }),
        fc.array(fc.nat(), { maxLength: 6 }),
        (blob, ranges, cuts) => {
          const into = new Map<number, Uint8Array>();
          const sink = rangeLines(ranges, into);
          const at = [...new Set(cuts.map((cut) => cut % (blob.length + 1)))].sort((a, b) => a - b);
          let from = 0;
          for (const cut of [...at, blob.length]) {
            if (cut > from) sink.write(blob.subarray(from, cut));
            from = Math.max(from, cut);
          }
          sink.end();
          const lines = recordedLines(new Uint8Array(blob));
          for (const { start_line: start, end_line: end } of ranges) {
            for (let line = start; line <= end; line++) {
              const expected = lines[line - 1];
              const got = into.get(line);
              if (expected === undefined) expect(got).toBeUndefined();
              else expect(Buffer.from(got as Uint8Array).equals(Buffer.from(expected))).toBe(true);
            }
          }
          // Nothing but the ranges' lines is kept.
          for (const line of into.keys()) {
            expect(ranges.some((r) => r.start_line <= line && line <= r.end_line)).toBe(true);
          }
        },
      ),
      { numRuns: 3000 },
    );
  });
});

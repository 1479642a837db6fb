import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { lineHash, lineHashes, recordedLine } from "../../src/core/trace/range-hash.js";
import type { TraceRecord } from "../../src/core/trace/record-schema.js";
import { traceRecordValidator } from "../support/schema-validators.js";
import { createSelectedRepo } from "../support/test-repo.js";
import { expectRangesMatchContent, noteRecords } from "../support/traces.js";

/**
 * Each line of a file as `git show <commit>:<path>` gives it, hashed the way docs/records.md says to
 * recompute line_hashes, with Node's crypto and none of intentguard's code.
 */
function independentFileLineHashes(content: string): string[] {
  const pieces = content.split("\n");
  return pieces.slice(0, content.endsWith("\n") ? -1 : undefined).map((line, index) => {
    const terminated = index < pieces.length - 1;
    const stripped = terminated && line.endsWith("\r") ? line.slice(0, -1) : line;
    return createHash("sha256").update(stripped, "utf8").digest("hex").slice(0, 16);
  });
}

function headRecord(records: TraceRecord[]): TraceRecord {
  const [record] = records;
  if (!record) throw new Error("no record");
  return record;
}

describe("line_hashes in the records the hooks write", () => {
  it("hold each added line's hash, as an independent per-line hash of git show finds it", async () => {
    const repo = await createSelectedRepo();
    const path = "src/auth/login.ts";
    const first = repo.commitFile(
      path,
      "const a = 1;\r\nconst b = 'grüße 日本語';\r\n\r\n\nplain LF\nlast line ends in a lone CR\r",
      "Lines of every kind",
    );
    // Lines added in the middle of a CRLF file, and the lone CR made a CRLF terminator.
    const second = repo.commitFile(
      path,
      "const a = 1;\r\nnew 𝄞 line\r\nconst b = 'grüße 日本語';\r\n\r\n\nplain LF\nlast line ends in a lone CR\r\n",
      "Add and terminate",
    );
    for (const [commit, expectedRanges] of [
      [first, [[1, 6]]],
      [
        second,
        [
          [2, 2],
          [7, 7],
        ],
      ],
    ] as const) {
      const record = headRecord(noteRecords(repo, commit));
      expect(traceRecordValidator()(record), JSON.stringify(record)).toBe(true);
      const [file] = record.files;
      expect(file?.ranges.map((range) => [range.start_line, range.end_line])).toEqual(
        expectedRanges,
      );
      expect(expectRangesMatchContent(repo, record)).toBe(expectedRanges.length);
      const shown = repo.git("show", `${commit}:${path}`);
      const independent = independentFileLineHashes(shown);
      for (const range of file?.ranges ?? []) {
        expect(range.line_hashes).toEqual(independent.slice(range.start_line - 1, range.end_line));
        // What blame will do: hash the blob at the commit line by line with the exported helper.
        expect(range.line_hashes).toEqual(
          lineHashes(shown).slice(range.start_line - 1, range.end_line),
        );
      }
    }
    // The last line was `…CR\r` unterminated, then `…CR\r\n`: two different lines to a record,
    // though git blame prints both as `…CR\r`.
    const lastOf = (commit: string) =>
      headRecord(noteRecords(repo, commit)).files[0]?.ranges.at(-1);
    expect(lastOf(first)?.line_hashes?.at(-1)).not.toBe(lastOf(second)?.line_hashes?.at(-1));
    const blamed = "last line ends in a lone CR\r";
    expect(lineHash(recordedLine(blamed, false))).toBe(lastOf(first)?.line_hashes?.at(-1));
    expect(lineHash(recordedLine(blamed, true))).toBe(lastOf(second)?.line_hashes?.at(-1));
    expect(repo.intentguard(["trace", "verify"]).status).toBe(0);
  });

  it("cost 19 bytes of JSON per added line, and 16 per range for the field's name", async () => {
    const repo = await createSelectedRepo();
    const lines = Array.from(
      { length: 1000 },
      (_, index) => `export const value${index} = ${index};`,
    );
    const commit = repo.commitFile("src/auth/many.ts", `${lines.join("\n")}\n`, "1,000 lines");
    const record = headRecord(noteRecords(repo, commit));
    const without = {
      ...record,
      files: record.files.map((file) => ({
        ...file,
        ranges: file.ranges.map(({ line_hashes: _hashes, ...range }) => range),
      })),
    };
    const ranges = record.files.flatMap((file) => file.ranges);
    expect(ranges).toHaveLength(1);
    // Each hash is `"<16 hex>",` (the last without its comma); the field, `,"line_hashes":[]`, 17.
    expect(JSON.stringify(record).length - JSON.stringify(without).length).toBe(19 * 1000 + 16);
  });
});

import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compareRecord } from "../../src/core/trace/compare-record.js";
import {
  lineHash,
  lineHashes,
  recordedLine,
  recordedLines,
} from "../../src/core/trace/range-hash.js";
import { TraceRecordV1 as TraceRecord } from "../../src/core/trace/record-schema.js";
import { CommitDiffParser } from "../../src/git/commit-diff-parser.js";

/** The definition, computed with Node's crypto alone: 16 hex digits of the line's SHA-256. */
const independent = (line: string | Uint8Array) =>
  createHash("sha256").update(line).digest("hex").slice(0, 16);

/** A file's lines as records hash them, written here anew (not range-hash.ts's splitting). */
function independentLines(content: string): string[] {
  const pieces = content.split("\n");
  if (pieces.at(-1) === "") pieces.pop(); // a final "\n" ends the last line
  return pieces.map((line, index) => {
    const terminated = index < pieces.length - 1 || content.endsWith("\n");
    return terminated && line.endsWith("\r") ? line.slice(0, -1) : line;
  });
}

describe("lineHash", () => {
  it.each([
    ["an ASCII line", "export const value = 1;"],
    ["an empty line", ""],
    ["a line ending in a lone CR (content, when unterminated)", "q\r"],
    ["a CR inside a line", "a\rb"],
    ["non-ASCII text (as UTF-8)", "grüße 日本語 ✓ 𝄞"],
    ["leading and trailing spaces", "  indented  "],
  ])("is the first 16 hex digits of the SHA-256 of %s", (_what, line) => {
    expect(lineHash(line)).toBe(independent(line));
    expect(lineHash(line)).toMatch(/^[0-9a-f]{16}$/);
    expect(lineHash(Buffer.from(line, "utf8"))).toBe(lineHash(line));
  });

  it("hashes bytes that are not UTF-8 as they are", () => {
    const bytes = Buffer.from([0x63, 0x61, 0x66, 0xe9, 0xff]);
    expect(lineHash(bytes)).toBe(independent(bytes));
    expect(lineHash(bytes)).not.toBe(lineHash(bytes.toString("utf8")));
  });

  it("of a known line", () => {
    expect(lineHash("")).toBe("e3b0c44298fc1c14");
    expect(lineHash("a")).toBe("ca978112ca1bbdca");
  });
});

describe("recordedLine: a line as blame gives it (without its \\n), as records hash it", () => {
  it("drops the CR of a CRLF terminator, keeps a lone CR ending an unterminated last line", () => {
    expect(recordedLine("x\r", true)).toBe("x");
    expect(recordedLine("x\r", false)).toBe("x\r");
    expect(recordedLine("x", true)).toBe("x");
    expect(recordedLine("", true)).toBe("");
    expect(recordedLine("\r", true)).toBe("");
    // Only the terminator's one CR: a CR before it is content.
    expect(recordedLine("x\r\r", true)).toBe("x\r");
    expect(recordedLine("a\rb", true)).toBe("a\rb");
    expect([...recordedLine(Buffer.from("x\r"), true)]).toEqual([...Buffer.from("x")]);
    expect([...recordedLine(Buffer.from("x\r"), false)]).toEqual([...Buffer.from("x\r")]);
  });
});

describe("recordedLines and lineHashes: a whole file, line N at index N - 1", () => {
  it.each([
    ["LF", "a\nb\n", ["a", "b"]],
    ["CRLF", "a\r\nb\r\n", ["a", "b"]],
    ["no final newline", "one\ntwo", ["one", "two"]],
    ["a lone CR ending an unterminated last line", "p\r\nq\r", ["p", "q\r"]],
    ["a CRLF last line", "p\r\nq\r\n", ["p", "q"]],
    ["empty lines", "a\n\n\nb\n", ["a", "", "", "b"]],
    ["an empty file", "", []],
    ["a single newline", "\n", [""]],
    ["a CR before a CRLF", "x\r\r\n", ["x\r"]],
    ["unicode", "grüße\n日本語\n", ["grüße", "日本語"]],
  ])("%s", (_what, content, lines) => {
    expect(recordedLines(content)).toEqual(lines);
    expect(recordedLines(Buffer.from(content, "utf8")).map((line) => Buffer.from(line))).toEqual(
      lines.map((line) => Buffer.from(line, "utf8")),
    );
    expect(lineHashes(content)).toEqual(lines.map(independent));
    expect(lineHashes(Buffer.from(content, "utf8"))).toEqual(lines.map(independent));
  });

  it("agrees with an independent split on any text of LF, CR and other characters", () => {
    const text = fc
      .array(fc.constantFrom("a", "é", "\r", "\n", "\r\n", " "), { maxLength: 30 })
      .map((parts) => parts.join(""));
    fc.assert(
      fc.property(text, (content) => {
        expect(recordedLines(content)).toEqual(independentLines(content));
        expect(lineHashes(content)).toEqual(independentLines(content).map(independent));
      }),
    );
  });

  it("hashes the published vectors' lines as their line_hashes", () => {
    const { vectors } = JSON.parse(
      readFileSync(new URL("../vectors/range-hashes.json", import.meta.url), "utf8"),
    ) as {
      vectors: {
        after: string;
        ranges: { start_line: number; end_line: number; lines: string[]; line_hashes: string[] }[];
      }[];
    };
    let checked = 0;
    for (const vector of vectors) {
      const file = lineHashes(vector.after);
      for (const range of vector.ranges) {
        expect(range.lines.map(independent)).toEqual(range.line_hashes);
        expect(file.slice(range.start_line - 1, range.end_line)).toEqual(range.line_hashes);
        checked += 1;
      }
    }
    expect(checked).toBe(10);
  });
});

/** `git diff-tree -r --raw -z -p -U0` of one commit creating `path` with `content`. */
function creationDiff(path: string, content: string): Buffer {
  const sha = "c".repeat(40);
  const lines = content === "" ? [] : content.split("\n");
  const unterminated = content !== "" && !content.endsWith("\n");
  if (!unterminated) lines.pop();
  const patch = [
    `diff --git a/${path} b/${path}\nnew file mode 100644\nindex 0..1\n--- /dev/null\n+++ b/${path}\n`,
    `@@ -0,0 +1,${lines.length} @@\n`,
    ...lines.map((line) => `+${line}\n`),
    unterminated ? "\\ No newline at end of file\n" : "",
  ].join("");
  return Buffer.from(
    `${sha}\0${"a".repeat(40)}\0Ada\0ada@example.com\0Subject\0\0\0\n` +
      `:000000 100644 ${"0".repeat(40)} ${"b".repeat(40)} A\0${path}\0\0${patch}`,
  );
}

describe("the commit diff parser hashes each line as lineHashes does", () => {
  it("on a created file of any LF, CR and other characters", () => {
    const text = fc
      .array(fc.constantFrom("a", "é", "\r", "\n", "\r\n"), { minLength: 1, maxLength: 30 })
      .map((parts) => parts.join(""));
    fc.assert(
      fc.property(text, (content) => {
        const parser = new CommitDiffParser();
        parser.push(creationDiff("f.txt", content));
        const [range, ...others] = parser.end().ranges.get("f.txt") ?? [];
        expect(others).toEqual([]);
        expect(range?.line_hashes).toEqual(independentLines(content).map(independent));
        expect(range?.line_hashes).toEqual(lineHashes(content));
      }),
    );
  });
});

const sha256 = (fill: string) => `sha256:${fill.repeat(64)}`;

function record(ranges: unknown[]): unknown {
  return {
    id: "6f1c1d2e-1111-4222-8333-944455556666",
    timestamp: "2026-01-01T00:00:00.000Z",
    intent_id: null,
    vcs: { type: "git", revision_id: "c".repeat(40) },
    parents: [],
    tool: { name: "intentguard", version: "0.1.0" },
    files: [
      {
        relative_path: "f.txt",
        operation: "create",
        old_path: null,
        before: null,
        after: { sha256: sha256("1"), mode: "100644", oid: "b".repeat(40) },
        contributor: { entity_type: "HUMAN" },
        ranges,
        mutation_class: "INTENT_EVOLUTION",
        related: [],
      },
    ],
  };
}

describe("the record schema's line_hashes", () => {
  const range = { start_line: 3, end_line: 4, content_hash: sha256("2") };

  it("is optional: a record written before it is valid", () => {
    expect(TraceRecord.safeParse(record([range])).success).toBe(true);
    expect(
      TraceRecord.safeParse(record([{ ...range, line_hashes: ["0".repeat(16), "f".repeat(16)] }]))
        .success,
    ).toBe(true);
  });

  it("holds one hash of 16 lowercase hex digits per line of the range", () => {
    const issues = (line_hashes: string[]) => {
      const parsed = TraceRecord.safeParse(record([{ ...range, line_hashes }]));
      return parsed.success
        ? []
        : parsed.error.issues.map((issue) => [issue.path.join("."), issue.message]);
    };
    expect(issues(["0".repeat(16)])).toEqual([
      [
        "files.0.ranges.0.line_hashes",
        "1 line hashes for a range of 2 lines (lines 3-4); expected one per line",
      ],
    ]);
    expect(issues(["0".repeat(16), "0".repeat(16), "0".repeat(16)])[0]?.[1]).toContain(
      "3 line hashes for a range of 2 lines",
    );
    expect(issues(["0".repeat(16), "A".repeat(16)])).toEqual([
      ["files.0.ranges.0.line_hashes.1", "16 lowercase hex digits"],
    ]);
    expect(issues(["0".repeat(16), "0".repeat(64)])).toEqual([
      ["files.0.ranges.0.line_hashes.1", "16 lowercase hex digits"],
    ]);
  });
});

describe("compareRecord and line_hashes", () => {
  const lines = ["alpha", "beta"];
  const fresh = TraceRecord.parse(
    record([
      {
        start_line: 1,
        end_line: 2,
        content_hash: sha256("2"),
        line_hashes: lines.map(independent),
      },
    ]),
  );
  const stored = (line_hashes?: string[]) =>
    TraceRecord.parse(
      record([
        {
          start_line: 1,
          end_line: 2,
          content_hash: sha256("2"),
          ...(line_hashes ? { line_hashes } : {}),
        },
      ]),
    );

  it("finds nothing when they equal the recomputation, or when the record has none", () => {
    expect(compareRecord(stored(lines.map(independent)), fresh)).toEqual([]);
    expect(compareRecord(stored(), fresh)).toEqual([]);
  });

  it("names the range and the line of an edited hash", () => {
    const edited = [independent("alpha"), "0".repeat(16)];
    expect(compareRecord(stored(edited), fresh)).toEqual([
      {
        kind: "line-hashes-differ",
        range: { path: "f.txt", start: 1, end: 2 },
        line: 2,
        recorded: "0".repeat(16),
        recomputed: independent("beta"),
      },
    ]);
  });
});

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { contentHash, lineHash } from "../../src/core/trace/range-hash.js";
import { CommitDiffParser } from "../../src/git/commit-diff-parser.js";
import { unquotePath } from "../../src/git/unquote-path.js";
import { pushInChunks } from "../support/chunks.js";

const a = "a".repeat(40);
const b = "b".repeat(40);
const c = "c".repeat(40);
const zero = "0".repeat(40);
const tree = "4b825dc642cb6eb9a060e54bf8d69288fbee4904";
const header = (sha: string, parents: string, trailers = "") =>
  `${sha}\0${parents}\0Ada\0ada@example.com\0Subject\0${trailers}\0${tree}\0\0\n`;

const ordinary = Buffer.from(
  [
    header(c, a, "Intent: INT-001\nContributor-Type: AI\n"),
    `:100644 100644 ${a} ${b} M\0src/x.ts\0:000000 100644 ${zero} ${b} A\0src/new\nline.ts\0\0`,
    "diff --git a/src/x.ts b/src/x.ts\nindex 1..2 100644\n--- a/src/x.ts\n+++ b/src/x.ts\n",
    "@@ -2 +2 @@ context\n-old\n+new\r\n@@ -5,0 +6,2 @@\n+six\n+seven\n\\ No newline at end of file\n",
    'diff --git "a/src/new\\nline.ts" "b/src/new\\nline.ts"\nnew file mode 100644\nindex 0..2\n--- /dev/null\n+++ "b/src/new\\nline.ts"\n',
    "@@ -0,0 +1 @@\n+only\r\n\\ No newline at end of file\n",
  ].join(""),
);

function parse(data: Buffer, cuts: number[] = []) {
  const parser = new CommitDiffParser();
  pushInChunks(data, cuts, (chunk) => parser.push(chunk));
  return parser.end();
}

describe("CommitDiffParser", () => {
  it("reads the header, the raw changes and each run of added lines with its hash", () => {
    const diff = parse(ordinary);
    expect(diff.commit).toEqual({
      sha: c,
      parents: [a],
      authorName: "Ada",
      authorEmail: "ada@example.com",
      subject: "Subject",
      trailers: [
        { key: "Intent", value: "INT-001" },
        { key: "Contributor-Type", value: "AI" },
      ],
      tree,
    });
    expect(diff.changes.map((change) => [change.operation, change.path])).toEqual([
      ["modify", "src/x.ts"],
      ["create", "src/new\nline.ts"],
    ]);
    expect(diff.ranges.get("src/x.ts")).toEqual([
      {
        start_line: 2,
        end_line: 2,
        content_hash: contentHash(["new"]),
        line_hashes: [lineHash("new")],
      },
      {
        start_line: 6,
        end_line: 7,
        content_hash: contentHash(["six", "seven"]),
        line_hashes: [lineHash("six"), lineHash("seven")],
      },
    ]);
    // The last line has no newline, so its CR is content, not part of a terminator.
    expect(diff.ranges.get("src/new\nline.ts")).toEqual([
      {
        start_line: 1,
        end_line: 1,
        content_hash: contentHash(["only\r"]),
        line_hashes: [lineHash("only\r")],
      },
    ]);
  });

  it("gives the same result however the stream is cut", () => {
    const whole = parse(ordinary);
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: ordinary.length }), { maxLength: 10 }),
        (cuts) => {
          const diff = parse(ordinary, cuts);
          expect([...diff.ranges]).toEqual([...whole.ranges]);
          expect(diff.changes.map((change) => change.path)).toEqual(
            whole.changes.map((change) => change.path),
          );
        },
      ),
    );
  });

  it("counts only the lines a merge wrote against every parent", () => {
    const merge = Buffer.from(
      [
        header(c, `${a} ${b}`),
        `::100644 100644 100644 ${a} ${b} ${c} MM\0m.txt\0\0`,
        "diff --cc m.txt\nindex 1,2..3\n--- a/m.txt\n+++ b/m.txt\n",
        "@@@ -1,1 -1,1 +1,2 @@@\n- one\n -uno\n++resolved\n+ from second\n@@@ -4,3 -4,0 +5,1 @@@\n++EVIL\n",
      ].join(""),
    );
    const diff = parse(merge);
    expect(diff.commit.parents).toEqual([a, b]);
    expect(diff.changes).toEqual([
      expect.objectContaining({ path: "m.txt", operation: "modify", oldBlob: a, newBlob: c }),
    ]);
    expect(diff.ranges.get("m.txt")).toEqual([
      {
        start_line: 1,
        end_line: 1,
        content_hash: contentHash(["resolved"]),
        line_hashes: [lineHash("resolved")],
      },
      {
        start_line: 5,
        end_line: 5,
        content_hash: contentHash(["EVIL"]),
        line_hashes: [lineHash("EVIL")],
      },
    ]);
  });

  it("handles an empty commit and refuses a truncated one", () => {
    expect(parse(Buffer.from(header(c, a))).changes).toEqual([]);
    expect(() => parse(Buffer.from(`${c}\0${a}\0Ada`))).toThrow("inside the commit header");
  });
});

describe("unquotePath", () => {
  it.each([
    ['"a\\nb"', "a\nb"],
    ['"tab\\there"', "tab\there"],
    ['"quote\\"d"', 'quote"d'],
    ['"back\\\\slash"', "back\\slash"],
    ['"\\303\\274"', "ü"],
    ["plain path", "plain path"],
  ])("%s → %j", (quoted, plain) => {
    expect(unquotePath(quoted).toString("utf8")).toBe(plain);
  });

  it("keeps bytes that are not UTF-8 exactly", () => {
    expect([...unquotePath('"weird/\\377"')]).toEqual([...Buffer.from("weird/"), 0xff]);
    expect([...unquotePath("weird/\xfe")]).toEqual([...Buffer.from("weird/"), 0xfe]);
  });
});

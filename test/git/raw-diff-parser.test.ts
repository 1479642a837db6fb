import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { FileChange } from "../../src/core/commit/file-change.js";
import { RawDiffParser } from "../../src/git/raw-diff-parser.js";
import { pushInChunks } from "../support/chunks.js";

const zero = "0".repeat(40);
const a = "a".repeat(40);
const b = "b".repeat(40);

/** A raw -z stream as git writes it, and what it must parse to. */
const records: [string, FileChange][] = [
  [
    `:000000 100644 ${zero} ${a} A\0src/new file.ts\0`,
    {
      operation: "create",
      path: "src/new file.ts",
      oldPath: null,
      oldMode: null,
      newMode: "100644",
      oldBlob: null,
      newBlob: a,
    },
  ],
  [
    `:100644 100644 ${a} ${b} M\0src/ünï\ncode.ts\0`,
    {
      operation: "modify",
      path: "src/ünï\ncode.ts",
      oldPath: null,
      oldMode: "100644",
      newMode: "100644",
      oldBlob: a,
      newBlob: b,
    },
  ],
  [
    `:100644 100755 ${a} ${a} M\0bin/run\0`,
    {
      operation: "mode",
      path: "bin/run",
      oldPath: null,
      oldMode: "100644",
      newMode: "100755",
      oldBlob: a,
      newBlob: a,
    },
  ],
  [
    `:100644 000000 ${a} ${zero} D\0-dash.ts\0`,
    {
      operation: "delete",
      path: "-dash.ts",
      oldPath: null,
      oldMode: "100644",
      newMode: null,
      oldBlob: a,
      newBlob: null,
    },
  ],
  [
    `:100644 120000 ${a} ${b} T\0link\0`,
    {
      operation: "type",
      path: "link",
      oldPath: null,
      oldMode: "100644",
      newMode: "120000",
      oldBlob: a,
      newBlob: b,
    },
  ],
  [
    `:100644 100644 ${a} ${a} R100\0old/x.ts\0new/x.ts\0`,
    {
      operation: "rename",
      path: "new/x.ts",
      oldPath: "old/x.ts",
      oldMode: "100644",
      newMode: "100644",
      oldBlob: a,
      newBlob: a,
    },
  ],
  [
    `:000000 160000 ${zero} ${b} A\0vendor/lib\0`,
    {
      operation: "create",
      path: "vendor/lib",
      oldPath: null,
      oldMode: null,
      newMode: "160000",
      oldBlob: null,
      newBlob: b,
    },
  ],
];
const stream = Buffer.from(records.map(([raw]) => raw).join(""), "utf8");
const expected = records.map(([, change]) => change);

/** Every field of a change, read through its accessors. */
function plain(change: FileChange): FileChange {
  const { operation, path, oldPath, oldMode, newMode, oldBlob, newBlob } = change;
  return { operation, path, oldPath, oldMode, newMode, oldBlob, newBlob };
}

function parseInChunks(data: Buffer, cuts: number[]): FileChange[] {
  const changes: FileChange[] = [];
  const parser = new RawDiffParser((change) => changes.push(plain(change)));
  pushInChunks(data, cuts, (chunk) => parser.push(chunk));
  parser.end();
  return changes;
}

describe("RawDiffParser", () => {
  it("parses every kind of record git emits", () => {
    expect(parseInChunks(stream, [])).toEqual(expected);
  });

  it("gives the same answer however the stream is cut into chunks, even inside a UTF-8 character", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: stream.length }), { maxLength: 12 }),
        (cuts) => {
          expect(parseInChunks(stream, cuts)).toEqual(expected);
        },
      ),
    );
  });

  it("refuses a stream that stops inside a record", () => {
    const parser = new RawDiffParser(() => {});
    parser.push(Buffer.from(`:100644 100644 ${a} ${b} R100\0old\0`));
    expect(() => parser.end()).toThrow("ended in the middle of a record");
  });

  it("serialises every field to JSON", () => {
    const parsed: FileChange[] = [];
    const parser = new RawDiffParser((change) => parsed.push(change));
    parser.push(stream);
    parser.end();
    expect(JSON.parse(JSON.stringify(parsed))).toEqual(expected);
  });
});

import { describe, expect, it } from "vitest";
import { addedLines, type CountedRecord } from "../../src/core/trace/added-lines.js";
import type { Contributor } from "../../src/core/trace/contributor.js";
import { lineHash } from "../../src/core/trace/range-hash.js";
import type { RecordedRange } from "../../src/core/trace/recorded-files.js";

const ai: Contributor = { entity_type: "AI", model_identifier: "m" };

/** A range of `lines` starting at `start`, with line hashes unless `hashes` is false. */
function range(start: number, lines: string[], hashes = true): RecordedRange {
  return {
    start,
    end: start + lines.length - 1,
    contributor: ai,
    contentHash: `sha256:${lines.join("|")}`,
    lineHashes: hashes ? lines.map((line) => lineHash(line)) : null,
  };
}

function record(
  commit: string,
  ranges: RecordedRange[],
  id = commit,
  path = "f.ts",
): CountedRecord {
  return { commit, id, files: [{ path, contributor: ai, ranges }] };
}

const block = ["const a = 1;", "const b = 2;", "const c = 3;"];
const other = ["let x = 1;", "let y = 2;", "let z = 3;"];

describe("lines added, each counted once per count", () => {
  it("does not count again a squash that re-records whole earlier ranges, back to back", () => {
    const added = addedLines([
      record("a", [range(1, block)]),
      record("b", [range(10, other)]),
      // The squash: both blocks in one range, with one line of its own between them.
      record("s", [range(1, [...block, "new line here", ...other])]),
    ]);
    expect(added.get("a")?.get("f.ts")).toEqual([3]);
    expect(added.get("b")?.get("f.ts")).toEqual([3]);
    expect(added.get("s")?.get("f.ts")).toEqual([1]);
  });

  it("counts lines again at another path, and short ranges (a `}`, a blank) always", () => {
    const added = addedLines([
      record("a", [range(1, block), range(9, ["}"])]),
      record("b", [range(1, block), range(5, ["}"])], "b", "g.ts"),
      record("c", [range(4, ["}"]), range(7, block.slice(0, 2))]),
    ]);
    expect(added.get("b")?.get("g.ts")).toEqual([3, 1]);
    expect(added.get("c")?.get("f.ts")).toEqual([1, 2]);
  });

  it("does not count a record again under another commit (a copied note)", () => {
    const added = addedLines([
      record("a", [range(1, ["x"])], "id-1"),
      record("a2", [range(1, ["x"])], "id-1"),
    ]);
    expect(added.get("a")?.get("f.ts")).toEqual([1]);
    expect(added.get("a2")?.get("f.ts")).toEqual([0]);
  });

  it("matches a range without line hashes only whole, by its content hash", () => {
    const added = addedLines([
      record("a", [range(1, block, false)]),
      record("b", [range(5, block, false), range(9, [...block, "more"], false)]),
    ]);
    expect(added.get("b")?.get("f.ts")).toEqual([0, 4]);
  });

  it("never lets a record re-record its own lines", () => {
    const added = addedLines([record("a", [range(1, block), range(10, block)])]);
    expect(added.get("a")?.get("f.ts")).toEqual([3, 3]);
  });
});

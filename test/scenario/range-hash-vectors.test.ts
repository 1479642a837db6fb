import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { createGovernedRepo } from "../support/test-repo.js";
import { independentHash, independentLineHashes, noteRecords } from "../support/traces.js";

interface Vector {
  name: string;
  before: string | null;
  after: string;
  ranges: {
    start_line: number;
    end_line: number;
    lines: string[];
    content_hash: string;
    line_hashes: string[];
  }[];
}

const { vectors } = JSON.parse(
  readFileSync(new URL("../vectors/range-hashes.json", import.meta.url), "utf8"),
) as { vectors: Vector[] };

describe("the published range-hash vectors, against real git and an independent hash", () => {
  it("holds for every vector", async () => {
    const repo = await createGovernedRepo();
    expect(repo.intentguard(["select", "INT-001"]).status).toBe(0);
    for (const [index, vector] of vectors.entries()) {
      const file = `src/auth/vector-${index}.txt`;
      if (vector.before !== null) {
        repo.write(file, vector.before);
        repo.git("add", "-A");
        expect(repo.commit(`Before: ${vector.name}`).status).toBe(0);
      }
      repo.write(file, vector.after);
      repo.git("add", "-A");
      expect(repo.commit(`After: ${vector.name}`).status).toBe(0);
      const recorded = noteRecords(repo)[0]?.files.find((entry) => entry.relative_path === file);
      const expected = vector.ranges.map(({ start_line, end_line, content_hash, line_hashes }) => ({
        start_line,
        end_line,
        content_hash,
        line_hashes,
      }));
      expect(recorded?.ranges, vector.name).toEqual(expected);
      for (const range of vector.ranges) {
        expect(
          independentHash(repo, "HEAD", file, range.start_line, range.end_line),
          vector.name,
        ).toBe(range.content_hash);
        expect(
          independentLineHashes(repo, "HEAD", file, range.start_line, range.end_line),
          vector.name,
        ).toEqual(range.line_hashes);
      }
    }
  });
});

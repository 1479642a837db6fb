import { beforeAll, describe, expect, it } from "vitest";
import type { CommitDiff } from "../../src/core/trace/commit-diff.js";
import { CommitStreamSplitter, diffCommits, streamCommitDiffs } from "../../src/git/diff-commit.js";
import { pushInChunks } from "../support/chunks.js";
import { createRepo, type TestRepo, useHermeticProcessEnv } from "../support/test-repo.js";

/** Feeds `bytes` to a fresh splitter cut at `cuts` and returns the diffs it hands over. */
function split(commits: string[], bytes: Buffer, cuts: number[]): CommitDiff[] {
  const diffs: CommitDiff[] = [];
  const splitter = new CommitStreamSplitter(commits, (diff) => diffs.push(diff));
  pushInChunks(bytes, cuts, (chunk) => splitter.push(chunk));
  splitter.end();
  return diffs;
}

/** A comparable view of a diff (Maps and lazily decoded changes as plain data). */
function plain(diff: CommitDiff) {
  return {
    commit: diff.commit,
    changes: diff.changes.map((change) => ({ ...change })),
    ranges: [...diff.ranges],
  };
}

describe("CommitStreamSplitter, on real git diff-tree --stdin output", () => {
  let repo: TestRepo;
  let commits: string[];
  let expected: ReturnType<typeof plain>[];
  let output: Buffer;

  beforeAll(async () => {
    repo = await createRepo();
    useHermeticProcessEnv(repo);
    // Commits whose patches mention other commits' SHAs, so the cut must not fall on them.
    const made: string[] = [];
    for (let index = 0; index < 6; index++) {
      const mention = made.map((sha) => `${sha}\n${sha}`).join("\n");
      made.push(
        repo.commitFile(
          `file ${index}.txt`,
          `line ${index}\n${mention}\n`,
          `commit ${index}\n\nIntent: INT-00${index}`,
        ),
      );
    }
    commits = [...made].reverse();
    const diffs: CommitDiff[] = [];
    await diffCommits(repo.dir, commits, (diff) => diffs.push(diff));
    expected = diffs.map(plain);
    // The same stream as one buffer: re-split it below at every kind of boundary.
    const chunks: Buffer[] = [];
    await streamCommitDiffs(repo.dir, commits, (chunk) => {
      chunks.push(chunk);
    });
    output = Buffer.concat(chunks);
  });

  it("hands over one diff per commit, in order, with what git reported", () => {
    expect(expected.map((diff) => diff.commit.sha)).toEqual(commits);
    expect(expected[0]?.commit.trailers).toEqual([{ key: "Intent", value: "INT-005" }]);
    expect(expected[0]?.changes.map((change) => change.path)).toEqual(["file 5.txt"]);
    expect(new Map(expected[0]?.ranges).get("file 5.txt")?.[0]).toMatchObject({
      start_line: 1,
      end_line: 11,
    });
  });

  it("gives the same diffs whatever one cut in the stream", () => {
    for (let cut = 1; cut < output.length; cut++) {
      expect(split(commits, output, [cut]).map(plain)).toEqual(expected);
    }
  });

  it("gives the same diffs when the stream arrives a byte at a time", () => {
    const everyByte = Array.from({ length: output.length - 1 }, (_, index) => index + 1);
    expect(split(commits, output, everyByte).map(plain)).toEqual(expected);
  });
});

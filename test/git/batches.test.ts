import { describe, expect, it } from "vitest";
import { diffCommitsInBatches } from "../../src/git/diff-commit.js";
import { createRepo, useHermeticProcessEnv } from "../support/test-repo.js";

describe("diffs handed over a batch at a time", () => {
  it("answers only once every batch is handled, also the one in hand when git exits", async () => {
    const repo = await createRepo();
    useHermeticProcessEnv(repo);
    // Small commits: git writes the whole output at once and exits while the first batch is
    // still being handled; a batch takes time in proportion to its size, so the last (one
    // commit, handed over as git has exited) would finish before a large one still in hand.
    const script = Array.from(
      { length: 60 },
      (_, index) =>
        `commit refs/heads/main\ncommitter T <t@e.com> ${1700000000 + index} +0000\ndata 2\nc\nM 100644 inline f${index}\ndata 2\n${index}\n\n`,
    ).join("");
    repo.run("git", ["fast-import", "--quiet"], { input: script });
    const commits = repo.git("rev-list", "--reverse", "main").trim().split("\n");
    expect(commits).toHaveLength(60);
    for (const size of [7, 30, 59, 60]) {
      const handled: string[] = [];
      await diffCommitsInBatches(repo.dir, commits, size, async (diffs) => {
        await new Promise((resolve) => setTimeout(resolve, diffs.length * 5));
        for (const diff of diffs) handled.push(diff.commit.sha);
      });
      expect(handled, `batches of ${size}`).toEqual(commits);
    }
  });
});

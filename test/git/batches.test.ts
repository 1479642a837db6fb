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

  it("keeps chunks in order behind a slow batch when git exits meanwhile (Node resumes its output)", async () => {
    const repo = await createRepo();
    useHermeticProcessEnv(repo);
    // 40 commits of 4 KB each: git's output comes in several chunks, all written before the
    // first batch is handled (it waits 400 ms), so git has exited — and Node's child_process
    // resumes a paused stdout on exit — while it runs.
    const body = (index: number) =>
      `${String(index).padStart(4, "0")}${"x".repeat(60)}\n`.repeat(64);
    const script = Array.from({ length: 40 }, (_, index) => {
      const content = body(index);
      return `commit refs/heads/main\ncommitter T <t@e.com> ${1700000000 + index} +0000\ndata 2\nc\nM 100644 inline f${index}\ndata ${content.length}\n${content}\n`;
    }).join("");
    repo.run("git", ["fast-import", "--quiet"], { input: script });
    const commits = repo.git("rev-list", "--reverse", "main").trim().split("\n");
    const handled: string[] = [];
    let running = 0;
    let overlapped = false;
    await diffCommitsInBatches(repo.dir, commits, 5, async (diffs) => {
      running += 1;
      if (running > 1) overlapped = true;
      await new Promise((resolve) => setTimeout(resolve, handled.length === 0 ? 400 : 1));
      for (const diff of diffs) handled.push(diff.commit.sha);
      running -= 1;
    });
    expect(overlapped).toBe(false);
    expect(handled).toEqual(commits);
  });
});

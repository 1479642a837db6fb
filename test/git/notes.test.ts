import { rmSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { systemClock } from "../../src/clock.js";
import { notesRef } from "../../src/core/trace/notes-ref.js";
import { readNote, readNotes, writeNote } from "../../src/git/notes.js";
import { locateRepo } from "../../src/git/repo.js";
import { TestClock } from "../support/clock.js";
import { createRepo, useHermeticProcessEnv } from "../support/test-repo.js";

describe("notes writes under the lock", () => {
  it("keeps every note when 16 writers add notes at the same moment", async () => {
    const repo = await createRepo();
    useHermeticProcessEnv(repo);
    const commits = Array.from({ length: 16 }, (_, index) =>
      repo.commitFile(`f${index}`, `${index}\n`, `c${index}`),
    );
    const located = await locateRepo(repo.dir);
    await Promise.all(
      commits.map((commit, index) => writeNote(located, systemClock, commit, `note ${index}\n`)),
    );
    const notes = await readNotes(repo.dir, commits);
    expect(commits.map((commit) => notes.get(commit))).toEqual(
      commits.map((_, index) => `note ${index}\n`),
    );
    expect(repo.git("notes", `--ref=${notesRef}`, "list").trim().split("\n")).toHaveLength(16);
  });

  it("waits for git's own lock on the notes ref instead of failing", async () => {
    const repo = await createRepo();
    useHermeticProcessEnv(repo);
    const commit = repo.commitFile("f", "x\n", "c");
    const located = await locateRepo(repo.dir);
    await writeNote(located, systemClock, commit, "first\n");
    // Another tool holds refs/notes/intentguard.lock until the writer, refused by git, backs off.
    const lock = `${repo.dir}/.git/${notesRef}.lock`;
    repo.write(`.git/${notesRef}.lock`, "");
    const clock = new TestClock("2026-01-01T00:00:00Z", () => rmSync(lock, { force: true }));
    await writeNote(located, clock, commit, "second\n");
    expect(await readNote(repo.dir, commit)).toBe("second\n");
    expect(clock.sleeps).toHaveLength(1);
  });

  it("reads no notes, without failing, before the notes ref exists", async () => {
    const repo = await createRepo();
    useHermeticProcessEnv(repo);
    const commit = repo.commitFile("f", "x\n", "c");
    expect(await readNotes(repo.dir, [commit])).toEqual(new Map());
    expect(await readNote(repo.dir, commit)).toBeNull();
  });
});

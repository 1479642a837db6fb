import { mkdirSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type BlamedLine, blameFile } from "../../src/git/blame.js";
import { originsAtTip } from "../../src/git/line-origins.js";
import { createRepo, type TestRepo, useHermeticProcessEnv } from "../support/test-repo.js";

/** One line's origin as git blame names it: commit, line number there, path there. */
type Origin = [commit: string, line: number, path: string];

/** Every file at `tip` (not submodules), with git blame --line-porcelain's origin of each line. */
async function gitBlames(repo: TestRepo, revision: string, tip: string) {
  const listed = repo.git("ls-tree", "-r", "-z", tip).split("\0").filter(Boolean);
  const files = listed
    .filter((entry) => !entry.startsWith("160000"))
    .map((entry) => entry.slice(entry.indexOf("\t") + 1));
  const blames = new Map<string, Origin[]>();
  for (const file of files) {
    const lines: BlamedLine[] = [];
    await blameFile(repo.dir, file, { rev: revision }, (line) => lines.push(line));
    blames.set(
      file,
      lines.map((line) => [line.commit, line.originalLine, line.filename]),
    );
  }
  return blames;
}

/** The pass's origins of the same files, its segments spelled out line by line. */
async function passOrigins(
  repo: TestRepo,
  revision: string,
  tip: string,
  lengths: Map<string, number>,
) {
  const origins = await originsAtTip(repo.dir, revision);
  expect(origins.tip).toBe(tip);
  const answer = new Map<string, Origin[]>();
  for (const [file, length] of lengths) {
    const lines: Origin[] = [];
    for (const segment of origins.segments(file) ?? []) {
      const count = Math.min(segment.count, length - lines.length);
      for (let k = 0; k < count; k++) lines.push([segment.commit, segment.line + k, segment.path]);
    }
    answer.set(file, lines);
  }
  return answer;
}

async function expectSameAsBlame(repo: TestRepo, revision: string) {
  const tip = repo.git("rev-parse", revision.split("..").pop() as string).trim();
  const blames = await gitBlames(repo, revision, tip);
  const lengths = new Map([...blames].map(([file, lines]) => [file, lines.length]));
  const pass = await passOrigins(repo, revision, tip, lengths);
  expect(pass).toEqual(blames);
}

/** A seeded PRNG (mulberry32), so that a failing seed replays the same history. */
function seeded(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const names = ["a.txt", "b c.txt", "dir/ünï.txt", "dir/x\ny.txt", 'q"uote.txt', "e.txt"];
const words = ["alpha", "beta", "gamma", "}", "", "delta"];

/**
 * A random history in `repo`: edits (insertions, deletions, rewrites; CRLF lines; files without a
 * final newline), new files, deletions, renames with and without edits, branches and merges —
 * clean, and conflicted with each conflict resolved by an arbitrary mix of both sides.
 */
function randomHistory(repo: TestRepo, seed: number, steps: number): string[] {
  const random = seeded(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  let tag = 0;
  const newLines = (count: number) =>
    Array.from({ length: count }, () => {
      const word = pick(words);
      return word === "" || word === "}" ? word : `${word} ${tag}`;
    });
  const files = () => repo.git("ls-files", "-z").split("\0").filter(Boolean);
  const write = (file: string, lines: string[]) => {
    const crlf = random() < 0.15;
    const final = random() < 0.85 || lines.length === 0;
    const text =
      lines.join(crlf ? "\r\n" : "\n") + (final && lines.length > 0 ? (crlf ? "\r\n" : "\n") : "");
    repo.write(file, text);
  };
  const edit = (lines: string[]) => {
    const out = [...lines];
    for (let n = Math.floor(random() * 3) + 1; n > 0; n--) {
      const at = Math.floor(random() * (out.length + 1));
      const remove = random() < 0.5 ? Math.floor(random() * 3) : 0;
      out.splice(at, remove, ...newLines(Math.floor(random() * 3)));
    }
    return out;
  };
  const read = (file: string) =>
    repo.read(file).replace(/\r\n/g, "\n").replace(/\n$/, "").split("\n");
  const commit = (message: string) => {
    repo.git("add", "-A");
    repo.git("commit", "-q", "--allow-empty", "-m", message);
  };
  const branches = ["main"];
  repo.git("checkout", "-q", "-b", "main");
  write(pick(names), newLines(4));
  commit("root");
  for (let step = 0; step < steps; step++) {
    tag += 1;
    const present = files();
    const roll = random();
    if (roll < 0.4 || present.length === 0) {
      const file = present.length > 0 && random() < 0.7 ? pick(present) : pick(names);
      write(
        file,
        present.includes(file) ? edit(read(file)) : newLines(1 + Math.floor(random() * 5)),
      );
      commit(`edit ${step}`);
    } else if (roll < 0.5) {
      repo.git("rm", "-q", pick(present));
      commit(`delete ${step}`);
    } else if (roll < 0.62) {
      const from = pick(present);
      const to = `moved ${step}/${pick(names)}`;
      mkdirSync(path.dirname(path.join(repo.dir, to)), { recursive: true });
      repo.git("mv", from, to);
      if (random() < 0.5) write(to, edit(read(to)));
      commit(`rename ${step}`);
    } else if (roll < 0.75) {
      const branch = `b${step}`;
      repo.git("checkout", "-q", "-b", branch);
      branches.push(branch);
    } else if (roll < 0.85) {
      repo.git("checkout", "-q", pick(branches));
    } else {
      const current = repo.git("symbolic-ref", "--short", "HEAD").trim();
      const other = pick(branches.filter((branch) => branch !== current));
      if (other === undefined) continue;
      const merged = repo.tryGit(["merge", "-q", "--no-edit", other]);
      if (merged.status === 0) continue;
      const conflicted = repo
        .git("diff", "--name-only", "-z", "--diff-filter=U")
        .split("\0")
        .filter(Boolean);
      for (const file of conflicted) {
        const ours = repo.tryGit(["show", `:2:${file}`]).stdout.split("\n");
        const theirs = repo.tryGit(["show", `:3:${file}`]).stdout.split("\n");
        if (random() < 0.15) {
          repo.tryGit(["rm", "-q", "--", file]);
          continue;
        }
        const mixed = [...ours.slice(0, ours.length / 2), ...theirs.slice(theirs.length / 2)];
        write(file, random() < 0.5 ? mixed : edit(mixed.filter((line) => line !== "")));
      }
      commit(`merge ${other} into ${current} at ${step}`);
    }
  }
  return repo.git("rev-list", "HEAD").trim().split("\n");
}

describe("line origins: git blame's answer, worked out forward", () => {
  it("follows merges, renames, deletions, re-creations, CRLF and unusual names as git blame does", async () => {
    const repo = await createRepo();
    useHermeticProcessEnv(repo);
    repo.git("checkout", "-q", "-b", "main");
    repo.commitFile("a b.txt", "one\r\ntwo\r\nthree\r\n", "CRLF, a space in the name");
    repo.commitFile("ünï\nline.txt", "x\ny\nz", "a newline in the name, no final newline");
    repo.write("bin.dat", Buffer.from([1, 0, 2, 10, 3, 10, 0]));
    repo.git("update-index", "--add", "--cacheinfo", `160000,${repo.head()},sub`);
    repo.commitFile("gone.txt", "g1\ng2\n", "a binary file, a submodule, a file to delete");
    const fork = repo.head();
    repo.git("checkout", "-q", "-b", "side");
    repo.commitFile("a b.txt", "one\r\ntwo\r\nthree\r\nfour\r\n", "side appends");
    repo.git("mv", "ünï\nline.txt", "moved.txt");
    repo.commitFile("moved.txt", "x\ny\nz\nw", "side renames and edits");
    repo.git("checkout", "-q", "main");
    repo.git("rm", "-q", "gone.txt");
    repo.commitFile(
      "a b.txt",
      "zero\r\none\r\ntwo\r\nthree\r\n",
      "main prepends, deletes gone.txt",
    );
    repo.git("merge", "-q", "--no-edit", "side");
    repo.commitFile("gone.txt", "g1\nnew\n", "gone.txt again: no history of the first");
    repo.git("checkout", "-q", "-b", "conflict", fork);
    repo.commitFile("a b.txt", "ONE\r\ntwo\r\nthree\r\n", "conflict side");
    repo.git("checkout", "-q", "main");
    expect(repo.tryGit(["merge", "-q", "--no-edit", "conflict"]).status).not.toBe(0);
    repo.write("a b.txt", "zero\r\nONE\r\ntwo\r\nboth\r\nthree\r\nfour\r\n");
    repo.git("commit", "-qam", "conflicted merge, resolved by hand");
    // Both sides write "x"; the merge keeps the second parent's file whole, so git blame gives
    // "x" to that side's commit, though the first parent has the same line.
    repo.commitFile("c.txt", "a\n", "c.txt");
    repo.git("checkout", "-q", "-b", "theirs");
    repo.commitFile("c.txt", "a\nx\ny\n", "theirs writes x and y");
    repo.git("checkout", "-q", "main");
    repo.commitFile("c.txt", "a\nx\n", "ours writes x");
    expect(repo.tryGit(["merge", "-q", "--no-edit", "theirs"]).status).not.toBe(0);
    repo.write("c.txt", "a\nx\ny\n");
    repo.git("commit", "-qam", "take theirs");
    await expectSameAsBlame(repo, "HEAD");
    await expectSameAsBlame(repo, `${fork}..HEAD`);
    await expectSameAsBlame(repo, "HEAD~1..HEAD");
  });

  it("equals git blame on random histories, whole and over a range", async () => {
    await fc.assert(
      fc.asyncProperty(fc.noShrink(fc.integer({ min: 1, max: 2 ** 31 })), async (seed) => {
        const repo = await createRepo();
        useHermeticProcessEnv(repo);
        const commits = randomHistory(repo, seed, 40);
        await expectSameAsBlame(repo, "HEAD");
        const base = commits[Math.floor(commits.length / 2)] as string;
        await expectSameAsBlame(repo, `${base}..HEAD`);
      }),
      { numRuns: 8 },
    );
  }, 300_000);
});

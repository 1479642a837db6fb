import { describe, expect, it } from "vitest";
import { type BlamedLine, type BlameOptions, blameFile } from "../../src/git/blame.js";
import { createRepo, type TestRepo, useHermeticProcessEnv } from "../support/test-repo.js";

/**
 * git's own `--line-porcelain`, parsed here independently: every line with all its details, as
 * the parser must rebuild them from `--porcelain` (details once per commit, filename again when
 * the commit's lines come from more than one path).
 */
function linePorcelain(repo: TestRepo, file: string, options: string[]) {
  const out = repo.git("blame", "--line-porcelain", ...options, "--", file);
  const lines: Record<string, string | number | boolean>[] = [];
  let current: Record<string, string | number | boolean> = {};
  for (const line of out.split("\n")) {
    if (line.startsWith("\t")) {
      lines.push({ ...current, content: line.slice(1) });
      continue;
    }
    const header = /^([0-9a-f]{40}) (\d+) (\d+)/.exec(line);
    if (header) {
      current = {
        commit: header[1] as string,
        originalLine: Number(header[2]),
        finalLine: Number(header[3]),
        boundary: false,
      };
      continue;
    }
    const space = line.indexOf(" ");
    const [key, value] = space === -1 ? [line, ""] : [line.slice(0, space), line.slice(space + 1)];
    if (key === "author") current.author = value;
    if (key === "author-mail") current.authorMail = value.replace(/^<|>$/g, "");
    if (key === "author-time") current.authorTime = Number(value);
    if (key === "author-tz") current.authorTz = value;
    if (key === "committer-time") current.committerTime = Number(value);
    if (key === "summary") current.summary = value;
    if (key === "boundary") current.boundary = true;
    if (key === "filename")
      current.filename = JSON.parse(value.startsWith('"') ? value : `"${value}"`);
  }
  return lines;
}

async function parsed(repo: TestRepo, file: string, options: BlameOptions) {
  const lines: BlamedLine[] = [];
  await blameFile(repo.dir, file, options, (line) => lines.push(line));
  return lines.map(({ content, ...rest }) => ({ ...rest, content: content.toString("utf8") }));
}

describe("git blame --porcelain, read per commit", () => {
  it("gives every line what --line-porcelain prints for it: moves, copies, boundaries, renames", async () => {
    const repo = await createRepo();
    useHermeticProcessEnv(repo);
    const block = (tag: string, n: number) =>
      Array.from({ length: n }, (_, i) => `${tag} line ${i} with enough text to be moved`).join(
        "\n",
      );
    // One commit writes both files: lines copied from each are one commit through two paths.
    repo.write("a.txt", `${block("A", 6)}\n`);
    repo.commitFile("b.txt", `${block("B", 6)}\n`, "A and B");
    repo.commitFile("c.txt", `${block("C", 2)}\n`, "C");
    // Lines copied from a.txt and b.txt into c.txt: with -C, one commit blamed through two paths.
    repo.commitFile(
      "c.txt",
      `${block("C", 2)}\n${block("A", 6)}\n${block("B", 6)}\nnew\n`,
      "Copy A and B into C",
    );
    repo.git("mv", "c.txt", "renamed c.txt");
    repo.commit("Rename");
    const boundary = repo.git("rev-parse", "HEAD~2").trim();
    for (const [options, flags] of [
      [{}, []],
      [{ copies: 1 }, ["-C"]],
      [{ copies: 2, moves: true }, ["-M", "-C", "-C"]],
      [{ copies: 3 }, ["-C", "-C", "-C"]],
      [{ rev: `${boundary}..HEAD` }, [`${boundary}..HEAD`]],
    ] as [BlameOptions, string[]][]) {
      const expected = linePorcelain(repo, "renamed c.txt", flags);
      expect(expected.length).toBe(15);
      expect(await parsed(repo, "renamed c.txt", options)).toEqual(expected);
    }
    // The copies really came from other paths, and the boundary really is one.
    const copied = linePorcelain(repo, "renamed c.txt", ["-C", "-C", "-C"]);
    const pathsOf = (commit: unknown) =>
      new Set(copied.filter((line) => line.commit === commit).map((line) => line.filename));
    expect(pathsOf(copied.find((line) => line.filename === "a.txt")?.commit)).toEqual(
      new Set(["a.txt", "b.txt"]),
    );
    expect(
      linePorcelain(repo, "renamed c.txt", [`${boundary}..HEAD`]).some((line) => line.boundary),
    ).toBe(true);
  });
});

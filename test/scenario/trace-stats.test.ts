import { beforeAll, describe, expect, it } from "vitest";
import { createRepo, expectSuccess, type TestRepo } from "../support/test-repo.js";

const intents = `active_intents:
  - id: "INT-001"
    name: "Auth"
    status: "IN_PROGRESS"
    owned_scope: ["src/auth"]
  - id: "INT-002"
    name: "Docs"
    status: "IN_PROGRESS"
    owned_scope: ["docs"]
`;

const ai = { INTENTGUARD_MODEL: "anthropic/claude-sonnet-4-6", INTENTGUARD_AGENT: "builder" };
const aiRow = {
  type: "AI",
  model: "anthropic/claude-sonnet-4-6",
  agent: "builder",
  name: null,
  email: null,
};
const person = {
  type: "HUMAN",
  model: null,
  agent: null,
  name: "Test Author",
  email: "author@example.com",
};

interface Stats {
  version: number;
  range: string;
  tip: string | null;
  path: string | null;
  commits: { total: number; traced: number; untraced: number; before_adoption: number };
  intents: Record<string, unknown>[];
  governance: { commits: number; lines_added: number; lines_present: number; files: number };
  contributors: Record<string, unknown>[];
  untraced: { commits: number; files: number; lines_present: number };
  blamed: { files: number; lines: number; binary: number };
}

/**
 * A small history, every number of which is worked out by hand below:
 *   Before adoption  legacy.txt (2 lines)                          no hooks: skipped, counted
 *   Adopt            the intents file (9 lines)                    a person, governance
 *   AI writes login  src/auth/login.ts a1-a4                       AI, INT-001, +4
 *   Person …         login.ts line 2 → h2; src/auth/session.ts s1-s2  a person, INT-001, +1 +2
 *   Docs             docs/guide.md d1-d3                           a person, INT-002, +3
 *   AI docs          guide.md + d4-d5                              AI, INT-002, +2
 *   Untraced         session.ts + u3, with INTENTGUARD=0           no record, no trailers
 * At the tip, AI's a2 is gone (overwritten by the person's h2): AI and INT-001 have one line
 * present fewer than they added.
 */
describe("trace stats", () => {
  let repo: TestRepo;
  let tip = "";

  beforeAll(async () => {
    repo = await createRepo();
    repo.commitFile("legacy.txt", "old one\nold two\n", "Before adoption");
    repo.write(".orchestration/active_intents.yaml", intents);
    expectSuccess(repo.intentguard(["install"]), "install");
    repo.git("add", "-A");
    repo.git("commit", "-q", "-m", "Adopt");
    expectSuccess(repo.intentguard(["select", "INT-001"]), "select");
    repo.commitFile("src/auth/login.ts", "a1\na2\na3\na4\n", "AI writes login", { env: ai });
    repo.write("src/auth/session.ts", "s1\ns2\n");
    repo.commitFile(
      "src/auth/login.ts",
      "a1\nh2\na3\na4\n",
      "Person rewrites a line, adds session",
    );
    repo.commitFile("docs/guide.md", "d1\nd2\nd3\n", "Docs", {
      env: { INTENTGUARD_INTENT: "INT-002" },
    });
    repo.commitFile("docs/guide.md", "d1\nd2\nd3\nd4\nd5\n", "AI docs", {
      env: { INTENTGUARD_INTENT: "INT-002", ...ai },
    });
    tip = repo.commitFile("src/auth/session.ts", "s1\ns2\nu3\n", "Untraced", {
      env: { INTENTGUARD: "0" },
    });
    expect(repo.tryGit(["notes", "--ref=intentguard", "show", tip]).status).not.toBe(0);
  });

  function stats(args: string[]): Stats {
    const result = repo.intentguard(["trace", "stats", "--json", ...args]);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stderr).toBe("");
    return JSON.parse(result.stdout) as Stats;
  }

  it("counts the whole history: commits, lines added, lines still present, files", () => {
    expect(stats([])).toEqual({
      version: 1,
      range: "HEAD",
      tip,
      path: null,
      commits: { total: 7, traced: 5, untraced: 1, before_adoption: 1 },
      intents: [
        { id: "INT-001", name: "Auth", commits: 2, lines_added: 7, lines_present: 6, files: 2 },
        { id: "INT-002", name: "Docs", commits: 2, lines_added: 5, lines_present: 5, files: 1 },
      ],
      // Adopt changes only the intents file: the rules, no intent's work.
      governance: { commits: 1, lines_added: 9, lines_present: 9, files: 1 },
      contributors: [
        // Adopt (9 lines), the person's login and session (1 + 2), Docs (3).
        { ...person, commits: 3, lines_added: 15, lines_present: 15, files: 4 },
        { ...aiRow, commits: 2, lines_added: 6, lines_present: 5, files: 2 },
      ],
      untraced: { commits: 1, files: 1, lines_present: 1 },
      // The intents file, login.ts, session.ts, guide.md: 9 + 4 + 3 + 5 lines.
      blamed: { files: 4, lines: 21, binary: 0 },
    });
  });

  it("limits everything to a path: its commits, its files, its lines", () => {
    expect(stats(["--path", "src/auth"])).toEqual({
      version: 1,
      range: "HEAD",
      tip,
      path: "src/auth",
      commits: { total: 3, traced: 2, untraced: 1, before_adoption: 0 },
      intents: [
        { id: "INT-001", name: "Auth", commits: 2, lines_added: 7, lines_present: 6, files: 2 },
      ],
      governance: { commits: 0, lines_added: 0, lines_present: 0, files: 0 },
      contributors: [
        { ...aiRow, commits: 1, lines_added: 4, lines_present: 3, files: 1 },
        { ...person, commits: 1, lines_added: 3, lines_present: 3, files: 2 },
      ],
      untraced: { commits: 1, files: 1, lines_present: 1 },
      blamed: { files: 2, lines: 7, binary: 0 },
    });
    // Relative to the current directory, as git takes paths.
    const inside = repo.intentguard(["trace", "stats", "--json", "--path", "login.ts"], {
      cwd: `${repo.dir}/src/auth`,
    });
    expect(inside.status, inside.stderr).toBe(0);
    const login = JSON.parse(inside.stdout) as Stats;
    expect(login.path).toBe("src/auth/login.ts");
    expect(login.commits).toEqual({ total: 2, traced: 2, untraced: 0, before_adoption: 0 });
    expect(login.blamed).toEqual({ files: 1, lines: 4, binary: 0 });
  });

  it("counts a range at its own tip, only the lines its commits last changed", () => {
    // Person, Docs, AI docs; at HEAD~1 session.ts has s1-s2, and a1, a3, a4 (AI, before the
    // range) are in login.ts but not counted.
    const range = stats(["HEAD~4..HEAD~1"]);
    expect(range).toEqual({
      version: 1,
      range: "HEAD~4..HEAD~1",
      tip: repo.git("rev-parse", "HEAD~1").trim(),
      path: null,
      commits: { total: 3, traced: 3, untraced: 0, before_adoption: 0 },
      intents: [
        { id: "INT-002", name: "Docs", commits: 2, lines_added: 5, lines_present: 5, files: 1 },
        { id: "INT-001", name: "Auth", commits: 1, lines_added: 3, lines_present: 3, files: 2 },
      ],
      governance: { commits: 0, lines_added: 0, lines_present: 0, files: 0 },
      contributors: [
        { ...person, commits: 2, lines_added: 6, lines_present: 6, files: 3 },
        { ...aiRow, commits: 1, lines_added: 2, lines_present: 2, files: 1 },
      ],
      untraced: { commits: 0, files: 0, lines_present: 0 },
      blamed: { files: 3, lines: 11, binary: 0 },
    });
    const both = stats(["HEAD~4..HEAD~1", "--path", "src/auth"]);
    expect(both.commits).toEqual({ total: 1, traced: 1, untraced: 0, before_adoption: 0 });
    expect(both.contributors).toEqual([
      { ...person, commits: 1, lines_added: 3, lines_present: 3, files: 2 },
    ]);
  });

  it("prints the same numbers as text", () => {
    const result = repo.intentguard(["trace", "stats"]);
    expect(result.status, result.stderr).toBe(0);
    const text = result.stdout;
    expect(text).toContain(`trace stats of HEAD (tip ${tip.slice(0, 12)})`);
    expect(text).toContain("commits: 7 — 5 traced, 1 untraced; 1 commit before adoption skipped");
    expect(text).toMatch(/INT-001 \(Auth\) +2 +7 +6 +2\n/);
    expect(text).toMatch(/AI anthropic\/claude-sonnet-4-6 \(builder\) +2 +6 +5 +2\n/);
    expect(text).toMatch(/Test Author <author@example\.com> +3 +15 +15 +4\n/);
    expect(text).toContain("untraced: 1 commit without a trace record, 1 file, 1 line present");
    // AI: login a1-a4 and docs d4-d5 added (6 of 21 in all: 9 + 4 + 1 + 2 + 3 + 2); present at
    // the tip, a1, a3, a4, d4, d5 of the 21 lines the counted commits last changed (the 20
    // attributed and u3).
    expect(text).toContain("AI share: 6 of 21 lines added (28.6%), 5 of 21 lines present (23.8%)");
    expect(text).toContain(
      "a commit or file with several contributors counts in each of their rows",
    );
  });

  const refusals: [string, string[], RegExp][] = [
    ["an unknown revision", ["no-such-rev"], /"no-such-rev" is not a commit range git can resolve/],
    ["an unknown end of a range", ["HEAD~1..no-such-rev"], /no-such-rev/],
    ["a revision starting with -", ["--", "-x"], /"-x" is not a commit range: it starts with "-"/],
    ["a range end starting with -", ["HEAD..--output=x"], /"--output=x" starts with "-"/],
    ["an empty range", [""], /the commit range is empty/],
    ["a range that ends at no commit", ["^HEAD"], /"\^HEAD" ends at no one commit/],
    ["a path git does not track", ["--path", "nope"], /nope is not a path git tracks at HEAD/],
    ["a path outside the repository", ["--path", "../elsewhere"], /outside the repository/],
  ];
  for (const [what, args, said] of refusals) {
    it(`exits 2 on ${what}, with a message and no stack`, () => {
      const result = repo.intentguard(["trace", "stats", ...args]);
      expect(result.status, result.stderr).toBe(2);
      expect(result.stderr).toMatch(said);
      expect(result.stderr).not.toMatch(/\n\s+at /);
      expect(result.stdout).toBe("");
    });
  }

  // Last: it adds a commit.
  it("counts a binary file as touched, with no lines to blame, instead of refusing", () => {
    repo.write("src/auth/logo.bin", Buffer.from([0x89, 0x50, 0, 1, 10, 0, 2, 10]));
    repo.git("add", "-A");
    expectSuccess(repo.commit("Logo", [], { env: ai }), "commit the logo");
    const logo = stats(["--path", "src/auth/logo.bin"]);
    expect(logo.commits).toEqual({ total: 1, traced: 1, untraced: 0, before_adoption: 0 });
    expect(logo.contributors).toEqual([
      { ...aiRow, commits: 1, lines_added: 0, lines_present: 0, files: 1 },
    ]);
    expect(logo.blamed).toEqual({ files: 0, lines: 0, binary: 1 });
    const text = repo.intentguard(["trace", "stats", "--path", "src/auth/logo.bin"]);
    expect(text.stdout).toContain("1 binary file skipped");
  });
});

/**
 * An AI writes f.ts on a branch in two commits (4 lines, then 3); a person squash-merges the
 * branch (a record of the same 7 lines), then the branch itself is merged too: every commit is
 * in HEAD's history. Worked out by hand: the squash re-records whole ranges of the AI's records,
 * so it adds nothing; the lines at the tip are the squash's (the merge keeps the first parent's
 * file, identical to it), so they are present for the person.
 */
describe("trace stats of a squash whose commits are in the range too", () => {
  let repo: TestRepo;

  beforeAll(async () => {
    repo = await createRepo();
    repo.write(".orchestration/active_intents.yaml", intents);
    expectSuccess(repo.intentguard(["install"]), "install");
    repo.git("add", "-A");
    repo.git("commit", "-q", "-m", "Adopt");
    expectSuccess(repo.intentguard(["select", "INT-001"]), "select");
    repo.git("checkout", "-q", "-b", "feature");
    const four =
      "export const one = 1;\nexport const two = 2;\nexport const three = 3;\nexport const four = 4;\n";
    repo.commitFile("src/auth/f.ts", four, "AI writes four", { env: ai });
    const seven = `${four}export const five = 5;\nexport const six = 6;\nexport const seven = 7;\n`;
    repo.commitFile("src/auth/f.ts", seven, "AI writes three more", { env: ai });
    repo.git("checkout", "-q", "-");
    repo.git("merge", "-q", "--squash", "feature");
    expectSuccess(repo.commit("Squash feature"), "squash");
    expectSuccess(repo.tryGit(["merge", "-q", "--no-edit", "feature"]), "merge feature");
  });

  it("counts the squashed lines once, for the commits that wrote them", () => {
    const result = repo.intentguard(["trace", "stats", "--json", "--path", "src"]);
    expect(result.status, result.stderr).toBe(0);
    const stats = JSON.parse(result.stdout) as Stats;
    // The squash is the person's commit, but its record carries the agent's lines as the
    // agent's (issue 18): the lines present at the tip, last changed by the squash, are the AI's.
    expect(stats.contributors).toEqual([
      { ...aiRow, commits: 2, lines_added: 7, lines_present: 7, files: 1 },
      { ...person, commits: 1, lines_added: 0, lines_present: 0, files: 1 },
    ]);
    expect(stats.intents).toEqual([
      { id: "INT-001", name: "Auth", commits: 3, lines_added: 7, lines_present: 7, files: 1 },
    ]);
    const text = repo.intentguard(["trace", "stats", "--path", "src"]).stdout;
    expect(text).toContain("AI share: 7 of 7 lines added (100.0%), 7 of 7 lines present (100.0%)");
  });
});

/**
 * An AI writes four lines on a branch; a person squashes the branch into main with the hooks off
 * (no record, no trailers). The branch's commit is not in main's history; the squash is untraced,
 * and trace blame attributes its four lines by their content, recorded in the AI's record.
 */
describe("trace stats of a squash without a record", () => {
  it("counts its lines present for whoever the content says wrote them", async () => {
    const repo = await createRepo();
    repo.write(".orchestration/active_intents.yaml", intents);
    expectSuccess(repo.intentguard(["install"]), "install");
    repo.git("add", "-A");
    repo.git("commit", "-q", "-m", "Adopt");
    expectSuccess(repo.intentguard(["select", "INT-001"]), "select");
    repo.git("checkout", "-q", "-b", "feature");
    const lines = [1, 2, 3, 4].map((n) => `export const value${n} = ${n};\n`).join("");
    repo.commitFile("src/auth/f.ts", lines, "AI writes four", { env: ai });
    repo.git("checkout", "-q", "-");
    repo.git("merge", "-q", "--squash", "feature");
    expectSuccess(repo.commit("Squash feature", [], { env: { INTENTGUARD: "0" } }), "squash");
    const result = repo.intentguard(["trace", "stats", "--json", "--path", "src"]);
    expect(result.status, result.stderr).toBe(0);
    const stats = JSON.parse(result.stdout) as Stats;
    expect(stats.commits).toEqual({ total: 1, traced: 0, untraced: 1, before_adoption: 0 });
    expect(stats.contributors).toEqual([
      { ...aiRow, commits: 0, lines_added: 0, lines_present: 4, files: 0 },
    ]);
    expect(stats.intents).toEqual([
      { id: "INT-001", name: "Auth", commits: 0, lines_added: 0, lines_present: 4, files: 0 },
    ]);
    expect(stats.untraced).toEqual({ commits: 1, files: 1, lines_present: 0 });
  });
});

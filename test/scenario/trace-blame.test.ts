import { writeFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import {
  cliPath,
  createRepo,
  createScratchDir,
  createSelectedRepo,
  expectSuccess,
  type TestRepo,
} from "../support/test-repo.js";

/**
 * A history with every way a line reaches a file, each line's content naming what trace blame
 * must say of it: `<tag> …`, where the tag is the expected intent, contributor and confidence.
 */
const expected: Record<string, { intent: string | null; type: string | null; confidence: string }> =
  {
    LEGACY: { intent: null, type: null, confidence: "unattributed" },
    AIREC: { intent: "INT-001", type: "AI", confidence: "recorded" },
    HUMREC: { intent: "INT-001", type: "HUMAN", confidence: "recorded" },
    DOCREC: { intent: "INT-002", type: "HUMAN", confidence: "recorded" },
    SQUASHED: { intent: "INT-001", type: "AI", confidence: "derived" },
    TRAILER: { intent: "INT-002", type: "AI", confidence: "derived" },
  };

const intents = `active_intents:
  - id: "INT-001"
    name: "Build the library"
    status: "IN_PROGRESS"
    owned_scope: ["src", "lib", "legacy.ts"]
  - id: "INT-002"
    name: "Write the docs"
    status: "IN_PROGRESS"
    owned_scope: ["docs"]
`;

const ai = { INTENTGUARD_MODEL: "anthropic/claude-sonnet-4-6", INTENTGUARD_AGENT: "builder" };

function lines(tag: string, from: number, count: number): string {
  return Array.from(
    { length: count },
    (_, k) => `${tag} line ${from + k} of a real statement;\n`,
  ).join("");
}

interface JsonLine {
  line: number;
  content: string;
  commit: string;
  intent: { id: string; name: string | null } | null;
  contributor: {
    type: string;
    model: string | null;
    agent: string | null;
    name: string | null;
  } | null;
  confidence: string;
  reason: string;
  source: { kind: string; commit?: string };
}

/** `trace blame --json <args…>`'s lines, failing the test if the command fails. */
function blameLines(repo: TestRepo, ...args: string[]): JsonLine[] {
  const result = repo.intentguard(["trace", "blame", "--json", ...args]);
  expect(result.status, result.stderr).toBe(0);
  return (JSON.parse(result.stdout) as { lines: JsonLine[] }).lines;
}

/** git blame's own answer, parsed here independently: the commit of each final line. */
function gitBlameCommits(repo: TestRepo, file: string, options: string[] = []): string[] {
  const out = repo.git("blame", "--line-porcelain", ...options, "--", file);
  const commits: string[] = [];
  for (const line of out.split("\n")) {
    const header = /^([0-9a-f]{40}) \d+ (\d+)/.exec(line);
    if (header) commits[Number(header[2]) - 1] = header[1] as string;
  }
  return commits;
}

describe("trace blame", () => {
  let repo: TestRepo;
  const files = [
    "legacy.ts",
    "src/core.ts",
    "lib/feature.ts",
    "docs/guide.md",
    "src/picked.ts",
    "src/squashed.ts",
  ];
  let squash = "";
  let trailered = "";

  beforeAll(async () => {
    repo = await createRepo();
    repo.write("legacy.ts", lines("LEGACY", 1, 4));
    repo.git("add", "-A");
    repo.git("commit", "-q", "-m", "Before adoption");
    repo.write(".orchestration/active_intents.yaml", intents);
    expectSuccess(repo.intentguard(["install"]), "install");
    repo.git("add", "-A");
    repo.git("commit", "-q", "-m", "Adopt");
    expectSuccess(repo.intentguard(["select", "INT-001"]), "select");
    // An AI writes src/a.ts, a person adds to it, and it is renamed: lines keep their commits.
    repo.commitFile("src/a.ts", lines("AIREC", 1, 5), "AI writes a", { env: ai });
    repo.commitFile("src/a.ts", lines("AIREC", 1, 5) + lines("HUMREC", 6, 3), "Person adds");
    repo.git("mv", "src/a.ts", "src/core.ts");
    repo.git("commit", "-q", "-m", "Rename a to core");
    // An amended commit: only the amended one is traced.
    repo.write("src/core.ts", `${repo.read("src/core.ts")}${lines("HUMREC", 9, 1)}`);
    repo.git("add", "-A");
    repo.git("commit", "-q", "-m", "Draft");
    repo.write("src/core.ts", `${repo.read("src/core.ts")}${lines("HUMREC", 10, 1)}`);
    repo.git("add", "-A");
    repo.git("commit", "-q", "--amend", "-m", "Two more lines");
    // Docs by a person under INT-002, then a commit whose note is lost (its trailers stay).
    repo.commitFile("docs/guide.md", lines("DOCREC", 1, 3), "Docs", {
      env: { INTENTGUARD_INTENT: "INT-002" },
    });
    trailered = repo.commitFile(
      "docs/guide.md",
      lines("DOCREC", 1, 3) + lines("TRAILER", 4, 2),
      "More docs by an agent",
      { env: { INTENTGUARD_INTENT: "INT-002", ...ai } },
    );
    repo.gitWithoutHooks("notes", "--ref=intentguard", "remove", trailered);
    // A cherry-pick: the picked commit is traced on main, keeping the AI's trailers.
    repo.git("checkout", "-q", "-b", "pick");
    const picked = repo.commitFile("src/picked.ts", lines("AIREC", 1, 3), "Pick me", { env: ai });
    repo.git("checkout", "-q", "main");
    // A later committer date: a pick onto the same parent within a second would be `picked` itself.
    expect(
      repo.tryGit(["cherry-pick", picked], { env: { GIT_COMMITTER_DATE: "2030-01-01T00:00:00Z" } })
        .status,
    ).toBe(0);
    repo.git("branch", "-q", "-D", "pick");
    // A rebase -i --autosquash: the squashed commit is traced once.
    repo.git("checkout", "-q", "-b", "work");
    repo.commitFile("src/squashed.ts", lines("HUMREC", 1, 2), "Add squashed");
    repo.commitFile("src/squashed.ts", lines("HUMREC", 1, 4), "fixup! Add squashed");
    const rebase = repo.tryGit(["rebase", "-q", "-i", "--autosquash", "main"], {
      env: { GIT_SEQUENCE_EDITOR: "true" },
    });
    expect(rebase.status, rebase.stderr).toBe(0);
    repo.git("checkout", "-q", "main");
    repo.git("merge", "-q", "--ff-only", "work");
    // A merge whose conflict is resolved by hand: the resolution is the merge's own line.
    repo.git("checkout", "-q", "-b", "left");
    repo.commitFile("src/core.ts", `${repo.read("src/core.ts")}HUMREC left side;\n`, "Left");
    repo.git("checkout", "-q", "main");
    repo.commitFile("src/core.ts", `${repo.read("src/core.ts")}HUMREC main side;\n`, "Main");
    expect(repo.tryGit(["merge", "left"]).status).not.toBe(0);
    const core = repo
      .read("src/core.ts")
      .replace(/<<<<<<<[\s\S]*>>>>>>> left\n/, "HUMREC resolved by hand;\n");
    repo.write("src/core.ts", core);
    repo.git("add", "src/core.ts");
    repo.git("commit", "-q", "--no-edit");
    // A block moved to another file: blame -C follows it to the commit that wrote it.
    const moved = repo.read("src/core.ts").split("\n").slice(0, 3).join("\n");
    repo.write("src/moved.ts", `${moved}\n`);
    repo.write("src/core.ts", repo.read("src/core.ts").split("\n").slice(3).join("\n"));
    repo.git("add", "-A");
    repo.git("commit", "-q", "-m", "Move a block");
    // A pull request squash-merged by a hosting service: no hooks, no trailers; its branch's
    // commits (traced, notes kept) are then deleted and pruned.
    repo.git("checkout", "-q", "-b", "feature");
    repo.commitFile("lib/feature.ts", lines("SQUASHED", 1, 4), "Feature 1", { env: ai });
    repo.commitFile("lib/feature.ts", lines("SQUASHED", 1, 7), "Feature 2", { env: ai });
    repo.git("checkout", "-q", "main");
    repo.git("merge", "-q", "--squash", "feature");
    const squashed = repo.tryGit(["commit", "-q", "-m", "Add the feature (#1)"], {
      env: { INTENTGUARD: "0" },
    });
    expect(squashed.status, squashed.stderr).toBe(0);
    squash = repo.head();
    repo.git("branch", "-q", "-D", "feature");
    repo.git("reflog", "expire", "--expire=now", "--all");
    repo.git("gc", "-q", "--prune=now");
  });

  it("names, for every line of every file, git blame's commit and the attribution the history set up", () => {
    for (const file of files) {
      const result = repo.intentguard(["trace", "blame", "--json", file]);
      expect(result.status, `${file}: ${result.stderr}`).toBe(0);
      const blame = JSON.parse(result.stdout) as { version: number; lines: JsonLine[] };
      expect(blame.version).toBe(1);
      const commits = gitBlameCommits(repo, file);
      expect(
        blame.lines.map((line) => line.commit),
        file,
      ).toEqual(commits);
      for (const line of blame.lines) {
        const tag = line.content.split(" ")[0] as string;
        const want = expected[tag];
        expect(want, line.content).toBeDefined();
        expect(
          {
            intent: line.intent?.id ?? null,
            type: line.contributor?.type ?? null,
            confidence: line.confidence,
          },
          `${file}:${line.line} ${line.content} — ${line.reason}`,
        ).toEqual(want);
      }
    }
  });

  it("follows a moved block with -C to the commit that wrote it, as git does", () => {
    const result = repo.intentguard(["trace", "blame", "--json", "-C", "src/moved.ts"]);
    expect(result.status, result.stderr).toBe(0);
    const blame = JSON.parse(result.stdout) as {
      lines: (JsonLine & { original: { path: string } })[];
    };
    expect(blame.lines.map((line) => line.commit)).toEqual(
      gitBlameCommits(repo, "src/moved.ts", ["-C"]),
    );
    expect(
      blame.lines.map((line) => [line.original.path, line.confidence, line.contributor?.type]),
    ).toEqual([
      ["src/a.ts", "recorded", "AI"],
      ["src/a.ts", "recorded", "AI"],
      ["src/a.ts", "recorded", "AI"],
    ]);
  });

  it("says where derived lines came from: the squashed commits' records, the lost note's trailers", () => {
    const [first] = blameLines(repo, "lib/feature.ts");
    expect(first?.commit).toBe(squash);
    expect(first?.source.kind).toBe("content");
    expect(first?.reason).toMatch(/recorded in [0-9a-f]{12}/);
    expect(first?.contributor?.model).toBe("anthropic/claude-sonnet-4-6");
    const trailerLine = blameLines(repo, "docs/guide.md").find((line) =>
      line.content.startsWith("TRAILER"),
    );
    expect(trailerLine?.source).toEqual({ kind: "trailers", commit: trailered });
    expect(trailerLine?.intent).toEqual({ id: "INT-002", name: "Write the docs" });
    expect(trailerLine?.contributor?.agent).toBe("builder");
  });

  it("finds a record whose range hash was edited: tampered, naming the range", () => {
    const [line] = blameLines(repo, "docs/guide.md").filter((candidate) =>
      candidate.content.startsWith("DOCREC"),
    );
    const commit = line?.commit as string;
    const note = repo.git("notes", "--ref=intentguard", "show", commit).trim();
    const edited = note.replace(
      /"content_hash":"sha256:[0-9a-f]{4}/,
      '"content_hash":"sha256:0000',
    );
    repo.gitWithoutHooks("notes", "--ref=intentguard", "add", "-f", "-m", edited, commit);
    try {
      const after = blameLines(repo, "docs/guide.md");
      const tampered = after.filter((candidate) => candidate.content.startsWith("DOCREC"));
      expect(tampered.map((candidate) => candidate.confidence)).toEqual([
        "tampered",
        "tampered",
        "tampered",
      ]);
      expect(tampered[0]?.reason).toContain("docs/guide.md:1-3");
    } finally {
      repo.gitWithoutHooks("notes", "--ref=intentguard", "add", "-f", "-m", note, commit);
    }
  });

  it("does not take a hand-edited intent, nor a note holding two records, at its word", () => {
    const [line] = blameLines(repo, "docs/guide.md").filter((candidate) =>
      candidate.content.startsWith("DOCREC"),
    );
    const commit = line?.commit as string;
    const note = repo.git("notes", "--ref=intentguard", "show", commit).trim();
    const blameDoc = () =>
      blameLines(repo, "docs/guide.md").filter((candidate) => candidate.commit === commit);
    try {
      const forged = note.replace('"intent_id":"INT-002"', '"intent_id":"INT-001"');
      expect(forged).not.toBe(note);
      repo.gitWithoutHooks("notes", "--ref=intentguard", "add", "-f", "-m", forged, commit);
      const [edited] = blameDoc();
      expect(edited?.confidence).toBe("tampered");
      expect(edited?.reason).toContain("Intent: trailer INT-002");
      const second = note.replace(
        /"id":"[0-9a-f-]{36}"/,
        '"id":"00000000-0000-4000-8000-000000000000"',
      );
      repo.gitWithoutHooks(
        "notes",
        "--ref=intentguard",
        "add",
        "-f",
        "-m",
        `${note}\n${second}`,
        commit,
      );
      const [doubled] = blameDoc();
      expect(doubled?.confidence).toBe("tampered");
      expect(doubled?.reason).toContain("holds 2 records");
    } finally {
      repo.gitWithoutHooks("notes", "--ref=intentguard", "add", "-f", "-m", note, commit);
    }
  });

  it("summarises a directory: every file under it, each intent's share", () => {
    const result = repo.intentguard(["trace", "blame", "--json", "src"]);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toContain("INT-001");
  });

  const refusals: [string, string[], RegExp][] = [
    ["a missing path", ["trace", "blame", "nope.ts"], /not a file git tracks/],
    ["an unknown revision", ["trace", "blame", "no-such-rev", "src/core.ts"], /no-such-rev/],
    [
      "a revision starting with -",
      ["trace", "blame", "--", "-x", "src/core.ts"],
      /starts with "-"/,
    ],
  ];
  for (const [what, args, said] of refusals) {
    it(`exits 2 on ${what}, with a message and no stack`, () => {
      const result = repo.intentguard(args);
      expect(result.status, result.stderr).toBe(2);
      expect(result.stderr).toMatch(said);
      expect(result.stderr).not.toMatch(/\n\s+at /);
    });
  }

  it("exits 2 when lines reach the edge of a shallow clone, naming them", () => {
    const clone = path.join(createScratchDir(), "shallow");
    repo.git("clone", "-q", "--depth", "1", `file://${repo.dir}`, clone);
    const result = repo.run(process.execPath, [cliPath, "trace", "blame", "src/core.ts"], {
      cwd: clone,
    });
    expect(result.status, result.stdout).toBe(2);
    expect(result.stderr).toMatch(/src\/core\.ts: lines 1, 2, 3/);
    expect(result.stderr).toContain("git fetch --unshallow");
  });

  it("blames and counts a file whose name holds a newline, checking what blame printed, never reading it by name", () => {
    const odd = "src/new\nline.ts";
    repo.commitFile(odd, lines("HUMREC", 1, 2), "An odd name");
    repo.commitFile(odd, lines("HUMREC", 1, 3), "More of it");
    const blame = repo.intentguard(["trace", "blame", "--json", "-w", odd]);
    expect(blame.status, blame.stderr).toBe(0);
    const blamed = JSON.parse(blame.stdout).lines as JsonLine[];
    expect(blamed.map((line) => line.confidence)).toEqual(["derived", "derived", "derived"]);
    expect(blamed[0]?.reason).toContain("could not be read");
    // Without -w, blame prints the lines as committed: the record's hashes are checked on them.
    const exact = repo.intentguard(["trace", "blame", "--json", odd]);
    expect(exact.status, exact.stderr).toBe(0);
    const checked = JSON.parse(exact.stdout).lines as JsonLine[];
    expect(checked.map((line) => line.confidence)).toEqual(["recorded", "recorded", "recorded"]);
    const stats = repo.intentguard(["trace", "stats"]);
    expect(stats.status, stats.stderr).toBe(0);
  });

  it("exits 2 on a binary file and an untracked one", () => {
    repo.write("bin.dat", Buffer.from([0, 1, 2, 10, 0, 5, 10]));
    repo.git("add", "bin.dat");
    expect(
      repo.tryGit(["commit", "-q", "-m", "Binary"], { env: { INTENTGUARD: "0" } }).status,
    ).toBe(0);
    const binary = repo.intentguard(["trace", "blame", "bin.dat"]);
    expect(binary.status).toBe(2);
    expect(binary.stderr).toContain("binary file");
    const summary = repo.intentguard(["trace", "blame", "--summary", "."]);
    expect(summary.status, summary.stderr).toBe(0);
    expect(summary.stderr).toBe(
      "intentguard: left out of the summary, as git cannot blame them line by line (binary files, submodules): bin.dat\n",
    );
    repo.write("untracked.ts", "x\n");
    const untracked = repo.intentguard(["trace", "blame", "untracked.ts"]);
    expect(untracked.status).toBe(2);
    expect(untracked.stderr).toContain("not a file git tracks");
  });

  it("blames a tracked file whose name is not UTF-8, named by its bytes on the command line", () => {
    const named = (byte: number) =>
      Buffer.concat([Buffer.from(path.join(repo.dir, "src/w")), Buffer.from([byte])]);
    writeFileSync(named(0xff), lines("HUMREC", 1, 2));
    repo.git("add", "src");
    expect(repo.commit("A name that is not UTF-8").status).toBe(0);
    // Node passes arguments as UTF-8: sh's printf gives the name's byte 0xff as it is.
    const blame = (byte: string, ...flags: string[]) =>
      repo.run("sh", [
        "-c",
        `exec "$0" "$1" trace blame ${flags.join(" ")} "$(printf 'src/w\\${byte}')"`,
        process.execPath,
        cliPath,
      ]);
    const json = blame("377", "--json");
    expect(json.status, json.stderr).toBe(0);
    const blamed = JSON.parse(json.stdout) as { path: string; lines: JsonLine[] };
    expect(blamed.path).toBe("src/w\uFFFD");
    expect(blamed.lines.map((line) => [line.content, line.intent?.id, line.confidence])).toEqual([
      ["HUMREC line 1 of a real statement;", "INT-001", "recorded"],
      ["HUMREC line 2 of a real statement;", "INT-001", "recorded"],
    ]);
    // A second name that differs only in its byte that is not UTF-8: the argument is ambiguous.
    writeFileSync(named(0xfe), "another\n");
    repo.git("add", "src");
    expect(repo.commit("Another such name").status).toBe(0);
    expect(blame("376")).toMatchObject({
      status: 2,
      stdout: "",
      stderr:
        "intentguard: src/w\uFFFD names 2 tracked files: their names differ only in bytes that are not UTF-8 (each shown as U+FFFD), which a command-line argument cannot tell apart. Blame their directory for all of them: trace blame src\n",
    });
  });
});

describe("a recorded range some lines of which were changed since", () => {
  it("is checked line by line for the lines still blamed to it: a forged line hash is tampered", async () => {
    const repo = await createSelectedRepo();
    const first = repo.commitFile("src/auth/part.ts", "P1\nP2\nP3\nP4\n", "Four lines");
    repo.commitFile("src/auth/part.ts", "P1\nQ2\nP3\nP4\n", "Change the second");
    const confidence = () =>
      blameLines(repo, "src/auth/part.ts").map((line) => `${line.content} ${line.confidence}`);
    expect(confidence()).toEqual(["P1 recorded", "Q2 recorded", "P3 recorded", "P4 recorded"]);
    const note = repo.git("notes", "--ref=intentguard", "show", first).trim();
    const record = JSON.parse(note);
    const range = record.files[0].ranges[0];
    expect([range.start_line, range.end_line]).toEqual([1, 4]);
    const forge = (edit: (hashes: string[]) => void, contentHash = range.content_hash) => {
      const hashes = [...range.line_hashes];
      edit(hashes);
      const forged = structuredClone(record);
      forged.files[0].ranges[0] = { ...range, line_hashes: hashes, content_hash: contentHash };
      repo.gitWithoutHooks(
        "notes",
        "--ref=intentguard",
        "add",
        "-f",
        "-m",
        JSON.stringify(forged),
        first,
      );
    };
    // The third line's own hash no longer matches it: the range's lines are not taken.
    forge((hashes) => {
      hashes[2] = "0".repeat(16);
    });
    expect(confidence()).toEqual(["P1 tampered", "Q2 recorded", "P3 tampered", "P4 tampered"]);
    // The second line's hash (that line is gone): blame answers only about lines still there.
    forge((hashes) => {
      hashes[1] = "0".repeat(16);
    });
    expect(confidence()).toEqual(["P1 recorded", "Q2 recorded", "P3 recorded", "P4 recorded"]);
    // A whole range blamed to its commit is checked by its content_hash, as before.
    repo.gitWithoutHooks("notes", "--ref=intentguard", "add", "-f", "-m", note, first);
    const second = repo.head();
    const secondNote = JSON.parse(repo.git("notes", "--ref=intentguard", "show", second));
    secondNote.files[0].ranges[0].content_hash = `sha256:${"0".repeat(64)}`;
    repo.gitWithoutHooks(
      "notes",
      "--ref=intentguard",
      "add",
      "-f",
      "-m",
      JSON.stringify(secondNote),
      second,
    );
    expect(confidence()).toEqual(["P1 recorded", "Q2 tampered", "P3 recorded", "P4 recorded"]);
  });

  it("checks each range on its own: a forged range placed before a real one is tampered", async () => {
    const repo = await createSelectedRepo();
    const commit = repo.commitFile("src/auth/two.ts", "T1\nT2\n", "Two lines");
    const note = JSON.parse(repo.git("notes", "--ref=intentguard", "show", commit));
    const [real] = note.files[0].ranges;
    const forged = {
      ...real,
      content_hash: `sha256:${"0".repeat(64)}`,
      line_hashes: real.line_hashes.map(() => "0123456789abcdef"),
      contributor: { entity_type: "HUMAN", name: "Mallory", email: "m@example.com" },
      evidence: { kind: "declared", by: "environment" },
    };
    note.files[0].ranges = [forged, real];
    repo.gitWithoutHooks(
      "notes",
      "--ref=intentguard",
      "add",
      "-f",
      "-m",
      JSON.stringify(note),
      commit,
    );
    const lines = blameLines(repo, "src/auth/two.ts");
    expect(lines.map((line) => [line.confidence, line.contributor?.name])).toEqual([
      ["tampered", "Mallory"],
      ["tampered", "Mallory"],
    ]);
  });
});

import { describe, expect, it } from "vitest";
import { createRepo, expectSuccess, type TestRepo } from "../support/test-repo.js";
import { noteRecords } from "../support/traces.js";

/**
 * Issue 18: a line is attributed only from evidence that existed when it was written, and an
 * AI's lines keep their contributor through squashes and copies.
 */

const intents = `active_intents:
  - id: "INT-001"
    name: "Build the library"
    status: "IN_PROGRESS"
    owned_scope: ["src", "lib", "LICENSE.txt"]
`;

const ai = { INTENTGUARD_MODEL: "anthropic/claude-sonnet-4-6", INTENTGUARD_AGENT: "builder" };

/** Non-trivial lines, numbered, each naming `tag`. */
function block(tag: string, count: number, from = 1): string {
  return Array.from({ length: count }, (_, k) => `${tag} statement ${from + k} does work;\n`).join(
    "",
  );
}

interface JsonLine {
  line: number;
  content: string;
  commit: string;
  intent: { id: string } | null;
  contributor: { type: string; model: string | null; name: string | null } | null;
  confidence: string;
  reason: string;
  source: { kind: string; commit?: string; path?: string };
}

function blame(repo: TestRepo, file: string): JsonLine[] {
  const result = repo.intentguard(["trace", "blame", "--json", file]);
  expect(result.status, result.stderr).toBe(0);
  return (JSON.parse(result.stdout) as { lines: JsonLine[] }).lines;
}

/** A line as an auditor reads it: who, under which intent, how sure. */
function who(line: JsonLine) {
  return {
    type: line.contributor?.type ?? null,
    model: line.contributor?.model ?? null,
    intent: line.intent?.id ?? null,
    confidence: line.confidence,
  };
}

const aiRecorded = {
  type: "AI",
  model: "anthropic/claude-sonnet-4-6",
  intent: "INT-001",
  confidence: "recorded",
};

/** A repository with a licence header written before adoption, then adopted with the hooks. */
async function adoptedWithHistory(): Promise<TestRepo> {
  const repo = await createRepo();
  repo.write("src/old.ts", `${block("LICENCE", 8)}${block("OLD", 3)}`);
  repo.git("add", "-A");
  repo.git("commit", "-q", "-m", "Before adoption");
  repo.write(".orchestration/active_intents.yaml", intents);
  expectSuccess(repo.intentguard(["install"]), "install");
  repo.git("add", "-A");
  repo.git("commit", "-q", "-m", "Adopt");
  expectSuccess(repo.intentguard(["select", "INT-001"]), "select");
  return repo;
}

/** Commits with the hooks off: after adoption, no record and no trailers. */
function commitUntraced(repo: TestRepo, file: string, content: string, date?: string): string {
  repo.write(file, content);
  repo.git("add", "-A");
  const env = {
    INTENTGUARD: "0",
    ...(date ? { GIT_COMMITTER_DATE: date, GIT_AUTHOR_DATE: date } : {}),
  };
  expect(repo.tryGit(["commit", "-q", "-m", `Untraced ${file}`], { env }).status).toBe(0);
  return repo.head();
}

describe("blame never borrows from the future", () => {
  it("a licence header present before adoption, later recorded by an AI in another file, is unattributed in the old file", async () => {
    const repo = await adoptedWithHistory();
    repo.commitFile("src/new.ts", `${block("LICENCE", 8)}${block("NEW", 2)}`, "AI adds new", {
      env: ai,
    });
    const old = blame(repo, "src/old.ts");
    expect(old).toHaveLength(11);
    for (const line of old) {
      expect(who(line), line.content).toEqual({
        type: null,
        model: null,
        intent: null,
        confidence: "unattributed",
      });
      expect(line.reason).toContain("before intentguard was adopted");
    }
    expect(blame(repo, "src/new.ts").map(who)).toEqual(new Array(10).fill(aiRecorded));
  });

  it("a block recorded in a later commit does not attribute the earlier copy", async () => {
    const repo = await adoptedWithHistory();
    const earlier = commitUntraced(repo, "src/first.ts", block("SHARED", 5));
    repo.commitFile("src/second.ts", block("SHARED", 5), "AI repeats it", { env: ai });
    const first = blame(repo, "src/first.ts");
    expect(first.map((line) => line.commit)).toEqual(new Array(5).fill(earlier));
    for (const line of first) expect(who(line).confidence, line.reason).toBe("unattributed");
  });

  it("a block recorded on a parallel branch committed later does not attribute the earlier copy; one committed before does", async () => {
    const repo = await adoptedWithHistory();
    const base = repo.head();
    const earlier = commitUntraced(
      repo,
      "src/main.ts",
      block("PARALLEL", 4),
      "2030-01-01T00:00:00Z",
    );
    repo.git("checkout", "-q", "-b", "side", base);
    repo.commitFile("src/side.ts", block("PARALLEL", 4), "AI on the side", {
      env: { ...ai, GIT_COMMITTER_DATE: "2030-01-02T00:00:00Z" },
    });
    repo.git("checkout", "-q", "main");
    const later = blame(repo, "src/main.ts");
    expect(later.map((line) => line.commit)).toEqual(new Array(4).fill(earlier));
    for (const line of later) expect(who(line).confidence, line.reason).toBe("unattributed");

    // The same shape with the side branch's record made before the copy: derived, and said so.
    repo.git("checkout", "-q", "-b", "side2", base);
    const source = repo.commitFile("src/side2.ts", block("BEFORE", 4), "AI first", {
      env: { ...ai, GIT_COMMITTER_DATE: "2020-01-01T00:00:00Z" },
    });
    repo.git("checkout", "-q", "main");
    commitUntraced(repo, "src/copy.ts", block("BEFORE", 4));
    const copy = blame(repo, "src/copy.ts");
    for (const line of copy) {
      expect(who(line)).toEqual({ ...aiRecorded, confidence: "derived" });
      expect(line.source).toEqual({ kind: "content", commit: source, path: "src/side2.ts" });
      expect(line.reason).toContain("on another branch");
    }
  });
});

describe("an AI's lines keep their contributor through squashes and copies", () => {
  /** An agent's branch with two commits of AI lines, forked from main. */
  async function agentBranch(): Promise<{ repo: TestRepo; tip: string }> {
    const repo = await adoptedWithHistory();
    repo.commitFile("src/lib.ts", block("BASE", 2), "Person starts lib");
    repo.git("checkout", "-q", "-b", "agent");
    repo.commitFile("src/lib.ts", `${block("BASE", 2)}${block("AGENT", 4)}`, "Agent 1", {
      env: ai,
    });
    const tip = repo.commitFile(
      "src/lib.ts",
      `${block("BASE", 2)}${block("AGENT", 4)}${block("MORE", 3)}`,
      "Agent 2",
      { env: ai },
    );
    repo.git("checkout", "-q", "main");
    return { repo, tip };
  }

  const person = (line: JsonLine) => ({
    type: line.contributor?.type ?? null,
    name: line.contributor?.name ?? null,
    confidence: line.confidence,
  });

  it("merge --squash of an agent branch plus one human line: the agent's lines stay AI, recorded; the human line is the person's", async () => {
    const { repo } = await agentBranch();
    expect(repo.tryGit(["merge", "-q", "--squash", "agent"]).status).toBe(0);
    repo.write("src/lib.ts", `${repo.read("src/lib.ts")}HUMAN wrote this line himself;\n`);
    repo.git("add", "-A");
    expect(repo.tryGit(["commit", "-q", "-m", "Squash the agent's work"]).status).toBe(0);
    const lines = blame(repo, "src/lib.ts");
    expect(lines.slice(2, 9).map(who)).toEqual(new Array(7).fill(aiRecorded));
    expect(person(lines[9] as JsonLine)).toEqual({
      type: "HUMAN",
      name: "Test Author",
      confidence: "recorded",
    });
    const [record] = noteRecords(repo);
    const ranges = record?.files[0]?.ranges ?? [];
    expect(ranges.map((range) => [range.start_line, range.end_line])).toEqual([
      [3, 9],
      [10, 10],
    ]);
    expect(ranges[0]).toMatchObject({
      contributor: { entity_type: "AI", model_identifier: "anthropic/claude-sonnet-4-6" },
      evidence: { kind: "source", path: "src/lib.ts" },
    });
    expect(ranges[1]).not.toHaveProperty("contributor");
    const verify = repo.intentguard(["trace", "verify"]);
    expect(verify.status, verify.stdout).toBe(0);

    // Amending the squash keeps the per-range contributor, carried from the amended commit.
    expect(repo.tryGit(["commit", "-q", "--amend", "-m", "Squash, reworded"]).status).toBe(0);
    expect(blame(repo, "src/lib.ts").slice(2, 9).map(who)).toEqual(new Array(7).fill(aiRecorded));
    expect(repo.intentguard(["trace", "verify"]).status).toBe(0);
  });

  it("a cherry-pick without its note or trailers (cherry-pick -n, committed by a person with one more line) keeps the agent's lines", async () => {
    const { repo, tip } = await agentBranch();
    expect(repo.tryGit(["cherry-pick", "-n", `${tip}~1`]).status).toBe(0);
    repo.write("src/lib.ts", `${repo.read("src/lib.ts")}HUMAN adds a closing statement here;\n`);
    repo.git("add", "-A");
    expect(repo.tryGit(["commit", "-q", "-m", "Take the agent's lines"]).status).toBe(0);
    expect(repo.lastMessage()).not.toContain("Contributor-");
    const lines = blame(repo, "src/lib.ts");
    expect(lines.slice(2, 6).map(who)).toEqual(new Array(4).fill(aiRecorded));
    expect(person(lines[6] as JsonLine)).toEqual({
      type: "HUMAN",
      name: "Test Author",
      confidence: "recorded",
    });
  });

  it("a block copied from a traced branch (checkout <branch> -- <file>) keeps the agent's lines", async () => {
    const { repo } = await agentBranch();
    repo.git("checkout", "-q", "agent", "--", "src/lib.ts");
    repo.git("add", "-A");
    expect(repo.tryGit(["commit", "-q", "-m", "Copy the agent's file"]).status).toBe(0);
    expect(blame(repo, "src/lib.ts").slice(2, 9).map(who)).toEqual(new Array(7).fill(aiRecorded));
  });

  it("a rebase keeps the per-range contributors of the commits it replays", async () => {
    const { repo } = await agentBranch();
    expect(repo.tryGit(["merge", "-q", "--squash", "agent"]).status).toBe(0);
    repo.git("add", "-A");
    repo.git("checkout", "-q", "-b", "squashed");
    expect(repo.tryGit(["commit", "-q", "-m", "Squash on a branch"]).status).toBe(0);
    repo.git("checkout", "-q", "main");
    repo.commitFile("src/other.ts", block("OTHER", 1), "Person elsewhere");
    repo.git("checkout", "-q", "squashed");
    expect(repo.tryGit(["rebase", "-q", "main"]).status).toBe(0);
    expect(blame(repo, "src/lib.ts").slice(2, 9).map(who)).toEqual(new Array(7).fill(aiRecorded));
  });
});

describe("carrying holds where attackers found it did not", () => {
  it("a squash carrying an agent's lines into two files splits each file by its own lines", async () => {
    const repo = await adoptedWithHistory();
    repo.git("checkout", "-q", "-b", "agent");
    repo.write("src/a.ts", block("ALPHA", 5));
    repo.write("src/b.ts", block("BETA", 3));
    repo.git("add", "-A");
    expect(repo.tryGit(["commit", "-q", "-m", "Agent writes two files"], { env: ai }).status).toBe(
      0,
    );
    repo.git("checkout", "-q", "main");
    expect(repo.tryGit(["merge", "-q", "--squash", "agent"]).status).toBe(0);
    repo.write("src/b.ts", `${repo.read("src/b.ts")}HUMAN finishes the second file;\n`);
    repo.git("add", "-A");
    expect(repo.tryGit(["commit", "-q", "-m", "Squash"]).status).toBe(0);
    expect(blame(repo, "src/a.ts").map(who)).toEqual(new Array(5).fill(aiRecorded));
    const b = blame(repo, "src/b.ts");
    expect(b.slice(0, 3).map(who)).toEqual(new Array(3).fill(aiRecorded));
    expect(who(b[3] as JsonLine)).toMatchObject({ type: "HUMAN", confidence: "recorded" });
    const verify = repo.intentguard(["trace", "verify"]);
    expect(verify.status, verify.stdout).toBe(0);
  });

  it("the AI line index survives the notes tree changing its fan-out (past 256 notes)", async () => {
    const repo = await adoptedWithHistory();
    repo.git("checkout", "-q", "-b", "agent");
    repo.commitFile("src/lib.ts", block("AGENT", 4), "Agent", { env: ai });
    repo.git("checkout", "-q", "main");
    // 300 more notes on 300 throwaway commits, in one fast-import: git then lays the notes tree
    // out with fan-out (ab/cdef…), and the next diff of the notes moves every note.
    const stream: string[] = [];
    for (let k = 1; k <= 300; k++) {
      stream.push("commit refs/junk/bulk", `mark :${k}`, "committer T <t@e> 1700000000 +0000");
      stream.push(`data ${`bulk ${k}`.length}`, `bulk ${k}`, "deleteall", "");
    }
    const tip = repo.git("rev-parse", "refs/notes/intentguard").trim();
    stream.push("commit refs/notes/intentguard", "committer T <t@e> 1700000000 +0000");
    stream.push("data 5", "notes", `from ${tip}`);
    for (let k = 1; k <= 300; k++) stream.push(`N inline :${k}`, "data 5", "junk", "");
    const imported = repo.run("git", ["fast-import", "--quiet"], {
      input: `${stream.join("\n")}\n`,
      env: { INTENTGUARD: "0" },
    });
    expect(imported.status, imported.stderr).toBe(0);
    expect(repo.git("ls-tree", "--name-only", "refs/notes/intentguard").split("\n")[0]).toMatch(
      /^[0-9a-f]{2}$/,
    );
    expect(repo.tryGit(["merge", "-q", "--squash", "agent"]).status).toBe(0);
    expect(repo.tryGit(["commit", "-q", "-m", "Squash after many notes"]).status).toBe(0);
    expect(blame(repo, "src/lib.ts").map(who)).toEqual(new Array(4).fill(aiRecorded));
  });

  it("an AI amending a person's commit: the person's lines stay the person's, the AI's added lines are the AI's", async () => {
    const repo = await adoptedWithHistory();
    repo.commitFile("src/lib.ts", block("PERSON", 3), "Person writes");
    repo.write("src/lib.ts", `${block("PERSON", 3)}${block("AGENT", 3)}`);
    repo.git("add", "-A");
    expect(repo.tryGit(["commit", "-q", "--amend", "--no-edit"], { env: ai }).status).toBe(0);
    const lines = blame(repo, "src/lib.ts");
    expect(lines.slice(0, 3).map((line) => [line.contributor?.type, line.confidence])).toEqual(
      new Array(3).fill(["HUMAN", "recorded"]),
    );
    expect(lines.slice(3).map(who)).toEqual(new Array(3).fill(aiRecorded));
  });
});

describe("verify holds per-range contributors to their evidence", () => {
  async function squashed(): Promise<TestRepo> {
    const repo = await adoptedWithHistory();
    repo.git("checkout", "-q", "-b", "agent");
    repo.commitFile("src/lib.ts", block("AGENT", 4), "Agent", { env: ai });
    repo.git("checkout", "-q", "main");
    expect(repo.tryGit(["merge", "-q", "--squash", "agent"]).status).toBe(0);
    repo.write("src/lib.ts", `${repo.read("src/lib.ts")}HUMAN line of the person;\n`);
    repo.git("add", "-A");
    expect(repo.tryGit(["commit", "-q", "-m", "Squash"]).status).toBe(0);
    return repo;
  }

  function replaceNote(repo: TestRepo, record: unknown): void {
    repo.gitWithoutHooks(
      "notes",
      "--ref=refs/notes/intentguard",
      "add",
      "-f",
      "-m",
      JSON.stringify(record),
    );
  }

  it("a forged per-range contributor is reported against its source", async () => {
    const repo = await squashed();
    const [record] = noteRecords(repo);
    const forged = structuredClone(record) as unknown as {
      files: { ranges: { contributor?: { model_identifier?: string } }[] }[];
    };
    const range = forged.files[0]?.ranges[0];
    if (!range?.contributor) throw new Error("no per-range contributor to forge");
    range.contributor.model_identifier = "someone/else";
    replaceNote(repo, forged);
    const verify = repo.intentguard(["trace", "verify"]);
    expect(verify.status).toBe(1);
    expect(verify.stdout).toContain(
      "tampered: range src/lib.ts:1-4 names AI someone/else / builder from",
    );
    expect(verify.stdout).toContain("its record does not hold those lines as that contributor");
  });

  it("a split where the contributor does not change is reported", async () => {
    const repo = await squashed();
    const [record] = noteRecords(repo);
    const edited = structuredClone(record) as unknown as {
      files: { ranges: Record<string, unknown>[] }[];
    };
    const file = edited.files[0];
    const human = file?.ranges[1];
    if (!file || !human) throw new Error("expected two ranges");
    // The person's range 5-5 split off from the AI range's last line: same contributor (AI)
    // on both sides of the split, and 5-5 moved into a range of its own with the AI's name.
    const ai4 = { ...(file.ranges[0] as Record<string, unknown>) };
    file.ranges = [
      { ...ai4, end_line: 3, line_hashes: (ai4.line_hashes as string[]).slice(0, 3) },
      { ...ai4, start_line: 4, end_line: 4, line_hashes: (ai4.line_hashes as string[]).slice(3) },
      human,
    ];
    replaceNote(repo, edited);
    const verify = repo.intentguard(["trace", "verify"]);
    expect(verify.status).toBe(1);
    expect(verify.stdout).toContain(
      "src/lib.ts: range 4-4 is split from the range before it, but both have the same contributor",
    );
  });

  it("a record of a newer version is named as such, not as invalid", async () => {
    const repo = await squashed();
    const [record] = noteRecords(repo);
    replaceNote(repo, { ...record, version: 4 });
    const show = repo.intentguard(["trace", "show"]);
    expect(show.stdout).toContain(
      "note line 1 is a record of version 4, written by a newer intentguard (this one reads versions 1 to 3): upgrade intentguard to read it",
    );
    expect(show.stdout).not.toContain("not a valid trace record");
  });
});

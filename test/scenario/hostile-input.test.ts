import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import {
  commitsBrought,
  commitsToJudge,
  commitsTouchingRules,
} from "../../src/git/landing-history.js";
import { listAncestors, listCommits, resolveCommit } from "../../src/git/revisions.js";
import {
  createGovernedRepo,
  createRepo,
  createScratchDir,
  createSelectedRepo,
  type Run,
  type TestRepo,
  useHermeticProcessEnv,
} from "../support/test-repo.js";
import { noteRecords } from "../support/traces.js";

/**
 * Input intentguard does not control — arguments, and notes fetched from other clones — must
 * never make it exit 3, write a file it was not asked to, or report what it has not checked.
 */

const notesRef = "refs/notes/intentguard";

/** No stack trace and no "internal error": an expected failure, worded for the user. */
function expectNoCrash(result: Run): void {
  expect(result.stderr).not.toContain("internal error");
  expect(result.stderr).not.toMatch(/\n\s+at .+:\d+:\d+/);
  expect(result.status).not.toBe(3);
}

/** A file an injected `--output=FILE` would truncate or overwrite. */
function victimFile(repo: TestRepo): string {
  const file = path.join(repo.base, "victim.txt");
  writeFileSync(file, "precious\n");
  return file;
}

function expectUnchanged(file: string): void {
  expect(readFileSync(file, "utf8")).toBe("precious\n");
}

/** Replaces a commit's note with `lines`, one per line, exactly as given. */
function writeNote(repo: TestRepo, rev: string, lines: readonly string[]): void {
  const result = repo.tryGit(["notes", `--ref=${notesRef}`, "add", "-f", "-F", "-", rev], {
    input: `${lines.join("\n")}\n`,
    env: { INTENTGUARD: "0" },
  });
  expect(result.status, result.stderr).toBe(0);
}

describe("arguments git would read as options: exit 2, and git never sees them", () => {
  let repo: TestRepo;
  beforeAll(async () => {
    repo = await createSelectedRepo();
    repo.commitFile("src/auth/a.ts", "a\n", "First");
    repo.commitFile("src/auth/b.ts", "b\n", "Second");
  });

  it("trace verify --range=--output=FILE (and an end of a range) leaves FILE as it was", () => {
    const victim = victimFile(repo);
    for (const range of [`--output=${victim}`, `HEAD~1..--output=${victim}`]) {
      const result = repo.intentguard(["trace", "verify", `--range=${range}`]);
      expectNoCrash(result);
      expect(result.status).toBe(2);
      expect(result.stderr).toContain('starts with "-", as no revision does');
      expect(result.stderr).toContain("--range origin/main..HEAD");
      expectUnchanged(victim);
    }
  });

  it("trace export --range=--output=FILE leaves FILE as it was", () => {
    const victim = victimFile(repo);
    const result = repo.intentguard(["trace", "export", `--range=--output=${victim}`]);
    expectNoCrash(result);
    expect(result.status).toBe(2);
    expect(result.stdout).toBe("");
    expect(result.stderr).toContain(
      `"--output=${victim}" is not a commit range: it starts with "-"`,
    );
    expectUnchanged(victim);
  });

  it("trace show -- --output=FILE leaves FILE as it was", () => {
    const victim = victimFile(repo);
    const result = repo.intentguard(["trace", "show", "--", `--output=${victim}`]);
    expectNoCrash(result);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain(
      `intentguard trace show: the revision "--output=${victim}" starts with "-"`,
    );
    expectUnchanged(victim);
    const empty = repo.intentguard(["trace", "show", "--", ""]);
    expect(empty.status).toBe(2);
    expect(empty.stderr).toContain('the revision "" is empty');
  });

  it("trace log --since reaches git as one --since=<value>; a value git cannot read is exit 2", () => {
    const victim = victimFile(repo);
    for (const since of [`--output=${victim}`, `x --output=${victim}`]) {
      // One argument: git reads a date out of it (the digits of the path) or none, never an option.
      const result = repo.intentguard(["trace", "log", `--since=${since}`]);
      expectNoCrash(result);
      expectUnchanged(victim);
    }
    for (const since of ["yesterdy", "", "--all"]) {
      const result = repo.intentguard(["trace", "log", `--since=${since}`]);
      expectNoCrash(result);
      expect(result.status).toBe(2);
      expect(result.stderr).toContain(
        `intentguard trace log: --since ${JSON.stringify(since)} is not a date git can read`,
      );
    }
    const dated = repo.intentguard(["trace", "log", "--since=2 weeks ago", "--json"]);
    expect(dated.status).toBe(0);
    const intents: { intent_id: string | null; commits: unknown[] }[] = JSON.parse(
      dated.stdout,
    ).intents;
    expect(intents.find((intent) => intent.intent_id === "INT-001")?.commits).toHaveLength(2);
  });

  it("trace fetch -- --upload-pack=<command> is refused; git never runs the command", () => {
    const victim = victimFile(repo);
    // Before the fix git read the remote as an option and the refspec as the repository: with a
    // repository at that path, git ran the "upload-pack" command.
    const asRepository = path.join(
      repo.dir,
      "+refs/notes/intentguard:refs/notes/intentguard-incoming",
    );
    repo.git("init", "-q", "--bare", asRepository);
    const result = repo.intentguard([
      "trace",
      "fetch",
      "--",
      `--upload-pack=sh -c 'echo owned > ${victim}' #`,
    ]);
    expectNoCrash(result);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain("intentguard trace fetch: the remote");
    expect(result.stderr).toContain('starts with "-", which git would read as an option');
    expect(result.stderr).toContain("e.g. intentguard trace fetch origin");
    expectUnchanged(victim);
    const empty = repo.intentguard(["trace", "fetch", ""]);
    expect(empty.status).toBe(2);
    expect(empty.stderr).toContain('the remote "" is empty');
    rmSync(path.join(repo.dir, "+refs"), { recursive: true });
  });

  it("trace push -- --receive-pack=<command> is refused; git never runs the command", () => {
    const victim = victimFile(repo);
    const asRepository = path.join(repo.dir, "refs/notes/intentguard:refs/notes/intentguard");
    repo.git("init", "-q", "--bare", asRepository);
    repo.git("config", "push.default", "matching");
    const result = repo.intentguard([
      "trace",
      "push",
      "--",
      `--receive-pack=sh -c 'echo owned > ${victim}' #`,
    ]);
    expectNoCrash(result);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain("intentguard trace push: the remote");
    expect(result.stderr).toContain('starts with "-"');
    expectUnchanged(victim);
    // A remote named in the config is checked the same way.
    repo.git("config", "branch.main.remote", "--receive-pack=true");
    const configured = repo.intentguard(["trace", "push"]);
    expect(configured.status).toBe(2);
    expect(configured.stderr).toContain('the remote "--receive-pack=true" starts with "-"');
    repo.git("config", "--unset", "branch.main.remote");
    repo.git("config", "--unset", "push.default");
    rmSync(path.join(repo.dir, "refs"), { recursive: true });
  });

  it("src/git refuses an option-like revision even from a caller that forgot to check", async () => {
    useHermeticProcessEnv(repo);
    const victim = victimFile(repo);
    await expect(listCommits(repo.dir, `--output=${victim}`)).rejects.toThrow("refusing to pass");
    await expect(listAncestors(repo.dir, ["HEAD", `--output=${victim}`])).rejects.toThrow(
      "refusing to pass",
    );
    await expect(resolveCommit(repo.dir, `--output=${victim}`)).rejects.toThrow("refusing to pass");
    expectUnchanged(victim);
    // After --end-of-options a revision that only contains "--" is still a revision.
    const head = repo.head();
    expect(await listCommits(repo.dir, "HEAD~1..HEAD")).toEqual([head]);
    await expect(commitsBrought(repo.dir, `--output=${victim}`, [])).rejects.toThrow(
      "refusing to pass",
    );
    await expect(commitsBrought(repo.dir, "HEAD", [`--output=${victim}`])).rejects.toThrow(
      "refusing to pass",
    );
    await expect(commitsTouchingRules(repo.dir, `--output=${victim}`, [])).rejects.toThrow(
      "refusing to pass",
    );
    expectUnchanged(victim);
    expect((await commitsBrought(repo.dir, head, [`${head}~1`])).order).toEqual([head]);
    expect((await commitsBrought(repo.dir, head, [])).order).toHaveLength(3);
    expect(await commitsToJudge(repo.dir, head, [], ["--branches"])).toEqual([]);
    repo.git("checkout", "-q", "--detach");
    const detached = repo.commitFile("src/auth/c.ts", "c\n", "Detached");
    expect(await commitsToJudge(repo.dir, detached, [], ["--branches"])).toEqual([detached]);
    repo.git("checkout", "-q", "main");
  });
});

describe("ordinary situations are answers, not internal errors", () => {
  it("a repository with no commits yet: nothing to verify, log, export or map; nothing to show", async () => {
    const repo = await createRepo();
    const verify = repo.intentguard(["trace", "verify"]);
    expectNoCrash(verify);
    expect(verify.status).toBe(0);

    for (const args of [
      ["trace", "log"],
      ["trace", "log", "--since=yesterday"],
    ]) {
      const log = repo.intentguard(args);
      expectNoCrash(log);
      expect(log.status).toBe(0);
      expect(log.stdout).toBe("No traced commits.\n");
      expect(log.stderr).toBe("intentguard: this branch has no commits yet: nothing to log.\n");
    }
    const json = repo.intentguard(["trace", "log", "--json"]);
    expect(json.status).toBe(0);
    expect(JSON.parse(json.stdout)).toEqual({
      version: 1,
      since: null,
      intents: [],
      governance: null,
      merges: [],
    });

    const exported = repo.intentguard(["trace", "export"]);
    expectNoCrash(exported);
    expect(exported.status).toBe(0);
    expect(exported.stdout).toBe("");
    expect(exported.stderr).toContain("no commits yet: nothing to export");

    const map = repo.intentguard(["trace", "map"]);
    expectNoCrash(map);
    expect(map.status).toBe(0);
    expect(map.stderr).toContain("nothing to map (.orchestration/intent_map.md is not written)");
    expect(existsSync(path.join(repo.dir, ".orchestration/intent_map.md"))).toBe(false);

    const show = repo.intentguard(["trace", "show"]);
    expectNoCrash(show);
    expect(show.status).toBe(2);
    expect(show.stderr).toContain("this branch has no commits yet, so HEAD has no trace to show");

    const range = repo.intentguard(["trace", "verify", "--range=HEAD~1..HEAD"]);
    expectNoCrash(range);
    expect(range.status).toBe(2);
    expect(range.stderr).toContain('"HEAD~1..HEAD" is not a commit range git can resolve');
    expect(range.stderr).toContain("This branch has no commits yet.");
  });

  it("an empty --range, and @{-1} with no previous branch: exit 2 naming the range", async () => {
    const repo = await createGovernedRepo();
    for (const command of ["verify", "export"]) {
      const empty = repo.intentguard(["trace", command, "--range="]);
      expectNoCrash(empty);
      expect(empty.status).toBe(2);
      expect(empty.stderr).toContain("the commit range is empty");
      // verify asks two questions of the range at once; whichever fails first, the answer is
      // the same (it was exit 3 about one time in six).
      for (let attempt = 0; attempt < 3; attempt++) {
        const previous = repo.intentguard(["trace", command, "--range=@{-1}"]);
        expectNoCrash(previous);
        expect(previous.status).toBe(2);
        expect(previous.stderr).toContain(
          `"@{-1}" is not a commit range git can resolve (fatal: bad revision '@{-1}')`,
        );
      }
    }
  });

  it("outside a repository: exit 2 saying so, from every reader", async () => {
    const repo = await createRepo();
    const outside = createScratchDir();
    for (const args of [
      ["trace", "log"],
      ["trace", "export"],
      ["trace", "show"],
      ["trace", "map"],
    ]) {
      const result = repo.intentguard(args, { cwd: outside });
      expectNoCrash(result);
      expect(result.status).toBe(2);
      expect(result.stderr).toContain("is not inside a git repository");
    }
  });
});

describe("revisions that name no single commit: exit 2 naming the value", () => {
  let repo: TestRepo;
  beforeAll(async () => {
    repo = await createSelectedRepo();
    repo.commitFile("src/auth/a.ts", "a\n", "First");
  });

  it("a negative revision (^HEAD), which git resolves to an excluded commit", () => {
    const examples =
      "e.g. --range origin/main..HEAD, --base origin/main (the commits HEAD brings since it forked from it) or --commit HEAD";
    const expected: [string[], string][] = [
      [
        ["trace", "show", "^HEAD"],
        'intentguard trace show: "^HEAD" is not a commit. Usage: intentguard trace show [<rev>] [--json]\n',
      ],
      ...["--commit", "--base"].map((flag): [string[], string] => [
        ["check", flag, "^HEAD"],
        `intentguard: ${flag} "^HEAD" names no commit: a leading "^" excludes a revision's history (git's negative revision), it does not name one. Leave the "^" out; ${examples}.\n`,
      ]),
      [
        ["check", "--range", "^HEAD~1..HEAD"],
        `intentguard: --range "^HEAD~1..HEAD": "^HEAD~1" names no commit: a leading "^" excludes a revision's history (git's negative revision), it does not name one. Leave the "^" out; ${examples}.\n`,
      ],
      [
        ["trace", "verify", "--range", "^HEAD"],
        `intentguard: "^HEAD" ends at no one commit: it starts with "^", which excludes a revision's history (git's negative revision) rather than naming a commit. Use a revision or <a>..<b>, e.g. --range origin/main..HEAD.\n`,
      ],
    ];
    for (const [args, stderr] of expected) {
      expect(repo.intentguard(args)).toMatchObject({ status: 2, stdout: "", stderr });
    }
  });

  it("a 100 KB path, file name or date: exit 2 naming it, never ENAMETOOLONG as a bug", () => {
    const long = "a".repeat(100_000);
    const tooLong =
      "the name is too long for the file system (most allow 255 bytes for each file or directory name, and 4096 for the whole path). Use a shorter path, then run the command again.";
    const expected: [string[], string][] = [
      [
        ["check", "--paths", long],
        `intentguard: cannot read ${path.join(repo.dir, long)}: ${tooLong}\n`,
      ],
      [
        ["check", "--range", "HEAD", "--output", `reports/${long}`],
        `intentguard: cannot write the report (--output) reports/${long}: ${tooLong}\n`,
      ],
      [
        ["trace", "log", "--since", long],
        `intentguard trace log: --since "${long}" is not a date git can read. Use a date or an age, e.g. --since 2024-01-31 or --since "2 weeks ago".\n`,
      ],
      [
        ["trace", "blame", long],
        `intentguard: ${long} is not a file git tracks (untracked, ignored, or missing): there is no history to blame. git ls-files lists the tracked files.\n`,
      ],
    ];
    for (const [args, stderr] of expected) {
      const result = repo.intentguard(args);
      expect(result).toMatchObject({ status: 2, stderr });
    }
  });
});

describe("notes from other clones are untrusted: each line is checked, none crashes a reader", () => {
  let repo: TestRepo;
  let first: string;
  let head: string;
  let valid: string;
  const hostile = [
    "null",
    "{}",
    '{"files":[null]}',
    '"a string"',
    "42",
    '{"id":1,"vcs":"git","files":"all"}',
    "not json \u001b[31mred",
  ];

  beforeAll(async () => {
    repo = await createSelectedRepo();
    first = repo.commitFile("src/auth/a.ts", "a\n", "First");
    head = repo.commitFile("src/auth/b.ts", "b\nb\n", "Second");
    valid = JSON.stringify(noteRecords(repo, head)[0]);
    const firstRecord = JSON.stringify(noteRecords(repo, first)[0]);
    writeNote(repo, head, [valid, ...hostile]);
    // A valid record, but of another commit: not this commit's trace.
    writeNote(repo, first, [firstRecord, valid]);
  });

  /** The stderr lines naming each bad line with its commit and number. */
  function expectSkipped(stderr: string): void {
    expect(stderr).toContain(
      `skipped line 2 of the trace note of ${first}: a record of commit ${head}, not of the commit it is attached to`,
    );
    expect(stderr).toContain(
      `skipped line 2 of the trace note of ${head}: not a valid trace record (record: Invalid input: expected object, received null)`,
    );
    for (const line of [3, 4, 5, 6, 7]) {
      expect(stderr).toContain(`skipped line ${line} of the trace note of ${head}: not a valid`);
    }
    expect(stderr).toContain(`skipped line 8 of the trace note of ${head}: not JSON`);
    expect(stderr).toContain("\\u001b[31m");
    expect(stderr).not.toContain("\u001b");
    expect(stderr).toContain("intentguard: 8 note lines skipped");
    expect(stderr).toContain(`git notes --ref=${notesRef} edit <commit>`);
  }

  it("trace log counts the valid records and names every other line on stderr", () => {
    const log = repo.intentguard(["trace", "log", "--json"]);
    expectNoCrash(log);
    expect(log.status).toBe(0);
    const intent = JSON.parse(log.stdout).intents.find(
      (entry: { intent_id: string }) => entry.intent_id === "INT-001",
    );
    expect(intent.commits.map((commit: { commit: string }) => commit.commit)).toEqual([
      head,
      first,
    ]);
    expect(intent.lines).toBe(3);
    expectSkipped(log.stderr);
    const text = repo.intentguard(["trace", "log"]);
    expect(text.status).toBe(0);
    expect(text.stdout).toContain("INT-001: 2 commits");
  });

  it("trace export writes the valid records, as stored, and names every other line on stderr", () => {
    const exported = repo.intentguard(["trace", "export", "--range=HEAD~2..HEAD"]);
    expectNoCrash(exported);
    expect(exported.status).toBe(0);
    const lines = exported.stdout.trim().split("\n");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toBe(valid);
    expectSkipped(exported.stderr);
    const agentTrace = repo.intentguard(["trace", "export", "--format", "agent-trace"]);
    expect(agentTrace.status).toBe(0);
    expect(agentTrace.stdout.trim().split("\n")).toHaveLength(3);
  });

  it("trace map maps the valid records and names every other line on stderr", () => {
    const map = repo.intentguard(["trace", "map"]);
    expectNoCrash(map);
    expect(map.status).toBe(0);
    expect(map.stdout).toBe(
      "intentguard: wrote .orchestration/intent_map.md from 3 traced commits\n",
    );
    expectSkipped(map.stderr);
    expect(repo.read(".orchestration/intent_map.md")).toContain("src/auth/b.ts");
  });

  it("trace show shows the valid record and, in its output, what is wrong with each other line", () => {
    const show = repo.intentguard(["trace", "show", head]);
    expectNoCrash(show);
    expect(show.status).toBe(0);
    expect(show.stdout).toContain(`commit ${head.slice(0, 12)}  intent INT-001`);
    expect(show.stdout).toContain(
      "note line 2 is not a valid trace record (record: Invalid input: expected object, received null): null",
    );
    expect(show.stdout).toContain("note line 4 is not a valid trace record");
    expect(show.stdout).toContain('{"files":[null]}');
    expect(show.stdout).toContain("note line 8 is not JSON");
    expect(show.stdout).not.toContain("\u001b");
    const json = repo.intentguard(["trace", "show", head, "--json"]);
    expect(json.status).toBe(0);
    const lines = JSON.parse(json.stdout);
    expect(lines).toHaveLength(8);
    expect(lines[0]).toEqual(JSON.parse(valid));
    expect(lines[1]).toEqual({
      invalid: "null",
      line: 2,
      problem: "not a valid trace record (record: Invalid input: expected object, received null)",
    });
    expect(lines[7].invalid).toBe("not json \u001b[31mred");
    const copied = repo.intentguard(["trace", "show", first]);
    expect(copied.status).toBe(0);
    expect(copied.stdout).toContain(
      `note line 2 is a record of commit ${head}, not of the commit it is attached to`,
    );
  });

  it("a note only of bad lines is shown as such, and the readers go on", () => {
    writeNote(repo, "HEAD~2", ["null"]);
    const show = repo.intentguard(["trace", "show", "HEAD~2"]);
    expectNoCrash(show);
    expect(show.status).toBe(0);
    expect(show.stdout).toContain("note line 1 is not a valid trace record");
    const log = repo.intentguard(["trace", "log"]);
    expect(log.status).toBe(0);
    expect(log.stderr).toContain("intentguard: 9 note lines skipped");
  });
  it("trace show prints a record's strings with their control characters escaped", () => {
    const [record] = noteRecords(repo, first);
    if (!record?.files[0]) throw new Error(`no record of ${first}`);
    record.intent_id = "INT-001\u001b[2J";
    (record as { contributor: { name?: string } }).contributor.name = "x\u001b]0;title\u0007";
    writeNote(repo, first, [JSON.stringify(record)]);
    const show = repo.intentguard(["trace", "show", first]);
    expectNoCrash(show);
    expect(show.status).toBe(0);
    expect(show.stdout).not.toContain("\u001b");
    expect(show.stdout).toContain("intent INT-001\\u001b[2J");
    expect(show.stdout).toContain("x\\u001b]0;title\\u0007");
    const log = repo.intentguard(["trace", "log"]);
    expect(log.status).toBe(0);
    expect(log.stdout).not.toContain("\u001b");
    expect(log.stdout).toContain("INT-001\\u001b[2J:");
    expect(log.stdout).toContain("x\\u001b]0;title\\u0007");
    expect(repo.intentguard(["trace", "map"]).status).toBe(0);
    const map = repo.read(".orchestration/intent_map.md");
    expect(map).not.toContain("\u001b");
    expect(map).toContain("## INT-001\\u001b[2J");
  });
});

describe("a bad note fetched from a teammate's clone", () => {
  it("trace fetch merges it; log, export, map and show go on and name it", async () => {
    const repo = await createSelectedRepo();
    const remote = path.join(repo.base, "remote.git");
    repo.run("git", ["init", "-q", "--bare", remote]);
    repo.git("remote", "add", "origin", remote);
    const head = repo.commitFile("src/auth/shared.ts", "shared\n", "Shared change");
    expect(repo.tryGit(["push", "-q", "origin", "main"]).status).toBe(0);
    expect(repo.intentguard(["trace", "push"]).status).toBe(0);

    const clone = path.join(repo.base, "teammate");
    repo.run("git", ["clone", "-q", remote, clone]);
    expect(repo.intentguard(["trace", "fetch"], { cwd: clone }).status).toBe(0);
    const append = repo.tryGit(["notes", `--ref=${notesRef}`, "append", "-m", "null", head], {
      cwd: clone,
      env: { INTENTGUARD: "0" },
    });
    expect(append.status, append.stderr).toBe(0);
    expect(repo.intentguard(["trace", "push"], { cwd: clone }).status).toBe(0);

    const fetched = repo.intentguard(["trace", "fetch"]);
    expect(fetched.status, fetched.stderr).toBe(0);
    const note = repo.git("notes", `--ref=${notesRef}`, "show", head);
    expect(note.split("\n")).toContain("null");
    for (const command of ["log", "export", "map"]) {
      const result = repo.intentguard(["trace", command]);
      expectNoCrash(result);
      expect(result.status, result.stderr).toBe(0);
      expect(result.stderr).toMatch(
        new RegExp(`skipped line \\d of the trace note of ${head}: not a valid trace record`),
      );
    }
    const show = repo.intentguard(["trace", "show", head]);
    expect(show.status).toBe(0);
    expect(show.stdout).toContain(`commit ${head.slice(0, 12)}  intent INT-001`);
    expect(show.stdout).toMatch(/note line \d is not a valid trace record/);
  });
});

describe("a bad note on a commit that is rewritten", () => {
  it("amend: the new commit is traced; the hook carries over only valid records", async () => {
    const repo = await createSelectedRepo();
    const old = repo.commitFile("src/auth/a.ts", "a\n", "First");
    const valid = JSON.stringify(noteRecords(repo, old)[0]);
    writeNote(repo, old, [valid, "null", '{"files":[null]}']);
    repo.write("src/auth/a.ts", "a\nb\n");
    repo.git("add", "-A");
    const amend = repo.commit("First, amended", ["--amend"]);
    expect(amend.status, amend.stderr).toBe(0);
    expect(amend.stderr).not.toContain("could not record the trace");
    const [record] = noteRecords(repo);
    expect(record?.vcs.revision_id).toBe(repo.head());
    expect(record?.intent_id).toBe("INT-001");
  });
});

import { lstatSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { sarifValidator } from "../support/schema-validators.js";
import {
  createPreReceiveServer,
  createRepo,
  createScratchDir,
  createSelectedRepo,
  refusedByHook,
  standardIntents,
  type TestRepo,
} from "../support/test-repo.js";

const intentsPath = ".orchestration/active_intents.yaml";

interface JsonFinding {
  rule: string;
  severity: string;
  commit: string;
  intent: string | null;
  path: string | null;
  line: number | null;
  fingerprint: string;
  message: string;
}

interface JsonCheck {
  version: number;
  commits: { commit: string; outcome: string }[];
  skipped: { before_adoption: number };
  findings: JsonFinding[];
}

/** A commit made with the hooks off (INTENTGUARD=0): what a clone without hooks can push. */
function commitUnchecked(repo: TestRepo, files: Record<string, string>, ...message: string[]) {
  for (const [file, content] of Object.entries(files)) repo.write(file, content);
  repo.git("add", "-A");
  const args = message.flatMap((paragraph) => ["-m", paragraph]);
  const result = repo.tryGit(["commit", "-q", ...args], { env: { INTENTGUARD: "0" } });
  expect(result.status, result.stderr).toBe(0);
  return repo.head();
}

function checkJson(repo: TestRepo, ...args: string[]): { status: number; check: JsonCheck } {
  const result = repo.intentguard(["check", ...args, "--format", "json"]);
  expect([0, 1], result.stderr).toContain(result.status);
  return { status: result.status, check: JSON.parse(result.stdout) as JsonCheck };
}

/** The findings as [commit, rule, path] triples, the way the expectations below are written. */
function triples(check: JsonCheck): [string, string, string | null][] {
  return check.findings.map((finding) => [finding.commit, finding.rule, finding.path]);
}

describe("check --range judges every commit of a range as the hooks would have", () => {
  let repo: TestRepo;
  const c: Record<string, string> = {};

  beforeAll(async () => {
    repo = await createSelectedRepo();
    c.adoption = repo.head();
    c.good = repo.commitFile("src/auth/login.ts", "export const login = 2;\n", "Good change");
    c.outOfScope = commitUnchecked(
      repo,
      { "src/billing/invoice.ts": "export const invoice = 2;\n" },
      "Sneak into billing",
      "Intent: INT-001",
    );
    c.noTrailer = commitUnchecked(
      repo,
      { "src/auth/session.ts": "export const session = 1;\n" },
      "No trailer",
    );
    c.widens = commitUnchecked(
      repo,
      {
        [intentsPath]: standardIntents.replace(
          'owned_scope: ["src/auth", "test/auth/**"]',
          'owned_scope: ["src/auth", "test/auth/**", "src/billing"]',
        ),
        "src/billing/invoice.ts": "export const invoice = 3;\n",
      },
      "Widen my own scope and use it",
      "Intent: INT-001",
    );
    repo.write(
      intentsPath,
      `${repo.read(intentsPath)}  - id: "INT-007"\n    name: "Lib"\n    status: "IN_PROGRESS"\n    owned_scope: ["lib"]\n`,
    );
    repo.git("add", intentsPath);
    repo.git("commit", "-q", "-m", "Add the Lib intent");
    c.governance = repo.head();
    c.usesNew = repo.commitFile("lib/util.ts", "export const util = 1;\n", "Use the new intent", {
      env: { INTENTGUARD_INTENT: "INT-007" },
    });
    // A merge whose conflict is resolved by hand, then committed through the hooks.
    repo.git("checkout", "-q", "-b", "side");
    c.side = repo.commitFile("src/auth/login.ts", "export const login = 'side';\n", "Side");
    repo.git("checkout", "-q", "main");
    c.main = repo.commitFile("src/auth/login.ts", "export const login = 'main';\n", "Main");
    expect(repo.tryGit(["merge", "side"]).status).not.toBe(0);
    repo.write("src/auth/login.ts", "export const login = 'both';\n");
    repo.git("add", "src/auth/login.ts");
    repo.git("commit", "-q", "--no-edit");
    c.merge = repo.head();
  });

  it("reports exactly the expected findings, commit by commit", () => {
    const { status, check } = checkJson(repo, "--range", `${c.adoption}..HEAD`);
    expect(status).toBe(1);
    expect(check.version).toBe(1);
    expect(triples(check)).toEqual([
      [c.outOfScope, "scope", "src/billing/invoice.ts"],
      [c.noTrailer, "intent_required", null],
      // Judged by its parent's rules: a change to the rules may not carry code, so the widened
      // scope never judges the commit that widens it.
      [c.widens, "governance_isolation", "src/billing/invoice.ts"],
    ]);
    const outcomes = Object.fromEntries(check.commits.map((x) => [x.commit, x.outcome]));
    expect(outcomes).toEqual({
      [c.good as string]: "allowed",
      [c.outOfScope as string]: "blocked",
      [c.noTrailer as string]: "blocked",
      [c.widens as string]: "blocked",
      [c.governance as string]: "allowed",
      [c.usesNew as string]: "allowed",
      [c.side as string]: "allowed",
      [c.main as string]: "allowed",
      [c.merge as string]: "allowed",
    });
    // The annotation points at the first line the commit adds to the file.
    expect(check.findings[0]?.line).toBe(1);
    expect(check.findings[0]?.intent).toBe("INT-001");
  });

  it("judges a whole history from its root, the adoption included, and a single commit", () => {
    const whole = checkJson(repo, "--range", "HEAD");
    expect(whole.check.commits[0]).toMatchObject({ commit: c.adoption, outcome: "allowed" });
    expect(whole.check.findings.length).toBe(3);
    const one = checkJson(repo, "--commit", c.good as string);
    expect(one.status).toBe(0);
    expect(one.check.commits.map((x) => x.commit)).toEqual([c.good]);
    const bad = checkJson(repo, "--commit", c.outOfScope as string);
    expect(bad.status).toBe(1);
    expect(triples(bad.check)).toEqual([[c.outOfScope, "scope", "src/billing/invoice.ts"]]);
  });

  it("--verify-traces finds the commits without a record and a record edited by hand", () => {
    const [record] = repo.git("notes", "--ref=intentguard", "show", c.good as string).split("\n");
    const edited = (record as string).replace(
      /"content_hash":"sha256:[0-9a-f]{4}/,
      '"content_hash":"sha256:0000',
    );
    expect(edited).not.toBe(record);
    repo.gitWithoutHooks("notes", "--ref=intentguard", "add", "-f", "-m", edited, c.good as string);
    const { status, check } = checkJson(repo, "--range", `${c.adoption}..HEAD`, "--verify-traces");
    expect(status).toBe(1);
    const traceFindings = triples(check).filter(([, rule]) => rule.startsWith("trace_"));
    expect(traceFindings).toEqual([
      [c.good, "trace_tampered", null],
      [c.outOfScope, "trace_missing", null],
      [c.noTrailer, "trace_missing", null],
      [c.widens, "trace_missing", null],
    ]);
    const missing = check.findings.find(
      (finding) => finding.commit === c.widens && finding.rule === "trace_missing",
    );
    expect(missing?.message).toBe(
      "the commit has no trace record (made with hooks off, or its notes were not fetched: intentguard trace fetch)",
    );
    const tampered = check.findings.find((finding) => finding.rule === "trace_tampered");
    expect(tampered?.message).toMatch(/^the commit's trace record disagrees with the commit: /);
  });

  it("writes every format from one run, with the same findings and fingerprints", () => {
    const scratch = createScratchDir();
    const range = `${c.adoption}..${c.merge}`;
    const json = checkJson(repo, "--range", range).check;
    const fingerprints = json.findings.map((finding) => finding.fingerprint);
    expect(new Set(fingerprints).size).toBe(3);

    const sarifFile = path.join(scratch, "out.sarif");
    const sarifRun = repo.intentguard([
      "check",
      "--range",
      range,
      "--format",
      "sarif",
      "--output",
      sarifFile,
    ]);
    expect(sarifRun.status).toBe(1);
    expect(sarifRun.stdout).toContain("✗ intentguard");
    const sarif = JSON.parse(readFileSync(sarifFile, "utf8"));
    const validate = sarifValidator();
    expect(validate(sarif), JSON.stringify(validate.errors)).toBe(true);
    const results = sarif.runs[0].results as {
      ruleId: string;
      partialFingerprints: Record<string, string>;
    }[];
    expect(results.map((result) => result.ruleId)).toEqual(json.findings.map((f) => f.rule));
    expect(results.map((result) => Object.values(result.partialFingerprints)[0])).toEqual(
      fingerprints,
    );

    const gitlabFile = path.join(scratch, "gl.json");
    repo.intentguard(["check", "--range", range, "--format", "gitlab", "--output", gitlabFile]);
    const gitlab = JSON.parse(readFileSync(gitlabFile, "utf8")) as { check_name: string }[];
    expect(gitlab.map((issue) => issue.check_name)).toEqual(json.findings.map((f) => f.rule));

    const junit = repo.intentguard(["check", "--range", range, "--format", "junit"]).stdout;
    expect(junit.match(/<testcase /g)?.length).toBe(json.commits.length);
    expect(junit.match(/<failure /g)?.length).toBe(3);

    const summary = path.join(scratch, "summary.md");
    writeFileSync(summary, "");
    const github = repo.intentguard(["check", "--range", range, "--format", "github"], {
      env: { GITHUB_STEP_SUMMARY: summary },
    });
    const annotations = github.stdout.split("\n").filter((line) => line.startsWith("::error"));
    expect(annotations).toContain(
      "::error file=src/billing/invoice.ts,line=1,title=intentguard%3A scope::" +
        annotations[0]?.split("::")[2],
    );
    expect(annotations.length).toBe(3);
    expect(readFileSync(summary, "utf8")).toContain("src/billing/invoice.ts");
  });
});

describe("check --range on bad input", () => {
  let repo: TestRepo;
  beforeAll(async () => {
    repo = await createSelectedRepo();
    repo.commitFile("src/auth/a.ts", "a\n", "One");
  });

  const refusals: [string, string[], RegExp][] = [
    ["an unknown revision", ["--range", "HEAD..nonexistent"], /nonexistent/],
    ["a revision starting with -", ["--range=--output=x"], /starts with "-"/],
    ["a commit starting with -", ["--commit=-x"], /starts with "-"/],
    ["an empty range", ["--range", "HEAD..HEAD"], /no commits/],
    [
      "a range whose start is not an ancestor of its end",
      ["--range", "HEAD..HEAD~1"],
      /not an ancestor/,
    ],
    ["--intent with a range", ["--range", "HEAD", "--intent", "INT-001"], /--intent/],
    ["two modes at once", ["--range", "HEAD", "--staged"], /exactly one of/],
    ["an unknown format", ["--range", "HEAD", "--format", "xml"], /xml/],
    ["--ci outside CI", ["--ci"], /CI/],
  ];
  for (const [what, args, said] of refusals) {
    it(`exits 2 on ${what}, with a message and no stack`, () => {
      const result = repo.intentguard(["check", ...args], {
        env: { GITHUB_ACTIONS: undefined, GITLAB_CI: undefined },
      });
      expect(result.status, result.stderr).toBe(2);
      expect(result.stderr).toMatch(said);
      expect(result.stderr).not.toMatch(/\n\s+at /);
      expect(result.stdout).toBe("");
    });
  }

  it("fails a commit whose parent's rules cannot be read with the parse error, and still judges the others", async () => {
    const broken = await createSelectedRepo();
    const start = broken.head();
    const breaking = commitUnchecked(
      broken,
      { [intentsPath]: "active_intents: [\n" },
      "Break the rules",
    );
    const after = commitUnchecked(broken, { "src/auth/b.ts": "b\n" }, "After", "Intent: INT-001");
    const { status, check } = checkJson(broken, "--range", `${start}..HEAD`);
    expect(status).toBe(1);
    expect(triples(check)).toEqual([
      [breaking, "governance_invalid", null],
      [after, "governance_unreadable", intentsPath],
    ]);
    expect(check.commits.map((x) => x.outcome)).toEqual(["blocked", "error"]);
    const text = broken.intentguard(["check", "--range", `${start}..HEAD`]);
    expect(text.stdout).toContain(`${breaking.slice(0, 12)}:${intentsPath}:2:1: YAML syntax`);
  });

  it("names two different Intent: trailers as a conflict", async () => {
    const conflicted = await createSelectedRepo();
    const start = conflicted.head();
    const commit = commitUnchecked(
      conflicted,
      { "src/auth/c.ts": "c\n" },
      "Two intents",
      "Intent: INT-001\nIntent: INT-002",
    );
    const { check } = checkJson(conflicted, "--range", `${start}..HEAD`);
    expect(triples(check)).toEqual([[commit, "intent_conflict", null]]);
  });
});

describe("pre-receive on a server", () => {
  it("rejects a push that brings a violating commit, and accepts good ones", async () => {
    const repo = await createSelectedRepo();
    const server = createPreReceiveServer(repo);
    repo.git("remote", "add", "server", server);
    repo.commitFile("src/auth/login.ts", "good\n", "Good");
    const accepted = repo.tryGit(["push", "-q", "server", "main"]);
    expect(accepted.status, accepted.stderr).toBe(0);
    const good = repo.head();

    commitUnchecked(repo, { "src/billing/invoice.ts": "bad\n" }, "Bad", "Intent: INT-001");
    const rejected = repo.tryGit(["push", "server", "main"]);
    expect(rejected.status).not.toBe(0);
    expect(rejected.stderr).toContain("remote: ✗ intentguard");
    expect(rejected.stderr).toContain("src/billing/invoice.ts");
    expect(rejected.stderr).toContain("pre-receive hook declined");
    expect(repo.git("--git-dir", server, "rev-parse", "main").trim()).toBe(good);
  });
});

describe("histories that try to bring code no rule judged", () => {
  it("judges a merge of a branch forked before adoption on everything it brings, locally and in a range", async () => {
    const repo = await createRepo();
    repo.write("README.md", "before\n");
    repo.git("add", "-A");
    repo.git("commit", "-q", "-m", "Before adoption");
    const before = repo.head();
    repo.write(intentsPath, standardIntents);
    expect(repo.intentguard(["install"]).status).toBe(0);
    repo.git("add", "-A");
    repo.git("commit", "-q", "-m", "Adopt");
    const adoption = repo.head();
    expect(repo.intentguard(["select", "INT-001"]).status).toBe(0);
    repo.commitFile("src/auth/a.ts", "a\n", "Auth work");
    repo.git("checkout", "-q", "-b", "oldrel", before);
    repo.commitFile("evil.sh", "evil\n", "Sneak"); // an ungoverned history: allowed there
    repo.git("checkout", "-q", "main");
    const head = repo.head();
    const local = repo.tryGit(["merge", "--no-edit", "oldrel"]);
    expect(local.status, local.stderr).toBe(refusedByHook);
    expect(local.stderr).toContain("evil.sh");
    expect(repo.head()).toBe(head);
    // The refused merge stays in progress (MERGE_HEAD): concluded with the hooks off.
    const concluded = repo.tryGit(["commit", "-q", "-m", "Merge", "-m", "Intent: INT-001"], {
      env: { INTENTGUARD: "0" },
    });
    expect(concluded.status, concluded.stderr).toBe(0);
    const { status, check } = checkJson(repo, "--range", `${adoption}..HEAD`);
    expect(status).toBe(1);
    expect(triples(check)).toEqual([[repo.head(), "scope", "evil.sh"]]);
    expect(check.skipped.before_adoption).toBe(1); // the side commit: never governed, not judged
  });

  it("judges a merge that undoes the other side's change to a file (not only what differs from both)", async () => {
    const repo = await createSelectedRepo();
    repo.git("checkout", "-q", "-b", "feature");
    repo.commitFile("src/auth/f.ts", "f\n", "Feature");
    repo.git("checkout", "-q", "main");
    repo.commitFile("docs/index.md", "# Docs, fixed\n", "Fix the docs", {
      env: { INTENTGUARD_INTENT: "INT-002" },
    });
    const base = repo.head();
    repo.git("merge", "-q", "--no-commit", "feature");
    repo.git("checkout", "feature", "--", "docs/index.md"); // takes back the old docs
    const local = repo.tryGit(["commit", "-q", "--no-edit"]);
    expect(local.status, local.stderr).toBe(refusedByHook);
    expect(local.stderr).toContain("docs/index.md");
    const concluded = repo.tryGit(["commit", "-q", "-m", "Merge", "-m", "Intent: INT-001"], {
      env: { INTENTGUARD: "0" },
    });
    expect(concluded.status, concluded.stderr).toBe(0);
    const { check } = checkJson(repo, "--range", `${base}..HEAD`);
    expect(triples(check)).toEqual([[repo.head(), "scope", "docs/index.md"]]);
  });

  it("does not take a re-added intents file for an adoption: the commits before it were governed", async () => {
    const repo = await createSelectedRepo();
    const base = repo.head();
    repo.git("rm", "-q", intentsPath);
    const dropped = commitUnchecked(repo, { "evil.txt": "evil\n" }, "Drop the rules");
    repo.git("checkout", base, "--", intentsPath);
    const restored = commitUnchecked(repo, {}, "Restore the rules");
    const { status, check } = checkJson(repo, "--range", `${base}..HEAD`);
    expect(status).toBe(1);
    expect(check.commits.map((x) => [x.commit, x.outcome])).toEqual([
      [dropped, "blocked"],
      [restored, "allowed"],
    ]);
    expect(triples(check).filter(([commit]) => commit === dropped)[0]?.[1]).toBe(
      "governance_invalid",
    );
    expect(check.skipped.before_adoption).toBe(0);
  });

  it("refuses a range that ends on an orphan history without rules, merged over main with -s ours", async () => {
    const repo = await createSelectedRepo();
    repo.commitFile("src/auth/a.ts", "a\n", "Auth work");
    const base = repo.head();
    repo.startOrphan("x");
    commitUnchecked(repo, { "evil.sh": "evil\n" }, "Evil");
    const merge = repo.tryGit(
      ["merge", "-q", "-s", "ours", "--allow-unrelated-histories", "--no-edit", "main"],
      { env: { INTENTGUARD: "0" } },
    );
    expect(merge.status, merge.stderr).toBe(0);
    repo.git("checkout", "-q", "-f", "main");
    expect(
      repo.tryGit(["merge", "-q", "--ff-only", "x"], { env: { INTENTGUARD: "0" } }).status,
    ).toBe(0);
    const { status, check } = checkJson(repo, "--range", `${base}..main`);
    expect(status).toBe(1);
    const merged = repo.head();
    expect(check.findings.filter((f) => f.commit === merged).map((f) => f.rule)).toContain(
      "governance_invalid",
    );
  });
});

describe("pre-receive against pushes that route around it", () => {
  it("judges commits parked under a ref that is not a branch when a branch moves onto them", async () => {
    const repo = await createSelectedRepo();
    const server = createPreReceiveServer(repo);
    repo.git("remote", "add", "server", server);
    expect(repo.tryGit(["push", "-q", "server", "main"]).status).toBe(0);
    commitUnchecked(repo, { "src/billing/invoice.ts": "bad\n" }, "Bad", "Intent: INT-001");
    expect(repo.tryGit(["push", "-q", "server", "HEAD:refs/custom/x"]).status).toBe(0);
    const moved = repo.tryGit(["push", "server", "HEAD:main"]);
    expect(moved.status).not.toBe(0);
    expect(moved.stderr).toContain("src/billing/invoice.ts");
  });

  it("refuses a force push onto a history without rules, a new branch with its own adoption, and ignores INTENTGUARD=0", async () => {
    const repo = await createSelectedRepo();
    const server = createPreReceiveServer(repo);
    repo.git("remote", "add", "server", server);
    expect(repo.tryGit(["push", "-q", "server", "main"]).status).toBe(0);
    repo.startOrphan("bare");
    commitUnchecked(repo, { "evil.sh": "evil\n" }, "No rules here");
    const forced = repo.tryGit(["push", "-f", "server", "bare:main"]);
    expect(forced.status).not.toBe(0);
    expect(forced.stderr).toContain("governance_invalid");

    repo.startOrphan("own");
    commitUnchecked(
      repo,
      {
        [intentsPath]:
          'active_intents:\n  - id: "INT-001"\n    name: "All"\n    status: "IN_PROGRESS"\n    owned_scope: ["**"]\n',
        "evil.sh": "evil\n",
      },
      "Adopt my own rules",
    );
    // A new branch lands on the default branch, where rules are in force: its root is no
    // adoption but a rules change mixed with code, and a rules change that cannot carry.
    const adopted = repo.tryGit(["push", "server", "own"]);
    expect(adopted.status).not.toBe(0);
    expect(adopted.stderr).toContain("governance_isolation");
    expect(adopted.stderr).toContain("governance_conflict");

    repo.git("checkout", "-q", "-f", "main");
    commitUnchecked(repo, { "src/billing/invoice.ts": "bad\n" }, "Bad", "Intent: INT-001");
    const disabled = repo.tryGit(["push", "server", "main"], { env: { INTENTGUARD: "0" } });
    expect(disabled.status).not.toBe(0);
    expect(disabled.stderr).toContain("src/billing/invoice.ts");
  });
});

describe("check --range output and edges", () => {
  it("writes --output through a symlink and to /dev/stdout, never replacing them", async () => {
    const repo = await createSelectedRepo();
    repo.commitFile("src/auth/a.ts", "a\n", "One");
    const scratch = createScratchDir();
    const target = path.join(scratch, "target.json");
    const link = path.join(scratch, "link.json");
    writeFileSync(target, "");
    symlinkSync(target, link);
    const viaLink = repo.intentguard([
      "check",
      "--range",
      "HEAD",
      "--format",
      "json",
      "--output",
      link,
    ]);
    expect(viaLink.status, viaLink.stderr).toBe(0);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(JSON.parse(readFileSync(target, "utf8")).version).toBe(1);
    const toStdout = repo.intentguard([
      "check",
      "--range",
      "HEAD",
      "--format",
      "json",
      "--output",
      "/dev/stdout",
    ]);
    expect(toStdout.status, toStdout.stderr).toBe(0);
    expect(toStdout.stdout).toContain('"version": 1');
  });

  it("exits 2 on a range that names no commits, and answers a deleted branch with an empty report", async () => {
    const repo = await createSelectedRepo();
    const negative = repo.intentguard(["check", "--range", "^HEAD"]);
    expect(negative.status, negative.stdout).toBe(2);
    expect(negative.stderr).toContain(
      `--range "^HEAD" names no commit: a leading "^" excludes a revision's history`,
    );
    const payload = path.join(createScratchDir(), "event.json");
    writeFileSync(
      payload,
      JSON.stringify({
        ref: "refs/heads/gone",
        before: repo.head(),
        after: "0".repeat(40),
        deleted: true,
        repository: { default_branch: "main" },
      }),
    );
    const env = {
      GITHUB_ACTIONS: "true",
      GITHUB_EVENT_NAME: "push",
      GITHUB_EVENT_PATH: payload,
    };
    const json = repo.intentguard(["check", "--ci", "--format", "json"], { env });
    expect(json.status, json.stderr).toBe(0);
    expect(JSON.parse(json.stdout)).toMatchObject({ version: 1, commits: [], findings: [] });
  });
});

import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  createGovernedRepo,
  createRepo,
  createSelectedRepo,
  type Run,
  refusedByHook,
  standardIntents,
  type TestRepo,
} from "../support/test-repo.js";

const intentsPath = ".orchestration/active_intents.yaml";

/** Every failure is one explained message: never a stack trace. */
function expectExplained(result: Run, status: number, ...fragments: string[]): void {
  expect(result.status).toBe(status);
  expect(result.stderr).not.toMatch(/\n\s+at .+\(.+:\d+:\d+\)/);
  for (const fragment of fragments) expect(result.stderr).toContain(fragment);
}

/** Commits intents without hooks (as a user with INTENTGUARD=0 could), then checks a change. */
async function checkWithCommittedIntents(
  intents: string,
): Promise<{ repo: TestRepo; result: Run }> {
  const repo = await createGovernedRepo({ hooks: false });
  repo.write(intentsPath, intents);
  repo.git("add", "-A");
  repo.git("commit", "-q", "-m", "Rules");
  repo.write("src/auth/login.ts", "changed\n");
  repo.git("add", "-A");
  return { repo, result: repo.intentguard(["check", "--staged", "--intent", "INT-001"]) };
}

describe("malformed configuration fails closed with file, line, field and fix (exit 2)", () => {
  it("reports a YAML syntax error with its line and column", async () => {
    const { result } = await checkWithCommittedIntents(
      "active_intents:\n  - id: INT-001\n    name: [unclosed\n",
    );
    expectExplained(
      result,
      2,
      "invalid configuration",
      `HEAD:${intentsPath}:4:1: YAML syntax`,
      "commit it on its own",
    );
  });

  it("hints at quoting a glob that YAML reads as an alias", async () => {
    const { result } = await checkWithCommittedIntents(
      "active_intents:\n  - id: INT-001\n    name: A\n    status: IN_PROGRESS\n    owned_scope:\n      - *.ts\n",
    );
    expectExplained(result, 2, `HEAD:${intentsPath}:6:9:`, 'quote glob patterns, e.g. "*.ts"');
  });

  it("names an unknown key and the key it was probably meant to be", async () => {
    const { result } = await checkWithCommittedIntents(
      standardIntents.replace(
        'forbidden_scope: ["src/auth/secrets"]',
        'forbiden_scope: ["src/auth/secrets"]',
      ),
    );
    expectExplained(
      result,
      2,
      `HEAD:${intentsPath}:6:5: active_intents[0]: unknown key "forbiden_scope"; did you mean "forbidden_scope"?`,
    );
  });

  it("refuses duplicate intent IDs, naming both", async () => {
    const { result } = await checkWithCommittedIntents(
      standardIntents.replace('id: "INT-002"', 'id: "INT-001"'),
    );
    expectExplained(
      result,
      2,
      `active_intents[1].id: duplicate intent ID "INT-001" (also active_intents[0]); IDs must be unique`,
    );
  });

  it.each([
    ["a .. segment", "../secrets", 'has a ".." segment'],
    [
      "an absolute path",
      "/etc/passwd",
      "is an absolute path; write it relative to the repository root",
    ],
    ["a backslash", "src\\\\auth", "contains a backslash; use / as the path separator"],
    ["a negation", "!src/billing", "put the paths to exclude in forbidden_scope instead"],
    ["nothing", "./", "is empty"],
  ])("refuses a scope pattern with %s", async (_what, pattern, message) => {
    const { result } = await checkWithCommittedIntents(
      standardIntents.replace(
        'owned_scope: ["src/auth", "test/auth/**"]',
        `owned_scope: ["src/auth", "${pattern}"]`,
      ),
    );
    expectExplained(
      result,
      2,
      `HEAD:${intentsPath}:5:31: active_intents[0].owned_scope[1]:`,
      message,
    );
  });

  it("reports a missing field and a wrong status", async () => {
    const { result } = await checkWithCommittedIntents(
      'active_intents:\n  - id: "INT-001"\n    status: "DONE"\n    owned_scope: []\n',
    );
    expectExplained(
      result,
      2,
      "active_intents[0].name: missing; expected a short human-readable name",
      'active_intents[0].status: got "DONE"; expected one of PENDING, IN_PROGRESS',
    );
  });

  it("reports a malformed policy", async () => {
    const repo = await createGovernedRepo({ hooks: false });
    repo.write("policies/intentguard.yaml", "version: 1\nrules:\n  scope: strict\n");
    repo.git("add", "-A");
    repo.git("commit", "-q", "-m", "Policy");
    const result = repo.intentguard(["check", "--paths", "src/auth/x.ts", "--intent", "INT-001"]);
    expectExplained(
      result,
      2,
      'HEAD:policies/intentguard.yaml:3:10: rules.scope: got "strict"; expected one of error, warn, off',
    );
  });
});

describe("intents that cannot authorise", () => {
  it("blocks when the selection names an intent that no longer exists (exit 1)", async () => {
    const repo = await createGovernedRepo();
    expect(repo.intentguard(["select", "INT-002"]).status).toBe(0);
    repo.write(intentsPath, standardIntents.replace('id: "INT-002"', 'id: "INT-012"'));
    repo.git("add", "-A");
    expect(repo.commit("Renumber INT-002").status).toBe(0);
    repo.write("docs/guide.md", "x\n");
    repo.git("add", "-A");
    const result = repo.intentguard(["check", "--staged"]);
    expect(result.status).toBe(1);
    expect(result.stdout).toContain("intent INT-002 (from intentguard select) does not exist");
    expect(result.stdout).toContain("one of: INT-001 (Auth), INT-012 (Docs)");
  });

  it("refuses to select an unknown intent (exit 2), leaving the selection as it was", async () => {
    const repo = await createGovernedRepo();
    expect(repo.intentguard(["select", "INT-001"]).status).toBe(0);
    const selection = path.join(repo.dir, ".git/intentguard/selection.json");
    const before = readFileSync(selection, "utf8");
    const result = repo.intentguard(["select", "INT-0001"]);
    expectExplained(
      result,
      2,
      "There is no intent INT-0001",
      "did you mean INT-001?",
      "Selectable: INT-001 (Auth), INT-002 (Docs).",
    );
    expect(readFileSync(selection, "utf8")).toBe(before);
  });

  it.each(["INT-003", "INT-004", "INT-005", "INT-006"])(
    "refuses to select %s, which is not IN_PROGRESS (exit 1)",
    async (id) => {
      const repo = await createGovernedRepo();
      const result = repo.intentguard(["select", id]);
      expectExplained(
        result,
        1,
        `${id} is`,
        "only an IN_PROGRESS intent authorises commits, so it was not selected",
      );
      expect(repo.intentguard(["select", "--clear"]).stdout).toContain("no intent was selected");
    },
  );

  it("fails closed on a corrupt selection file and says how to fix it", async () => {
    const repo = await createGovernedRepo();
    repo.write(".git/intentguard/selection.json", "{not json");
    repo.write("src/auth/login.ts", "changed\n");
    repo.git("add", "-A");
    const check = repo.intentguard(["check", "--staged"]);
    expectExplained(
      check,
      2,
      "selection.json is not a valid intent selection",
      "intentguard select --clear",
    );
    const commit = repo.commit("With a corrupt selection");
    expect(commit.status).toBe(refusedByHook);
    expect(repo.commitCount()).toBe(1);
    expect(repo.read(".git/intentguard/selection.json")).toBe("{not json");
  });
});

describe("wrong places and wrong arguments", () => {
  it("says when it is not in a git repository (exit 2)", async () => {
    const repo = await createRepo();
    const outside = path.join(repo.base, "home");
    const env = { GIT_CEILING_DIRECTORIES: repo.base };
    const result = repo.intentguard(["check", "--staged"], { cwd: outside, env });
    expectExplained(result, 2, `${outside} is not inside a git repository`, "git init");
  });

  it("handles a repository with no commits and no intents (exit 2), and one ready to adopt (exit 0)", async () => {
    const repo = await createRepo();
    expectExplained(repo.intentguard(["check", "--staged"]), 2, "Run `intentguard init`");
    expect(repo.intentguard(["init"]).status).toBe(0);
    repo.git("add", "-A");
    const adoption = repo.intentguard(["check", "--staged"]);
    expect(adoption.status).toBe(0);
    expect(adoption.stdout).toContain("adoption commit");
  });

  it("init's tooling intent owns a vendored tarball's folder, or every version of one at the top", async () => {
    const repo = await createRepo();
    const manifest = (dependencies: Record<string, string>) =>
      `${JSON.stringify({ name: "app", devDependencies: dependencies }, null, 2)}\n`;
    repo.write("package.json", manifest({ intentguard: "file:vendor/intentguard-0.1.0.tgz" }));
    repo.write("vendor/intentguard-0.1.0.tgz", "not a real tarball");
    expect(repo.intentguard(["init"]).status).toBe(0);
    const vendored = repo.read(".orchestration/active_intents.yaml");
    expect(vendored).toContain('      - "vendor/**"\n');
    expect(vendored).not.toContain("0.1.0.tgz");

    const top = await createRepo();
    top.write("package.json", manifest({ intentguard: "file:intentguard-0.1.0.tgz" }));
    top.write("intentguard-0.1.0.tgz", "not a real tarball");
    expect(top.intentguard(["init"]).status).toBe(0);
    const atTop = top.read(".orchestration/active_intents.yaml");
    expect(atTop).toContain('      - "intentguard-*.tgz"\n');
    expect(atTop).not.toContain("0.1.0.tgz");
  });

  it.each([
    [["check", "--stagd"], "unknown flag --stagd; did you mean --staged?"],
    [["chek", "--staged"], 'unknown command "chek"; did you mean "check"?'],
    [["check"], "needs exactly one of --staged, --paths <path…>, --range <a>..<b>"],
    [["check", "--staged", "--paths", "x"], "(got --staged and --paths;"],
    [["check", "--staged", "--format", "xml"], '--format "xml" is not a format; use text or json'],
    [
      ["check", "--staged", "--intent"],
      "intentguard check: Option '--intent <value>' argument missing",
    ],
    [["select"], "intentguard select: needs an intent ID"],
    [["select", "A", "B"], 'unexpected argument "B"'],
    [["hook", "pre-comit"], "did you mean pre-commit?"],
    [["status", "--format", "xml"], 'intentguard status: --format "xml" is not one of text, json.'],
    [
      ["intent", "list", "--json", "--format", "text"],
      '--json is --format json, and --format "text"',
    ],
  ])("rejects %j with exit 2", async (args, message) => {
    const repo = await createGovernedRepo({ hooks: false });
    expectExplained(repo.intentguard(args), 2, message);
  });

  it("--format json and its alias --json print the same, on every command that prints JSON", async () => {
    const repo = await createGovernedRepo({ hooks: false });
    expect(repo.intentguard(["select", "INT-001"]).status).toBe(0);
    for (const command of [["status"], ["intent", "list"], ["intent", "show", "INT-001"]]) {
      const aliased = repo.intentguard([...command, "--json"]);
      const spelled = repo.intentguard([...command, "--format", "json"]);
      expect(aliased.status, command.join(" ")).toBe(0);
      expect(JSON.parse(spelled.stdout)).toEqual(JSON.parse(aliased.stdout));
      expect(repo.intentguard([...command, "--format", "text"]).stdout).not.toBe(aliased.stdout);
    }
  });

  it("check refuses words it would not check: only --paths takes them (exit 2)", async () => {
    const repo = await createSelectedRepo();
    const base = repo.head();
    repo.git("checkout", "-q", "-b", "feature");
    repo.commitFile("src/auth/a.ts", "a\n", "Feature work");
    // Each word was ignored: the range was checked without it, exit 0.
    for (const [args, mode, words] of [
      [["check", "--base", "main", "sneaky"], "--base", '"sneaky"'],
      [["check", "--range", `${base}..HEAD`, "no-such-rev"], "--range", '"no-such-rev"'],
      [["check", "--staged", "a", "b"], "--staged", '"a" "b"'],
    ] as const) {
      expect(repo.intentguard(args)).toMatchObject({
        status: 2,
        stdout: "",
        stderr: `intentguard check: ${mode} takes no other arguments (got ${words}); only --paths takes paths, e.g. --paths src/auth/login.ts.\n`,
      });
    }
  });

  it("keeps files that already exist when init runs again", async () => {
    const repo = await createGovernedRepo();
    const result = repo.intentguard(["init"]);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain(`kept     ${intentsPath} (already there)`);
    expect(repo.read(intentsPath)).toBe(standardIntents);
  });
});

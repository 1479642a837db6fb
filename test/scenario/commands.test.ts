import path from "node:path";
import { describe, expect, it } from "vitest";
import { installPackageCopy } from "../support/package-copy.js";
import {
  cliPath,
  createGovernedRepo,
  createRepo,
  createScratchDir,
  projectRoot,
} from "../support/test-repo.js";

describe("intentguard check --paths: ask before writing", () => {
  it("judges paths relative to the current directory, against HEAD's rules", async () => {
    const repo = await createGovernedRepo();
    const cwd = path.join(repo.dir, "src");
    const allowed = repo.intentguard(
      ["check", "--paths", "auth/new.ts", "auth/login.ts", "--intent", "INT-001"],
      { cwd },
    );
    expect(allowed.status).toBe(0);
    expect(allowed.stdout).toBe("✓ intentguard: allowed — INT-001 (Auth), 2 paths in scope\n");
    const blocked = repo.intentguard(
      ["check", "--paths", "billing/invoice.ts", "--intent", "INT-001"],
      { cwd },
    );
    expect(blocked.status).toBe(1);
    expect(blocked.stdout).toContain("modify src/billing/invoice.ts");
  });

  it("advises leaving paths out of the change, as nothing is staged; --staged advises unstaging", async () => {
    const repo = await createGovernedRepo();
    const paths = repo.intentguard([
      "check",
      "--paths",
      "docs/a.md",
      "src/billing/b.ts",
      "--intent",
      "INT-001",
    ]);
    expect(paths.status).toBe(1);
    expect(paths.stdout).toContain("    - leave docs/a.md, src/billing/b.ts out of this change\n");
    expect(paths.stdout).not.toContain("restore");
    expect(paths.stdout).not.toContain("unstage");
    repo.write("docs/a.md", "# A\n");
    repo.git("add", "docs/a.md");
    const staged = repo.intentguard(["check", "--staged", "--intent", "INT-001"]);
    expect(staged.status).toBe(1);
    expect(staged.stdout).toContain(
      "    - split the commit: unstage what is outside the scope with git restore --staged -- :/docs/a.md\n",
    );
  });

  it("refuses a path outside the repository", async () => {
    const repo = await createGovernedRepo();
    const result = repo.intentguard(["check", "--paths", "../elsewhere.ts", "--intent", "INT-001"]);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('"../elsewhere.ts" is not a path inside the repository');
  });

  it("prints a stable, versioned JSON verdict", async () => {
    const repo = await createGovernedRepo();
    const result = repo.intentguard([
      "check",
      "--paths",
      "docs/x.md",
      "--intent",
      "INT-001",
      "--format",
      "json",
    ]);
    expect(result.status).toBe(1);
    const verdict = JSON.parse(result.stdout);
    expect(verdict).toMatchObject({
      version: 1,
      outcome: "blocked",
      kind: "intent",
      intent: { id: "INT-001", name: "Auth", status: "IN_PROGRESS", source: "flag" },
      findings: [{ rule: "scope", severity: "error", paths: ["docs/x.md"] }],
      paths: [
        {
          path: "docs/x.md",
          operation: "create",
          side: null,
          admitted: false,
          pattern: null,
          origin: null,
        },
      ],
    });
  });
});

describe("select and status", () => {
  it("prints the intent's context for agents as JSON", async () => {
    const repo = await createGovernedRepo();
    const result = repo.intentguard(["select", "INT-001", "--json"]);
    expect(result.status).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({
      version: 1,
      selected: "INT-001",
      work_tree: repo.dir,
      intent: {
        id: "INT-001",
        name: "Auth",
        scope: {
          owned: ["src/auth", "test/auth/**"],
          extended: [],
          forbidden: ["src/auth/secrets"],
        },
        constraints: ["No new dependencies"],
        acceptance_criteria: ["test/auth passes"],
      },
    });
    expect(JSON.parse(repo.read(".git/intentguard/selection.json"))).toMatchObject({
      version: 1,
      intent: "INT-001",
    });
  });

  it("shows the active intent, its scope and the verdict on what is staged", async () => {
    const repo = await createGovernedRepo();
    expect(repo.intentguard(["select", "INT-001"]).status).toBe(0);
    repo.write("docs/x.md", "x\n");
    repo.git("add", "-A");
    const text = repo.intentguard(["status"]);
    expect(text.status).toBe(0);
    expect(text.stdout).toContain("Active intent (from selection):\nINT-001 — Auth (IN_PROGRESS)");
    expect(text.stdout).toContain(
      "Staged change:\n✗ intentguard: blocked — 1 path outside the scope of INT-001 (Auth)",
    );
    const json = JSON.parse(repo.intentguard(["status", "--json"]).stdout);
    expect(json).toMatchObject({
      version: 1,
      source: "selection",
      intent: { id: "INT-001" },
      verdict: { outcome: "blocked" },
    });
  });

  it("with nothing staged, still shows the selected intent and says nothing is staged", async () => {
    const repo = await createGovernedRepo();
    expect(repo.intentguard(["select", "INT-001"]).status).toBe(0);
    const text = repo.intentguard(["status"]);
    expect(text.status).toBe(0);
    expect(text.stdout).toMatch(
      /^Active intent \(from selection\):\nINT-001 — Auth \(IN_PROGRESS\)\n/,
    );
    expect(text.stdout).toMatch(/\nStaged change: nothing is staged\.\n$/);
    const json = JSON.parse(repo.intentguard(["status", "--json"]).stdout);
    expect(json).toMatchObject({
      source: "selection",
      intent: { id: "INT-001" },
      verdict: { outcome: "allowed", kind: "empty" },
    });
  });
});

describe("the CLI itself", () => {
  it("prints help, per-command help and the version", async () => {
    const repo = await createGovernedRepo({ hooks: false });
    const help = repo.intentguard(["--help"]);
    expect(help.status).toBe(0);
    expect(help.stdout).toContain(
      "Exit codes: 0 allowed, 1 blocked by policy, 2 cannot evaluate, 3 internal error.",
    );
    expect(repo.intentguard(["check", "--help"]).stdout).toContain(
      "Usage: intentguard check --staged | --paths <path…>",
    );
    expect(repo.intentguard(["--version"]).stdout).toMatch(/^\d+\.\d+\.\d+\n$/);
  });

  it("answers help <command>, <group> --help and version like their flag forms", async () => {
    const repo = await createGovernedRepo({ hooks: false });
    const flagged = repo.intentguard(["check", "--help"]);
    const worded = repo.intentguard(["help", "check"]);
    expect(worded.status).toBe(0);
    expect(worded.stdout).toBe(flagged.stdout);
    const group = repo.intentguard(["trace", "--help"]);
    expect(group.status).toBe(0);
    expect(group.stdout).toContain("Usage: intentguard trace <subcommand>");
    expect(group.stdout).toMatch(/ {2}trace verify {2,}prove the ledger chain/);
    expect(repo.intentguard(["help", "trace"]).stdout).toBe(group.stdout);
    const verbose = repo.intentguard(["version"]);
    expect(verbose.status).toBe(0);
    expect(verbose.stdout).toBe(repo.intentguard(["--version"]).stdout);
    const unknown = repo.intentguard(["help", "chek"]);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toBe(
      'intentguard: unknown command "chek"; did you mean "check"? Run intentguard --help for the list.\n',
    );
  });

  it("names the command once in an error, and ends each sentence once", async () => {
    const repo = await createGovernedRepo({ hooks: false });
    const flag = repo.intentguard(["check", "--stagd"]);
    expect(flag.stderr).toMatch(
      /^intentguard check: unknown flag --stagd; did you mean --staged\? Usage:/,
    );
    for (const args of [["check", "--stagd"], ["select"], ["trace", "shwo"], ["hook", "x"]]) {
      const result = repo.intentguard(args);
      expect(result.status, args.join(" ")).toBe(2);
      expect(result.stderr, args.join(" ")).not.toMatch(
        /intentguard[^\n]*intentguard [a-z]+:|\?\./,
      );
    }
  });

  it("colours output on request and never when NO_COLOR is set", async () => {
    const repo = await createGovernedRepo({ hooks: false });
    const args = ["check", "--paths", "src/auth/x.ts", "--intent", "INT-001"];
    expect(
      repo.intentguard(args, { env: { NO_COLOR: undefined, FORCE_COLOR: "1" } }).stdout,
    ).toContain("\u001b[32m");
    expect(
      repo.intentguard(args, { env: { NO_COLOR: "1", FORCE_COLOR: "1" } }).stdout,
    ).not.toContain("\u001b[");
  });
});

describe("intentguard demo", () => {
  it("shows an allowed commit with its trailers, two blocked ones, a grant reviewed and used, a trace, and cleans up", async () => {
    const repo = await createGovernedRepo({ hooks: false });
    const result = repo.intentguard(["demo"]);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain(
      "✓ intentguard: allowed — INT-001 (Login rate limiting), 2 paths in scope",
    );
    expect(result.stdout).toContain("Intent: INT-001");
    expect(result.stdout).toContain(
      "✗ intentguard: blocked — 1 path outside the scope of INT-001 (Login rate limiting)",
    );
    expect(result.stdout).toContain("✗ intentguard: blocked — the commit declares no intent");
    // The out-of-scope file, granted: requested, approved by the policy's reviewer, then landed.
    expect(result.stdout).toContain(
      "    intentguard: reviewer:demo-reviewer approved grant 1 of INT-001:\n      One file, and the justification holds.\n",
    );
    expect(result.stdout).toContain(
      '  $ git commit -m "Tweak billing too"\n    ✓ intentguard: allowed — INT-001 (Login rate limiting), 1 path in scope\n',
    );
    expect(result.stdout).toContain(
      "modify src/auth/login.ts  AI anthropic/claude-sonnet-4-6 (agent demo-agent)  AST_REFACTOR",
    );
    const repoLine = /throwaway repository in (\S+)/.exec(result.stdout)?.[1] ?? "";
    expect(repo.run("test", ["-e", repoLine]).status).toBe(1);
    expect(result.stdout).toContain(
      `try it here: node ${path.relative(repo.dir, cliPath)} demo --keep\n`,
    );
  });

  it("ends with the command that runs it again from where it ran", async () => {
    const repo = await createRepo();
    const fromCheckout = repo.intentguard(["demo"], { cwd: projectRoot });
    expect(fromCheckout.status).toBe(0);
    expect(fromCheckout.stdout).toMatch(/try it here: node dist\/cli\.cjs demo --keep\n$/);
    const project = createScratchDir();
    const installed = installPackageCopy(path.join(project, "node_modules"));
    const fromPackage = repo.run(process.execPath, [installed, "demo"], { cwd: project });
    expect(fromPackage.status, fromPackage.stderr).toBe(0);
    expect(fromPackage.stdout).toMatch(/try it here: npx intentguard demo --keep\n$/);
  });
});

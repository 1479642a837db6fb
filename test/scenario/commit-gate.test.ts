import { appendFileSync, chmodSync, symlinkSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { installPackageCopy } from "../support/package-copy.js";
import {
  createGovernedRepo,
  createSelectedRepo,
  expectSuccess,
  type RunOptions,
  refusedByHook,
  standardIntents,
  type TestRepo,
} from "../support/test-repo.js";

const intentsPath = ".orchestration/active_intents.yaml";

/** Stages everything and commits; returns the result with the commit count before and after. */
function stageAndCommit(repo: TestRepo, message: string) {
  repo.git("add", "-A");
  const before = repo.commitCount();
  const result = repo.commit(message);
  return { ...result, committed: repo.commitCount() === before + 1 };
}

describe("the commit gate against real git", () => {
  it("lets an in-scope commit through and adds the Intent: trailer", async () => {
    const repo = await createSelectedRepo();
    repo.write("src/auth/login.ts", "export const login = 2;\n");
    const result = stageAndCommit(repo, "Tighten login");
    expect(result.status).toBe(0);
    expect(result.committed).toBe(true);
    expect(repo.lastMessage()).toBe("Tighten login\n\nIntent: INT-001\n");
    expect(result.stderr).toContain("✓ intentguard: allowed — INT-001 (Auth), 1 path in scope");
  });

  it.each([
    ["an added file", (repo: TestRepo) => repo.write("src/billing/new.ts", "x\n")],
    ["a modified file", (repo: TestRepo) => repo.write("src/billing/invoice.ts", "changed\n")],
    ["a deleted file", (repo: TestRepo) => repo.git("rm", "-q", "src/billing/invoice.ts")],
    [
      "a file renamed into the scope",
      (repo: TestRepo) => repo.git("mv", "src/billing/invoice.ts", "src/auth/invoice.ts"),
    ],
    [
      "a file renamed out of the scope",
      (repo: TestRepo) => repo.git("mv", "src/auth/login.ts", "src/billing/login.ts"),
    ],
    ["a file in forbidden_scope", (repo: TestRepo) => repo.write("src/auth/secrets/key.ts", "k\n")],
  ])("blocks %s outside the scope", async (_what, change) => {
    const repo = await createSelectedRepo();
    change(repo);
    const result = stageAndCommit(repo, "Out of scope");
    expect(result.status).toBe(refusedByHook);
    expect(result.committed).toBe(false);
    expect(result.stderr).toContain("✗ intentguard: blocked");
    expect(result.stderr).toContain("outside the scope of INT-001 (Auth)");
  });

  it("names every offending path, the rule, the scope and the next steps", async () => {
    const repo = await createSelectedRepo();
    repo.git("mv", "src/auth/login.ts", "docs/login.md");
    repo.write("src/auth/secrets/key.ts", "k\n");
    const result = stageAndCommit(repo, "Mixed");
    expect(result.status).toBe(refusedByHook);
    expect(result.stderr).toContain(
      "2 paths outside the scope of INT-001 (Auth) (1 path forbidden by forbidden_scope)",
    );
    expect(result.stderr).toContain("rule: scope (error)");
    // Judged as the commit git makes, with its rename: both of its paths are checked.
    expect(result.stderr).toContain("rename docs/login.md (rename target)");
    expect(result.stderr).toContain(
      "create src/auth/secrets/key.ts — forbidden by src/auth/secrets",
    );
    expect(result.stderr).not.toContain("src/auth/login.ts (rename source)");
    expect(result.stderr).toContain("owned scope:     src/auth, test/auth/**");
    expect(result.stderr).toContain("forbidden scope: src/auth/secrets");
    expect(result.stderr).toContain(
      "git restore --staged -- :/docs/login.md :/src/auth/secrets/key.ts",
    );
  });

  it("suggests the intent whose scope covers the offending paths, named as installed", async () => {
    const repo = await createSelectedRepo();
    repo.write("docs/guide.md", "# Guide\n");
    // No package in the project (a global install): the command is intentguard's own name.
    const result = stageAndCommit(repo, "Docs under the wrong intent");
    expect(result.status).toBe(refusedByHook);
    expect(result.stderr).toContain(
      "INT-002 (Docs) covers it: commit them under it, e.g. intentguard select INT-002\n",
    );
    // The package as a project dependency: npx finds its command without the registry.
    appendFileSync(path.join(repo.dir, ".git", "info", "exclude"), "node_modules/\n");
    installPackageCopy(path.join(repo.dir, "node_modules"));
    const asDependency = stageAndCommit(repo, "Docs under the wrong intent");
    expect(asDependency.status).toBe(refusedByHook);
    expect(asDependency.stderr).toContain(
      "INT-002 (Docs) covers it: commit them under it, e.g. npx intentguard select INT-002\n",
    );
  });

  it("blocks a mode change outside the scope and allows one inside", async () => {
    const repo = await createSelectedRepo();
    chmodSync(path.join(repo.dir, "src/billing/invoice.ts"), 0o755);
    const outside = stageAndCommit(repo, "Make invoice executable");
    expect(outside.status).toBe(refusedByHook);
    expect(outside.stderr).toContain("mode   src/billing/invoice.ts");
    repo.git("reset", "-q");
    chmodSync(path.join(repo.dir, "src/billing/invoice.ts"), 0o644);
    chmodSync(path.join(repo.dir, "src/auth/login.ts"), 0o755);
    expect(stageAndCommit(repo, "Make login executable").status).toBe(0);
  });

  it("checks a symlink's own path, not its target", async () => {
    const repo = await createSelectedRepo();
    symlinkSync("../auth/login.ts", path.join(repo.dir, "src/billing/link.ts"));
    const outside = stageAndCommit(repo, "Link from billing");
    expect(outside.status).toBe(refusedByHook);
    expect(outside.stderr).toContain("create src/billing/link.ts");
    repo.git("reset", "-q");
    repo.git("clean", "-fq");
    symlinkSync("../billing/invoice.ts", path.join(repo.dir, "src/auth/invoice-link.ts"));
    expect(stageAndCommit(repo, "Link into auth").status).toBe(0);
  });

  it("checks a submodule's gitlink path", async () => {
    const repo = await createSelectedRepo();
    const library = path.join(repo.base, "library");
    repo.run("git", ["init", "-q", library]);
    repo.run("git", ["-C", library, "commit", "-q", "--allow-empty", "-m", "library"]);
    repo.git("submodule", "add", "-q", library, "vendor/library");
    const result = repo.commit("Add a submodule");
    expect(result.status).toBe(refusedByHook);
    expect(result.stderr).toContain("create .gitmodules");
    expect(result.stderr).toContain("create vendor/library");
  });

  it("judges exactly what commit -a commits", async () => {
    const repo = await createSelectedRepo();
    repo.write("src/auth/login.ts", "export const login = 3;\n");
    repo.write("src/billing/untracked.ts", "not added, so not committed\n");
    const allowed = repo.commit("Tracked changes only", ["-a"]);
    expect(allowed.status).toBe(0);
    repo.write("src/billing/invoice.ts", "tracked, outside the scope\n");
    const blocked = repo.commit("Now billing too", ["-a"]);
    expect(blocked.status).toBe(refusedByHook);
    expect(blocked.stderr).toContain("modify src/billing/invoice.ts");
    expect(blocked.stderr).not.toContain("untracked.ts");
  });

  it("judges exactly what commit -- <path> commits, not the rest of the index", async () => {
    const repo = await createSelectedRepo();
    repo.write("src/billing/invoice.ts", "staged, outside the scope\n");
    repo.write("src/auth/login.ts", "export const login = 4;\n");
    repo.git("add", "-A");
    const onlyAuth = repo.commit("Only the auth file", ["--", "src/auth/login.ts"]);
    expect(onlyAuth.status).toBe(0);
    expect(repo.git("show", "--name-only", "--format=", "HEAD").trim()).toBe("src/auth/login.ts");
    const billing = repo.commit("Billing file", ["--", "src/billing/invoice.ts"]);
    expect(billing.status).toBe(refusedByHook);
  });

  it("works for a commit made from a subdirectory", async () => {
    const repo = await createSelectedRepo();
    repo.write("src/auth/login.ts", "export const login = 5;\n");
    repo.write("src/billing/invoice.ts", "changed\n");
    const cwd = path.join(repo.dir, "src/auth");
    repo.tryGit(["add", "login.ts"], { cwd });
    expect(repo.tryGit(["commit", "-m", "From a subdirectory"], { cwd }).status).toBe(0);
    repo.tryGit(["add", "../billing/invoice.ts"], { cwd });
    const blocked = repo.tryGit(["commit", "-m", "Billing from a subdirectory"], { cwd });
    expect(blocked.status).toBe(refusedByHook);
    expect(blocked.stderr).toContain("modify src/billing/invoice.ts");
  });

  it("keeps each linked worktree's selected intent apart", async () => {
    const repo = await createSelectedRepo("INT-001");
    const worktree = path.join(repo.base, "docs-worktree");
    repo.git("worktree", "add", "-q", "-b", "docs", worktree);
    expect(repo.intentguard(["select", "INT-002"], { cwd: worktree }).status).toBe(0);
    repo.write("../docs-worktree/docs/new.md", "# New\n");
    repo.tryGit(["add", "-A"], { cwd: worktree });
    const inWorktree = repo.tryGit(["commit", "-m", "Docs in the worktree"], { cwd: worktree });
    expect(inWorktree.status).toBe(0);
    expect(
      repo
        .tryGit(["log", "-1", "--format=%(trailers:key=Intent,valueonly)"], { cwd: worktree })
        .stdout.trim(),
    ).toBe("INT-002");
    repo.write("docs/main.md", "# Main\n");
    const inMain = stageAndCommit(repo, "Docs in the main worktree");
    expect(inMain.status).toBe(refusedByHook);
    expect(inMain.stderr).toContain("outside the scope of INT-001 (Auth)");
  });

  it.each([
    ["spaces", "src/auth/with space.ts"],
    ["a newline", "src/auth/new\nline.ts"],
    ["non-ASCII characters", "src/auth/ünïcødé-名前.ts"],
    ["a leading dash", "src/auth/-dash.ts"],
  ])("handles a file name with %s, in scope and out", async (_what, name) => {
    const repo = await createSelectedRepo();
    repo.write(name, "x\n");
    expect(stageAndCommit(repo, "In scope").status).toBe(0);
    const outside = name.replace("src/auth/", "src/billing/");
    repo.write(outside, "x\n");
    const blocked = stageAndCommit(repo, "Outside");
    expect(blocked.status).toBe(refusedByHook);
    expect(blocked.stderr).toContain(name.includes("\n") ? JSON.stringify(outside) : outside);
  });
});

describe("a rename from one intent's files to another's", () => {
  const intents = `active_intents:
  - id: "INT-002"
    name: "Billing"
    status: "IN_PROGRESS"
    owned_scope: ["src/billing"]
  - id: "INT-003"
    name: "Auth"
    status: "IN_PROGRESS"
    owned_scope: ["src/auth"]
`;
  const files = { "src/billing/a.ts": "export const a = 1;\n", "src/auth/login.ts": "login\n" };

  it.each([
    ["INT-002", "rename src/auth/a.ts (rename target)"],
    ["INT-003", "rename src/billing/a.ts (rename source)"],
  ])(
    "is blocked under %s, saying no single intent covers it and how to land it",
    async (intent, offending) => {
      const repo = await createGovernedRepo({ intents, files });
      repo.git("mv", "src/billing/a.ts", "src/auth/a.ts");
      const result = repo.commit("Move a", [], { env: { INTENTGUARD_INTENT: intent } });
      expect(result.status).toBe(refusedByHook);
      expect(result.stderr).toContain(`    ${offending}\n`);
      expect(result.stderr).toContain(
        "    - the rename of src/billing/a.ts to src/auth/a.ts spans two intents: its old path is in the scope of INT-002 (Billing) and its new path in that of INT-003 (Auth), so no single intent covers it: commit it under one intent whose scope (or an extended_scope grant) covers both sides, or copy, then delete, in two commits: add src/auth/a.ts under INT-003, then remove src/billing/a.ts under INT-002\n",
      );
      // Neither intent covers the rename as a whole, so neither is offered as the one that does.
      expect(result.stderr).not.toMatch(/INT-00\d \(\w+\) covers it/);
    },
  );

  it("lands as the advice says: a copy under the new side's intent, then a deletion under the old side's", async () => {
    const repo = await createGovernedRepo({ intents, files });
    repo.write("src/auth/a.ts", "export const a = 1;\n");
    repo.git("add", "src/auth/a.ts");
    const copy = repo.commit("Copy a", [], { env: { INTENTGUARD_INTENT: "INT-003" } });
    expect(copy.status, copy.stderr).toBe(0);
    repo.git("rm", "-q", "src/billing/a.ts");
    const removal = repo.commit("Remove the old a", [], { env: { INTENTGUARD_INTENT: "INT-002" } });
    expect(removal.status, removal.stderr).toBe(0);
  });
});

/**
 * Runs, with sh in `cwd`, the command a hint names: the first group of `pattern` in `output`.
 * Returns the command, so the test also pins its text.
 */
function runHint(
  repo: TestRepo,
  output: string,
  pattern: RegExp,
  cwd: string,
  options: RunOptions = {},
): string {
  const command = pattern.exec(output)?.[1];
  if (!command) throw new Error(`no hint matches ${pattern} in:\n${output}`);
  expectSuccess(repo.run("sh", ["-c", command], { ...options, cwd }), command);
  return command;
}

describe("the commands a block prints work from the directory git ran in", () => {
  /** An editor that writes `message` (git then keeps it as the commit's message). */
  const writing = (message: string) => `sh -c 'printf "${message}\\n" > "$1"' editor`;

  it("unstages what is outside the scope, and reuses the kept message", async () => {
    const repo = await createSelectedRepo();
    const cwd = path.join(repo.dir, "src/auth");
    repo.write("docs/guide.md", "# Guide\n");
    repo.tryGit(["add", "../../docs/guide.md"], { cwd });
    const blocked = repo.tryGit(["commit", "-m", "Guide from a subdirectory"], { cwd });
    expect(blocked.status).toBe(refusedByHook);
    const unstage = runHint(repo, blocked.stderr, /outside the scope with (git restore .*)$/m, cwd);
    expect(unstage).toBe("git restore --staged -- :/docs/guide.md");
    expect(repo.git("diff", "--cached", "--name-only")).toBe("");
    repo.write("src/auth/login.ts", "fixed\n");
    repo.tryGit(["add", "login.ts"], { cwd });
    const reuse = runHint(repo, blocked.stderr, /fix the change, then (git commit .*)$/m, cwd);
    expect(reuse).toBe('git commit -e -F "$(git rev-parse --git-path COMMIT_EDITMSG)"');
    expect(repo.lastMessage()).toBe("Guide from a subdirectory\n\nIntent: INT-001\n");
  });

  it("commits the rules on their own first, when they come with other files", async () => {
    const repo = await createSelectedRepo();
    const cwd = path.join(repo.dir, "src/auth");
    repo.write(intentsPath, `${standardIntents}\n`);
    repo.write("src/auth/login.ts", "changed\n");
    repo.tryGit(["add", "-A", ":/"], { cwd });
    const mixed = repo.tryGit(["commit", "-m", "Rules and code together"], { cwd });
    expect(mixed.status).toBe(refusedByHook);
    const rulesFirst = runHint(repo, mixed.stderr, /on their own first: (git commit .*)$/m, cwd, {
      env: { GIT_EDITOR: writing("Rules on their own") },
    });
    expect(rulesFirst).toBe(`git commit -- :/${intentsPath}`);
    expect(repo.git("show", "--name-only", "--format=%s", "HEAD")).toBe(
      `Rules on their own\n\n${intentsPath}\n`,
    );
  });

  it("commits rules edited in the working tree before the change they allow", async () => {
    const repo = await createSelectedRepo();
    const cwd = path.join(repo.dir, "src/auth");
    repo.write(
      intentsPath,
      standardIntents.replace('"src/auth", "test/auth/**"', '"src/auth", "docs", "test/auth/**"'),
    );
    repo.write("docs/guide.md", "# Guide\n");
    repo.tryGit(["add", "../../docs/guide.md"], { cwd });
    const blocked = repo.tryGit(["commit", "-m", "Guide under a widened scope"], { cwd });
    expect(blocked.status).toBe(refusedByHook);
    const rulesFirst = runHint(
      repo,
      blocked.stderr,
      /on their own first \((git commit .*?)\)/,
      cwd,
    );
    expect(rulesFirst).toBe(`git commit -m "…" -- :/${intentsPath}`);
    expect(repo.tryGit(["commit", "-m", "Guide, now in scope"], { cwd }).status).toBe(0);
  });

  it("puts the intents file back after a commit that removes it", async () => {
    const repo = await createSelectedRepo();
    const cwd = path.join(repo.dir, "src/auth");
    repo.tryGit(["rm", "-q", `:/${intentsPath}`], { cwd });
    const removal = repo.tryGit(["commit", "-m", "Remove the intents"], { cwd });
    expect(removal.status).toBe(refusedByHook);
    const restore = runHint(
      repo,
      removal.stderr,
      /put it back: (git restore .*?) \(to retire/,
      cwd,
    );
    expect(restore).toBe(`git restore --staged --worktree --source=HEAD -- :/${intentsPath}`);
    expect(repo.git("status", "--porcelain")).toBe("");
  });

  it("commits a refused revert's changes from the message git kept", async () => {
    const repo = await createSelectedRepo();
    const cwd = path.join(repo.dir, "src/auth");
    repo.commitFile("docs/guide.md", "# Guide\n", "Docs", {
      env: { INTENTGUARD_INTENT: "INT-002" },
    });
    const refused = repo.tryGit(["revert", "--no-edit", "HEAD"], { cwd });
    expect(refused.status).toBe(refusedByHook);
    // The editor declares the intent that owns the reverted file, in place of the selection.
    const editor = `sh -c 'sed -i "/^Intent:/d" "$1" && printf "\\nIntent: INT-002\\n" >> "$1"' editor`;
    const pick = runHint(
      repo,
      refused.stderr,
      /under an intent with (git commit .*?), or drop/,
      cwd,
      {
        env: { GIT_EDITOR: editor },
      },
    );
    expect(pick).toBe('git commit -e -F "$(git rev-parse --git-path MERGE_MSG)"');
    expect(repo.lastMessage()).toMatch(/^Revert "Docs"\n[\s\S]*\nIntent: INT-002\n$/);
  });
});

describe("an empty commit", () => {
  it("is allowed as it lands, and judged in a range like any other", async () => {
    const repo = await createGovernedRepo();
    const base = repo.head();
    const landed = repo.commit("Nothing yet", ["--allow-empty"], {
      env: { INTENTGUARD_INTENT: "INT-001" },
    });
    expect(landed.status, landed.stderr).toBe(0);
    expect(landed.stderr).toContain("✓ intentguard: allowed — empty commit");
    expect(
      repo.commit("Nothing again", ["--allow-empty"], { env: { INTENTGUARD: "0" } }).status,
    ).toBe(0);
    const range = repo.intentguard(["check", "--range", `${base}..HEAD`]);
    expect(range.status, range.stdout + range.stderr).toBe(0);
    expect(range.stdout).toContain("2 commits: 2 allowed, 0 blocked");
  });
});

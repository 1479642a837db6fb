import { chmodSync, symlinkSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createSelectedRepo, refusedByHook, type TestRepo } from "../support/test-repo.js";

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
      "git restore --staged -- docs/login.md src/auth/secrets/key.ts",
    );
  });

  it("suggests the intent whose scope covers the offending paths", async () => {
    const repo = await createSelectedRepo();
    repo.write("docs/guide.md", "# Guide\n");
    const result = stageAndCommit(repo, "Docs under the wrong intent");
    expect(result.status).toBe(refusedByHook);
    expect(result.stderr).toContain(
      "INT-002 (Docs) covers it: commit them under it, e.g. intentguard select INT-002",
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

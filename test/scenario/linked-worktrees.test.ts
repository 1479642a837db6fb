import { spawn } from "node:child_process";
import { existsSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { huskyBin, installPackageCopy } from "../support/package-copy.js";
import {
  createRepo,
  expectSuccess,
  type Run,
  refusedByHook,
  standardIntents,
  type TestRepo,
} from "../support/test-repo.js";

/**
 * Linked work trees (`git worktree add`) commit under their own selected intent, judged and
 * traced from their first commit, with husky (whose .husky/_ exists only in the main work tree)
 * and without.
 */

interface Project {
  repo: TestRepo;
  cli: string;
}

/** A project with intentguard in node_modules, husky 9 active when asked, hooks installed, adopted. */
async function project(husky: boolean): Promise<Project> {
  const repo = await createRepo();
  const cli = installPackageCopy(path.join(repo.dir, "node_modules"));
  repo.write(".gitignore", "node_modules/\n");
  if (husky) expectSuccess(repo.run(process.execPath, [huskyBin]), "husky");
  expectSuccess(repo.run(process.execPath, [cli, "install"]), "intentguard install");
  repo.write(".orchestration/active_intents.yaml", standardIntents);
  repo.write("src/auth/login.ts", "export const login = 1;\n");
  repo.write("docs/index.md", "# Docs\n");
  repo.git("add", "-A");
  expectSuccess(repo.commit("Adopt intentguard"), "adoption commit");
  return { repo, cli };
}

/** A linked work tree beside the repository, with `intent` selected in it. */
function addWorkTree({ repo, cli }: Project, name: string, intent: string, args: string[]): string {
  const dir = path.join(repo.base, name);
  repo.git("worktree", "add", "-q", ...args, dir);
  select({ repo, cli }, dir, intent);
  return dir;
}

function select({ repo, cli }: Project, dir: string, intent: string): void {
  expectSuccess(repo.run(process.execPath, [cli, "select", intent], { cwd: dir }), "select");
}

/** Writes a file in a work tree and stages it. */
function stage(repo: TestRepo, dir: string, file: string, content: string): void {
  writeFileSync(path.join(dir, file), content);
  repo.git("-C", dir, "add", "--", file);
}

/** Starts git without waiting: two of these run at the same time. */
function gitAsync(repo: TestRepo, dir: string, args: string[]): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn("git", args, {
      cwd: dir,
      env: repo.env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
    });
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    child.on("error", reject);
    child.on("close", (status) => resolve({ status: status ?? -1, stdout, stderr }));
  });
}

function head(repo: TestRepo, dir: string): string {
  return repo.git("-C", dir, "rev-parse", "HEAD").trim();
}

/** The commit's trailers as git reads them. */
function trailers(repo: TestRepo, dir: string): string {
  const message = repo.git("-C", dir, "log", "-1", "--format=%B");
  return repo.run("git", ["interpret-trailers", "--parse"], { cwd: dir, input: message }).stdout;
}

/** The commit has a trace record in refs/notes/intentguard. */
function traced(repo: TestRepo, commit: string): boolean {
  return repo.tryGit(["notes", "--ref=intentguard", "list", commit]).status === 0;
}

/**
 * Two linked work trees, INT-001 and INT-002 selected, commit at once: both judged and traced.
 * Then, at once again, an out-of-scope commit in one (refused, its branch where it was) and an
 * in-scope one in the other.
 */
async function commitSideBySide(project: Project): Promise<void> {
  const { repo } = project;
  const auth = addWorkTree(project, "auth", "INT-001", ["-b", "auth"]);
  const docs = addWorkTree(project, "docs", "INT-002", ["-b", "docs"]);
  stage(repo, auth, "src/auth/login.ts", "export const login = 2;\n");
  stage(repo, docs, "docs/index.md", "# Docs, two\n");
  const [authCommit, docsCommit] = await Promise.all([
    gitAsync(repo, auth, ["commit", "-q", "-m", "Change login"]),
    gitAsync(repo, docs, ["commit", "-q", "-m", "Change the docs"]),
  ]);
  expect(authCommit.status, authCommit.stderr).toBe(0);
  expect(docsCommit.status, docsCommit.stderr).toBe(0);
  expect(trailers(repo, auth)).toBe("Intent: INT-001\n");
  expect(trailers(repo, docs)).toBe("Intent: INT-002\n");
  expect(traced(repo, head(repo, auth))).toBe(true);
  expect(traced(repo, head(repo, docs))).toBe(true);

  const authBefore = head(repo, auth);
  stage(repo, auth, "docs/index.md", "# Docs, from the auth tree\n");
  stage(repo, docs, "docs/index.md", "# Docs, three\n");
  const [outside, inside] = await Promise.all([
    gitAsync(repo, auth, ["commit", "-q", "-m", "Outside INT-001"]),
    gitAsync(repo, docs, ["commit", "-q", "-m", "Change the docs again"]),
  ]);
  expect(outside.status).toBe(refusedByHook);
  expect(outside.stderr).toContain("outside the scope of INT-001");
  expect(repo.git("rev-parse", "refs/heads/auth").trim()).toBe(authBefore);
  expect(inside.status, inside.stderr).toBe(0);
  expect(trailers(repo, docs)).toBe("Intent: INT-002\n");
  expect(traced(repo, head(repo, docs))).toBe(true);
}

/** A work tree made with --no-checkout, checked out by `checkout`: its first commit is judged. */
function firstCommitAfterNoCheckout(
  project: Project,
  name: string,
  args: string[],
  checkout: string[],
) {
  const { repo } = project;
  const dir = path.join(repo.base, name);
  // `{}` stands for the work tree's path: an existing branch comes after it, options before.
  const named = args.map((arg) => (arg === "{}" ? dir : arg));
  repo.git("worktree", "add", "-q", "--no-checkout", ...named);
  repo.git("-C", dir, ...checkout);
  select(project, dir, "INT-002");
  stage(repo, dir, "docs/index.md", `# Docs from ${name}\n`);
  const allowed = repo.tryGit(["commit", "-q", "-m", "Docs"], { cwd: dir });
  expect(allowed.status, allowed.stderr).toBe(0);
  expect(trailers(repo, dir)).toBe("Intent: INT-002\n");
  expect(traced(repo, head(repo, dir))).toBe(true);
  const before = head(repo, dir);
  stage(repo, dir, "src/auth/login.ts", "export const login = 9;\n");
  const outside = repo.tryGit(["commit", "-q", "-m", "Outside INT-002"], { cwd: dir });
  expect(outside.status).toBe(refusedByHook);
  expect(head(repo, dir)).toBe(before);
}

describe("linked work trees with husky 9", () => {
  it("judge and trace commits made at the same time in two of them, from the first", async () => {
    const husky = await project(true);
    // husky runs again on every npm ci (prepare), resetting core.hooksPath: nothing changes.
    expectSuccess(husky.repo.run(process.execPath, [huskyBin]), "husky again");
    await commitSideBySide(husky);
    for (const name of ["auth", "docs"]) {
      expect(existsSync(path.join(husky.repo.base, name, ".husky/_"))).toBe(false);
    }
  });

  it("judge the first commit of one made with --no-checkout, checked out later", async () => {
    const husky = await project(true);
    // An existing branch: git worktree add runs no hook at all for it.
    husky.repo.git("branch", "later");
    firstCommitAfterNoCheckout(husky, "reset", ["{}", "later"], ["reset", "-q", "--hard"]);
    firstCommitAfterNoCheckout(
      husky,
      "read-tree",
      ["-b", "read", "{}"],
      ["read-tree", "--reset", "-u", "HEAD"],
    );
    firstCommitAfterNoCheckout(
      husky,
      "checkout",
      ["--detach", "{}"],
      ["checkout", "-q", "-f", "-b", "checked"],
    );
  });

  it("stop a commit when no husky runner is left to run the hooks, but not a tag", async () => {
    const husky = await project(true);
    const auth = addWorkTree(husky, "auth", "INT-001", ["-b", "auth"]);
    rmSync(path.join(husky.repo.dir, ".husky/_"), { recursive: true });
    stage(husky.repo, auth, "src/auth/login.ts", "export const login = 2;\n");
    const before = head(husky.repo, auth);
    const stopped = husky.repo.tryGit(["commit", "-q", "-m", "Change login"], { cwd: auth });
    expect(stopped.status).toBe(1);
    expect(stopped.stderr).toContain(
      "intentguard: git cannot run .husky/pre-commit in this linked work tree: husky's runner is in neither\n",
    );
    expect(head(husky.repo, auth)).toBe(before);
    expect(husky.repo.tryGit(["tag", "t1"], { cwd: auth }).status).toBe(0);
  });
});

describe("linked work trees without husky (.git/hooks)", () => {
  it("judge and trace commits made at the same time in two of them", async () => {
    const plain = await project(false);
    await commitSideBySide(plain);
    // Nothing to set up: every work tree shares .git/hooks.
    expect(plain.repo.tryGit(["config", "--get-regexp", "^includeif\\."]).status).toBe(1);
  });
});

import { spawnSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  symlinkSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { managedHooks } from "../../src/install/managed-hooks.js";
import { firstHuskyInstallReport } from "../support/install-reports.js";
import { huskyBin, installPackageCopy } from "../support/package-copy.js";
import {
  createGovernedRepo,
  createRepo,
  createScratchDir,
  projectRoot,
  type Run,
  refusedByHook,
  standardIntents,
  TestRepo,
} from "../support/test-repo.js";
import { noteRecords } from "../support/traces.js";

/** The package's own CLI, run by its path (as `node_modules/.bin` or the doctor's fix do). */
function runCli(
  repo: TestRepo,
  cli: string,
  args: string[],
  options: Parameters<TestRepo["run"]>[2] = {},
): Run {
  return repo.run(process.execPath, [cli, ...args], options);
}

function expectOk(result: Run, what: string): Run {
  expect(result.status, `${what}:\n${result.stderr}${result.stdout}`).toBe(0);
  return result;
}

/** Commits the intents and an owned file (the adoption), then selects INT-001 here. */
function adopt(repo: TestRepo, cli: string, cwd = repo.dir): void {
  repo.write(".orchestration/active_intents.yaml", standardIntents);
  repo.write("src/auth/login.ts", "export const login = 1;\n");
  repo.git("add", "-A");
  expectOk(repo.commit("Adopt intentguard"), "adoption commit");
  expectOk(runCli(repo, cli, ["select", "INT-001"], { cwd }), "select");
}

/** A repository with intentguard in its node_modules (ignored), as `npm install` leaves it. */
async function projectWithPackage(): Promise<{ repo: TestRepo; cli: string }> {
  const repo = await createRepo();
  const cli = installPackageCopy(path.join(repo.dir, "node_modules"));
  repo.write(".gitignore", "node_modules/\n");
  return { repo, cli };
}

/** The same with husky 9 active (core.hooksPath = .husky/_), its bin in node_modules too. */
async function huskyProject(): Promise<{ repo: TestRepo; cli: string }> {
  const project = await projectWithPackage();
  symlinkSync(
    path.join(projectRoot, "node_modules", "husky"),
    path.join(project.repo.dir, "node_modules", "husky"),
  );
  expectOk(project.repo.run(process.execPath, [huskyBin]), "husky");
  return project;
}

/**
 * A checkout of intentguard outside any project, with its dependencies in its own node_modules:
 * what `npm install <folder>` links to.
 */
function packageCheckout(): string {
  const scratch = createScratchDir("intentguard-checkout-");
  const layout = path.join(scratch, "layout");
  installPackageCopy(layout);
  const checkout = path.join(scratch, "intentguard");
  renameSync(path.join(layout, "intentguard"), checkout);
  // What is left in layout/ is the dependencies: they become the checkout's node_modules.
  renameSync(layout, path.join(checkout, "node_modules"));
  return checkout;
}

/** Every file under `dir`, relative to it, with its content. */
function filesUnder(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const entry of readdirSync(dir, { recursive: true, encoding: "utf8" })) {
    const file = path.join(dir, entry);
    if (statSync(file).isFile()) files[entry] = readFileSync(file, "utf8");
  }
  return files;
}

/** The paragraph the hooks print when the package they start is not there. */
function missingPackage(hook: string, hooksDir: string): string {
  return [
    `intentguard: the ${hook} hook cannot run: the intentguard package is not installed in this work`,
    `  tree (${hooksDir} is missing), so git stops here.`,
    "  Run npm ci (or npm install) in this project to install it, then run the git command again.",
    "  To go on without intentguard for one command, prefix it with INTENTGUARD=0 (CI still checks",
    "  what that lets through).",
    "",
  ].join("\n");
}

const defaultFetch = "+refs/heads/*:refs/remotes/origin/*";
const notesFetch = "+refs/notes/intentguard*:refs/notes/remotes/origin/intentguard*";

function installedLines(dir: string): string[] {
  return managedHooks.map((hook) => `  installed ${dir}/${hook}`);
}

describe("the hook files install writes are valid sh", () => {
  const shellcheck = spawnSync("shellcheck", ["--version"], { encoding: "utf8" });
  const shellcheckMissing =
    shellcheck.error || shellcheck.status !== 0
      ? "shellcheck was not found on PATH, so the generated hook files were only checked with sh -n; apt-get install shellcheck"
      : undefined;

  function check(repo: TestRepo, file: string, withShellcheck: boolean) {
    const parsed = repo.run("sh", ["-n", file]);
    expect(`${parsed.stdout}${parsed.stderr}`, file).toBe("");
    expect(parsed.status, file).toBe(0);
    if (!withShellcheck) return;
    const linted = repo.run("shellcheck", ["-s", "sh", file]);
    expect(`${linted.stdout}${linted.stderr}`, file).toBe("");
    expect(linted.status, file).toBe(0);
  }

  it("each git hooks wrapper passes sh -n and shellcheck -s sh", async (context) => {
    const repo = await createRepo();
    // A path that needs quoting, and a hook that was already there (the chained branch).
    const { dir } = repo;
    const cli = installPackageCopy(path.join(dir, "node modules's"));
    repo.write(".git/hooks/pre-push", "#!/bin/sh\nexit 0\n");
    expectOk(runCli(repo, cli, ["install"]), "install");
    expect(repo.read(".git/hooks/pre-commit")).toContain(
      `\nig_package_hooks='${dir}/node modules'\\''s/intentguard/hooks'\n`,
    );
    for (const hook of managedHooks) check(repo, `.git/hooks/${hook}`, false);
    if (shellcheckMissing) context.skip(shellcheckMissing);
    for (const hook of managedHooks) check(repo, `.git/hooks/${hook}`, true);
  });

  it("the husky launcher passes sh -n and shellcheck -s sh", async (context) => {
    const { repo, cli } = await huskyProject();
    expectOk(runCli(repo, cli, ["install"]), "install");
    // The hook files with our line are husky's (no shebang: husky's runner starts them with sh).
    for (const hook of managedHooks) check(repo, `.husky/${hook}`, false);
    check(repo, ".husky/intentguard.sh", false);
    if (shellcheckMissing) context.skip(shellcheckMissing);
    check(repo, ".husky/intentguard.sh", true);
  });
});

describe("without the package installed, the hooks fail closed with one paragraph", () => {
  /** A bare remote the repository pushed main to, and a teammate who pushed one more commit. */
  function remoteWithNewCommit(repo: TestRepo): string {
    const remote = path.join(repo.base, "remote.git");
    repo.git("init", "-q", "--bare", remote);
    repo.git("remote", "add", "origin", remote);
    repo.git("push", "-q", "origin", "main");
    const teammate = path.join(repo.base, "teammate");
    repo.git("clone", "-q", remote, teammate);
    repo.write("../teammate/docs/new.md", "# New\n");
    repo.git("-C", teammate, "add", "-A");
    repo.git("-C", teammate, "commit", "-q", "-m", "Teammate's docs");
    repo.git("-C", teammate, "push", "-q", "origin", "main");
    return repo.git("-C", teammate, "rev-parse", "HEAD").trim();
  }

  /** A commit made without any hook (commit-tree), then landed on main: only reference-transaction sees it. */
  function landWithoutHooks(repo: TestRepo): Run {
    const tree = repo.git("write-tree").trim();
    const commit = repo.git("commit-tree", tree, "-p", "HEAD", "-m", "Made by hand").trim();
    return repo.tryGit(["update-ref", "refs/heads/main", commit]);
  }

  function expectNotBlocked(repo: TestRepo, teammateHead: string) {
    const tag = repo.tryGit(["tag", "v1"]);
    expect(tag).toMatchObject({ status: 0, stderr: "" });
    const branch = repo.tryGit(["checkout", "-q", "-b", "x"]);
    expect(branch).toMatchObject({ status: 0, stderr: "" });
    expect(repo.git("symbolic-ref", "--short", "HEAD").trim()).toBe("x");
    repo.git("checkout", "-q", "main");
    const fetch = repo.tryGit(["fetch", "-q", "origin"]);
    expect(fetch).toMatchObject({ status: 0, stderr: "" });
    expect(repo.git("rev-parse", "refs/remotes/origin/main").trim()).toBe(teammateHead);
    expect(repo.git("rev-parse", "refs/notes/remotes/origin/intentguard")).toBe(
      repo.git(
        "--git-dir",
        path.join(repo.base, "remote.git"),
        "rev-parse",
        "refs/notes/intentguard",
      ),
    );
  }

  /**
   * Installs, adopts, gives the repository a remote with a teammate's commit (returned) and
   * installs again (now the remote's notes come with every fetch), then takes the package away.
   */
  function installAdoptAndRemovePackage(repo: TestRepo, cli: string): string {
    expectOk(runCli(repo, cli, ["install"]), "install");
    adopt(repo, cli);
    const teammateHead = remoteWithNewCommit(repo);
    // Again, now that there is a remote: its notes come with every fetch.
    expectOk(runCli(repo, cli, ["install"]), "install");
    renameSync(
      path.join(repo.dir, "node_modules/intentguard"),
      path.join(repo.dir, "node_modules/intentguard-moved"),
    );
    return teammateHead;
  }

  it("git hooks: a commit stops, INTENTGUARD=0 goes on, tags, branches and fetches stay free", async () => {
    const { repo, cli } = await projectWithPackage();
    const teammateHead = installAdoptAndRemovePackage(repo, cli);
    const hooksDir = path.join(repo.dir, "node_modules/intentguard/hooks");
    const before = repo.head();
    repo.write("src/auth/login.ts", "export const login = 2;\n");
    repo.git("add", "-A");

    const blocked = repo.commit("Change login");
    expect(blocked).toEqual({
      status: 1,
      stdout: "",
      stderr: missingPackage("pre-commit", hooksDir),
    });
    expect(repo.head()).toBe(before);
    // --no-verify skips pre-commit, not prepare-commit-msg; and a landing no commit hook saw is
    // refused by reference-transaction.
    expect(repo.commit("Change login", ["--no-verify"])).toEqual({
      status: 1,
      stdout: "",
      stderr: missingPackage("prepare-commit-msg", hooksDir),
    });
    expect(landWithoutHooks(repo)).toEqual({
      status: refusedByHook,
      stdout: "",
      stderr: `${missingPackage("reference-transaction", hooksDir)}fatal: ref updates aborted by hook\n`,
    });
    expect(repo.head()).toBe(before);

    const skipped = repo.commit("Change login", [], { env: { INTENTGUARD: "0" } });
    expect(skipped.status, skipped.stderr).toBe(0);
    expect(repo.git("rev-parse", "HEAD~1").trim()).toBe(before);
    expectNotBlocked(repo, teammateHead);
  });

  it("husky: a commit stops, INTENTGUARD=0 goes on, tags, branches and fetches stay free", async () => {
    const { repo, cli } = await huskyProject();
    const teammateHead = installAdoptAndRemovePackage(repo, cli);
    const before = repo.head();
    repo.write("src/auth/login.ts", "export const login = 2;\n");
    repo.git("add", "-A");

    // The launcher names the package relative to the root, as the committed file does.
    const hooksDir = "node_modules/intentguard/hooks";
    const blocked = repo.commit("Change login");
    expect(blocked.status).toBe(1);
    expect(blocked.stderr).toBe(
      `${missingPackage("pre-commit", hooksDir)}husky - pre-commit script failed (code 1)\n`,
    );
    expect(repo.head()).toBe(before);
    expect(repo.commit("Change login", ["--no-verify"])).toEqual({
      status: 1,
      stdout: "",
      stderr: `${missingPackage("prepare-commit-msg", hooksDir)}husky - prepare-commit-msg script failed (code 1)\n`,
    });
    expect(landWithoutHooks(repo)).toEqual({
      status: refusedByHook,
      stdout: "",
      stderr: `${missingPackage("reference-transaction", hooksDir)}husky - reference-transaction script failed (code 1)\nfatal: ref updates aborted by hook\n`,
    });
    expect(repo.head()).toBe(before);

    const skipped = repo.commit("Change login", [], { env: { INTENTGUARD: "0" } });
    expect(skipped.status, skipped.stderr).toBe(0);
    expect(repo.git("rev-parse", "HEAD~1").trim()).toBe(before);
    expectNotBlocked(repo, teammateHead);
  });
});

describe("installed from a checkout elsewhere (npm install <folder>)", () => {
  it("names the package by its place in node_modules: no machine path in .husky, and commits work", async () => {
    const repo = await createRepo();
    repo.write(".gitignore", "node_modules/\n");
    const checkout = packageCheckout();
    mkdirSync(path.join(repo.dir, "node_modules"));
    symlinkSync(checkout, path.join(repo.dir, "node_modules/intentguard"));
    expectOk(repo.run(process.execPath, [huskyBin]), "husky");
    const cli = path.join(repo.dir, "node_modules/intentguard/dist/cli.cjs");
    const install = expectOk(runCli(repo, cli, ["install"]), "install");
    expect(install.stdout).toBe(firstHuskyInstallReport);
    const husky = filesUnder(path.join(repo.dir, ".husky"));
    expect(Object.keys(husky)).toEqual(expect.arrayContaining(["intentguard.sh", "pre-commit"]));
    for (const [file, text] of Object.entries(husky)) {
      for (const machinePath of [checkout, repo.base, os.tmpdir()]) {
        expect(text, `.husky/${file}`).not.toContain(machinePath);
      }
    }
    expect(husky["intentguard.sh"]).toContain(
      "\nig_package_hooks=node_modules/intentguard/hooks\n",
    );
    expect(husky["pre-commit"]).toBe('sh .husky/intentguard.sh pre-commit "$@" # intentguard\n');

    adopt(repo, cli);
    repo.write("src/billing/x.ts", "x\n");
    repo.git("add", "-A");
    const blocked = repo.commit("Outside");
    expect(blocked.status).toBe(refusedByHook);
    expect(blocked.stderr).toContain("outside the scope of INT-001");
    repo.git("reset", "-q");
    repo.write("src/auth/login.ts", "export const login = 2;\n");
    repo.git("add", "src/auth/login.ts");
    const allowed = repo.commit("Change login");
    expect(allowed.status, allowed.stderr).toBe(0);
    expect(repo.lastMessage()).toContain("Intent: INT-001");
    expect(noteRecords(repo)).toHaveLength(1);
  });

  it("refuses husky mode when the package is outside the repository, writing nothing", async () => {
    const repo = await createRepo();
    repo.git("remote", "add", "origin", path.join(repo.base, "remote.git"));
    expectOk(repo.run(process.execPath, [huskyBin]), "husky");
    repo.write(".husky/pre-commit", "npm test\n");
    const checkout = packageCheckout();
    const huskyBefore = filesUnder(path.join(repo.dir, ".husky"));
    const configBefore = repo.read(".git/config");
    const result = runCli(repo, path.join(checkout, "dist/cli.cjs"), ["install"]);
    expect(result).toEqual({
      status: 2,
      stdout: "",
      stderr: `intentguard: The husky hooks in this repository are committed and shared, so they must name intentguard by a path inside the repository, and this intentguard runs from ${checkout}, outside it. Install it as a development dependency of the project (npm install --save-dev intentguard, or from a tarball or checkout as the README says), then run npx intentguard install from the repository.\n`,
    });
    expect(filesUnder(path.join(repo.dir, ".husky"))).toEqual(huskyBefore);
    expect(repo.read(".git/config")).toBe(configBefore);
    expect(existsSync(path.join(repo.dir, ".git/hooks/pre-commit"))).toBe(false);
  });
});

describe("a linked work tree without node_modules", () => {
  function expectJudgedAndTraced(repo: TestRepo, worktree: string) {
    repo.write("../wt/src/billing/x.ts", "x\n");
    repo.git("-C", worktree, "add", "-A");
    const outside = repo.tryGit(["commit", "-m", "Outside"], { cwd: worktree });
    expect(outside.status).toBe(refusedByHook);
    expect(outside.stderr).toContain("outside the scope of INT-001");
    repo.git("-C", worktree, "reset", "-q");
    repo.write("../wt/src/auth/login.ts", "export const login = 3;\n");
    repo.git("-C", worktree, "add", "src/auth/login.ts");
    const allowed = repo.tryGit(["commit", "-m", "Change login in the work tree"], {
      cwd: worktree,
    });
    expect(allowed.status, allowed.stderr).toBe(0);
    const head = repo.git("-C", worktree, "rev-parse", "HEAD").trim();
    expect(noteRecords(repo, head)).toHaveLength(1);
    expect(repo.git("notes", "--ref=intentguard", "list", head).trim()).toMatch(/^[0-9a-f]{40}$/);
  }

  function linkedWorkTreeWarning(main: string): string {
    const cli = path.join(main, "node_modules/intentguard/dist/cli.cjs");
    return [
      "  ! this linked work tree has no node_modules: the hooks use the main work tree's intentguard, but npx intentguard here would look it up on the npm registry",
      `      fix: run the CLI as node ${cli} <command> (e.g. alias intentguard='node ${cli}'), or run npm ci here`,
      "",
    ].join("\n");
  }

  it("git hooks: commits there are judged and traced; doctor says how to run the CLI", async () => {
    const { repo, cli } = await projectWithPackage();
    expectOk(runCli(repo, cli, ["install"]), "install");
    adopt(repo, cli);
    const worktree = path.join(repo.base, "wt");
    repo.git("worktree", "add", "-q", "-b", "wt", worktree);
    expect(existsSync(path.join(worktree, "node_modules"))).toBe(false);
    expectOk(runCli(repo, cli, ["select", "INT-001"], { cwd: worktree }), "select");
    expectJudgedAndTraced(repo, worktree);
    const doctor = runCli(repo, cli, ["doctor"], { cwd: worktree });
    expect(doctor.status, doctor.stdout).toBe(0);
    expect(doctor.stdout).toContain(linkedWorkTreeWarning(repo.dir));
    // The main work tree has its own node_modules: no such warning there.
    expect(runCli(repo, cli, ["doctor"]).stdout).not.toContain("linked work tree");
  });

  it("husky: commits there are judged and traced from the first, with nothing to run there", async () => {
    const { repo, cli } = await huskyProject();
    expectOk(runCli(repo, cli, ["install"]), "install");
    adopt(repo, cli);
    const worktree = path.join(repo.base, "wt");
    repo.git("worktree", "add", "-q", "-b", "wt", worktree);
    // husky's runners are per checkout: the linked work tree has none, and needs none.
    expect(existsSync(path.join(worktree, ".husky/_"))).toBe(false);
    const doctor = runCli(repo, cli, ["doctor"], { cwd: worktree });
    expect(doctor.status, doctor.stdout).toBe(0);
    expect(doctor.stdout).toContain(
      "  ✓ hooks run through husky from .husky/ (this linked work tree's own files)\n",
    );
    expect(doctor.stdout).toContain(
      `  ✓ linked work trees (git worktree add) run the hooks through ${path.join(repo.dir, ".git/intentguard-worktrees")}/\n`,
    );
    expect(doctor.stdout).toContain(linkedWorkTreeWarning(repo.dir));
    expectOk(runCli(repo, cli, ["select", "INT-001"], { cwd: worktree }), "select");
    expectJudgedAndTraced(repo, worktree);
  });

  it("husky: doctor says so when the linked work trees' hooks are missing", async () => {
    const { repo, cli } = await huskyProject();
    expectOk(runCli(repo, cli, ["install"]), "install");
    adopt(repo, cli);
    repo.git("config", "--unset", "includeIf.gitdir:./worktrees/.path");
    const worktree = path.join(repo.base, "wt");
    repo.git("worktree", "add", "-q", "-b", "wt", worktree);
    const before = runCli(repo, cli, ["doctor"], { cwd: worktree });
    expect(before.status).toBe(1);
    expect(before.stdout).toContain(
      [
        "  ✗ core.hooksPath points to .husky/_, which is missing in this work tree (husky generates it per checkout), so no hook runs here",
        `      fix: run node ${cli} install (it sets up the hooks of every linked work tree)`,
        "",
      ].join("\n"),
    );
    expect(before.stdout).toContain(
      [
        `  ✗ linked work trees (git worktree add) run no hooks: husky makes .husky/_ per checkout, and the hooks install sets up for them in ${path.join(repo.dir, ".git/intentguard-worktrees")} are not set up`,
        "      fix: run intentguard install",
        "",
      ].join("\n"),
    );
    expect(runCli(repo, cli, ["doctor"]).stdout).toContain(
      "linked work trees (git worktree add) run no hooks",
    );
    expectOk(runCli(repo, cli, ["install"], { cwd: worktree }), "install in the linked work tree");
    expect(runCli(repo, cli, ["doctor"], { cwd: worktree }).status).toBe(0);
    expectOk(runCli(repo, cli, ["select", "INT-001"], { cwd: worktree }), "select");
    expectJudgedAndTraced(repo, worktree);
  });
});

describe("package.json's prepare script installs the hooks in every clone", () => {
  const prepareAdded = `  added    package.json's prepare script with "intentguard install": installing the packages (npm ci, npm install, pnpm install, yarn) installs the hooks in every clone`;
  const prepareExtended = `  extended package.json's prepare script with "intentguard install": installing the packages (npm ci, npm install, pnpm install, yarn) installs the hooks in every clone`;

  it("adds it, keeping the indentation and the other keys, and adds nothing the second time", async () => {
    const repo = await createRepo();
    repo.write("package.json", '{\n    "name": "app",\n    "version": "1.0.0"\n}\n');
    const init = expectOk(repo.intentguard(["init"]), "init");
    expect(init.stdout.split("\n")).toContain(prepareAdded);
    expect(repo.read("package.json")).toBe(
      '{\n    "name": "app",\n    "version": "1.0.0",\n    "scripts": {\n        "prepare": "intentguard install"\n    }\n}\n',
    );
    const again = expectOk(repo.intentguard(["init"]), "init again");
    expect(again.stdout).not.toContain("prepare script");
    expect(repo.read("package.json")).toContain('"prepare": "intentguard install"\n');
    expect(repo.read("package.json").match(/intentguard install/g)).toHaveLength(1);
  });

  it("extends an existing prepare script, with tabs kept", async () => {
    const repo = await createRepo();
    const manifest =
      '{\n\t"name": "app",\n\t"scripts": {\n\t\t"prepare": "npm run build",\n\t\t"build": "tsc"\n\t}\n}\n';
    repo.write("package.json", manifest);
    const init = expectOk(repo.intentguard(["init"]), "init");
    expect(init.stdout.split("\n")).toContain(prepareExtended);
    expect(repo.read("package.json")).toBe(
      manifest.replace('"npm run build"', '"npm run build && intentguard install"'),
    );
    expectOk(repo.intentguard(["init"]), "init again");
    expect(repo.read("package.json")).toBe(
      manifest.replace('"npm run build"', '"npm run build && intentguard install"'),
    );
  });

  it("puts husky first when husky is in use and there was no prepare script", async () => {
    const { repo, cli } = await huskyProject();
    repo.write("package.json", '{\n  "name": "app"\n}\n');
    const init = expectOk(runCli(repo, cli, ["init"]), "init");
    expect(init.stdout.split("\n")).toContain(prepareAdded);
    expect(repo.read("package.json")).toBe(
      '{\n  "name": "app",\n  "scripts": {\n    "prepare": "husky && intentguard install"\n  }\n}\n',
    );
  });

  it("refuses a package.json it cannot edit, before writing anything", async () => {
    const repo = await createRepo();
    repo.write("package.json", '{ "name": "app", }\n');
    repo.git("add", "-A");
    repo.git("commit", "-q", "-m", "Start");
    const init = repo.intentguard(["init"]);
    expect(init).toEqual({
      status: 2,
      stdout: "",
      stderr: `intentguard: ${path.join(repo.dir, "package.json")} is not a package manifest intentguard can edit (not valid JSON, or "scripts" is not an object), so its prepare script was not added and the hooks were not installed. Fix the file, then run intentguard init again.\n`,
    });
    expect(repo.git("status", "--porcelain", "--untracked-files=all")).toBe("");
    expect(
      readdirSync(path.join(repo.dir, ".git/hooks")).filter((name) => !name.endsWith(".sample")),
    ).toEqual([]);
    repo.write("package.json", '{ "name": "app", "scripts": ["build"] }\n');
    expect(repo.intentguard(["init"]).status).toBe(2);
    expect(existsSync(path.join(repo.dir, ".orchestration"))).toBe(false);
  });

  it("install from an npm script outside a work tree, or with INTENTGUARD=0, says so and exits 0", async () => {
    const repo = await createRepo();
    const outside = createScratchDir("intentguard-unpacked-");
    const fromScript = repo.intentguard(["install"], {
      cwd: outside,
      env: { npm_lifecycle_event: "prepare" },
    });
    expect(fromScript).toEqual({
      status: 0,
      stdout: `intentguard install: ${outside} is not in a git work tree, so there are no hooks to install (run from the prepare script; nothing else changed)\n`,
      stderr: "",
    });
    const byHand = repo.intentguard(["install"], {
      cwd: outside,
      env: { npm_lifecycle_event: undefined },
    });
    expect(byHand.status).toBe(2);
    expect(byHand.stdout).toBe("");
    expect(byHand.stderr).toContain(`${outside} is not inside a git repository`);

    const disabled = repo.intentguard(["install"], {
      env: { npm_lifecycle_event: "prepare", INTENTGUARD: "0" },
    });
    expect(disabled).toEqual({
      status: 0,
      stdout: "intentguard install: skipped (INTENTGUARD=0)\n",
      stderr: "",
    });
    expect(existsSync(path.join(repo.dir, ".git/hooks/pre-commit"))).toBe(false);
    const disabledByHand = repo.intentguard(["install"], {
      env: { npm_lifecycle_event: undefined, INTENTGUARD: "0" },
    });
    expect(disabledByHand.status).toBe(0);
    expect(existsSync(path.join(repo.dir, ".git/hooks/pre-commit"))).toBe(true);
  });
});

describe("init: the adoption commit in one step", () => {
  const adoptionFiles = [
    ".orchestration/active_intents.yaml",
    "policies/intentguard.yaml",
    ".orchestration/.gitignore",
    ".husky",
    "package.json",
    "package-lock.json",
  ];

  /** A project with package.json, its lock file and husky, that just installed intentguard. */
  async function projectJustInstalled(active: boolean): Promise<{ repo: TestRepo; cli: string }> {
    const repo = await createRepo();
    repo.write("package.json", '{\n  "name": "app",\n  "version": "1.0.0"\n}\n');
    repo.write("package-lock.json", '{\n  "name": "app",\n  "lockfileVersion": 3\n}\n');
    repo.write(".gitignore", "node_modules/\n");
    repo.write(".husky/pre-commit", "echo checked\n");
    repo.write("src/app.ts", "export {};\n");
    repo.git("add", "-A");
    repo.git("commit", "-q", "-m", "Before intentguard");
    const cli = installPackageCopy(path.join(repo.dir, "node_modules"));
    if (active) expectOk(repo.run(process.execPath, [huskyBin]), "husky");
    // What npm install --save-dev changes.
    repo.write(
      "package.json",
      '{\n  "name": "app",\n  "version": "1.0.0",\n  "devDependencies": {\n    "intentguard": "^0.1.0"\n  }\n}\n',
    );
    repo.write(
      "package-lock.json",
      '{\n  "name": "app",\n  "lockfileVersion": 3,\n  "packages": {}\n}\n',
    );
    return { repo, cli };
  }

  it("prints the adoption command with exactly the changed files; it commits them all, then tooling commits go under INT-002", async () => {
    const { repo, cli } = await projectJustInstalled(true);
    const init = expectOk(runCli(repo, cli, ["init"]), "init");
    const command = `git add -- ${adoptionFiles.join(" ")} && git commit -m "Adopt intentguard"`;
    expect(init.stdout).toContain(
      `\nNext:\n  1. Describe your intents and their scopes in .orchestration/active_intents.yaml (INT-002 owns the tooling files: keep it or narrow it).\n  2. Commit them and the tooling in one adoption commit: ${command}\n  3. Choose what this work tree works on: npx intentguard select INT-001\n`,
    );
    expect(repo.read(".orchestration/active_intents.yaml")).toContain(
      `    owned_scope:\n${[".orchestration/.gitignore", ".husky", "package.json", "package-lock.json"].map((file) => `      - "${file}"`).join("\n")}\n    forbidden_scope: []\n`,
    );

    const adoption = repo.run("sh", ["-c", command]);
    expect(adoption.status, adoption.stderr).toBe(0);
    expect(adoption.stderr).toContain("✓ intentguard: allowed — adoption commit");
    expect(repo.git("status", "--porcelain", "--untracked-files=all")).toBe("");
    expect(repo.git("show", "--name-only", "--format=", "HEAD").trim().split("\n").sort()).toEqual([
      ".husky/applypatch-msg",
      ".husky/commit-msg",
      ".husky/intentguard.sh",
      ".husky/pre-commit",
      ".husky/pre-push",
      ".husky/prepare-commit-msg",
      ".husky/reference-transaction",
      ".orchestration/.gitignore",
      ".orchestration/active_intents.yaml",
      "package-lock.json",
      "package.json",
      "policies/intentguard.yaml",
    ]);
    expect(repo.commitCount()).toBe(2);

    repo.write("package.json", repo.read("package.json").replace('"1.0.0"', '"1.1.0"'));
    const tooling = repo.tryGit(["commit", "-am", "Release 1.1.0"], {
      env: { INTENTGUARD_INTENT: "INT-002" },
    });
    expect(tooling.status, tooling.stderr).toBe(0);
    expect(repo.lastMessage()).toContain("Intent: INT-002");
    expect(repo.commitCount()).toBe(3);
  });

  it("with husky present but not active, Next starts with activating it", async () => {
    const { repo, cli } = await projectJustInstalled(false);
    const init = expectOk(runCli(repo, cli, ["init"]), "init");
    expect(init.stdout).toContain(
      "\nNext (husky is not active here: its hooks, and so intentguard's, do not run yet):\n  1. Activate husky in this clone, or no hook runs: npx husky && npx intentguard install\n  2. Describe your intents",
    );
    expect(init.stdout).toContain(
      "  note: husky is not active in this clone (core.hooksPath is unset), so none of these hooks run yet: run npx husky, then intentguard install\n",
    );
  });
});

describe("git fetch and git pull bring the team's notes", () => {
  it("install adds the refspec, uninstall removes it, and a pull merges the teammate's notes with local ones", async () => {
    const teammate = await createGovernedRepo();
    expectOk(teammate.intentguard(["select", "INT-001"]), "select");
    const remote = path.join(teammate.base, "remote.git");
    teammate.git("init", "-q", "--bare", remote);
    teammate.git("remote", "add", "origin", remote);
    teammate.git("push", "-q", "-u", "origin", "main");

    const clone = path.join(teammate.base, "clone");
    teammate.git("clone", "-q", remote, clone);
    const here = new TestRepo(clone, teammate.env, teammate.base);
    const install = expectOk(here.intentguard(["install"]), "install");
    expect(install.stdout).toBe(
      [
        `intentguard install: git hooks in ${clone}/.git/hooks`,
        ...installedLines(".git/hooks"),
        "  added a fetch refspec to remote origin: git fetch and git pull bring its notes",
        "",
      ].join("\n"),
    );
    expect(here.git("config", "--get-all", "remote.origin.fetch")).toBe(
      `${defaultFetch}\n${notesFetch}\n`,
    );
    const uninstall = expectOk(here.intentguard(["uninstall"]), "uninstall");
    expect(uninstall.stdout).toContain("\n  removed the notes fetch refspec from remote origin\n");
    expect(here.git("config", "--get-all", "remote.origin.fetch")).toBe(`${defaultFetch}\n`);
    expectOk(here.intentguard(["install"]), "install again");
    expect(here.git("config", "--get-all", "remote.origin.fetch")).toBe(
      `${defaultFetch}\n${notesFetch}\n`,
    );
    const reinstall = expectOk(here.intentguard(["install"]), "install a third time");
    expect(reinstall.stdout).toBe(
      `intentguard install: git hooks in ${clone}/.git/hooks\n  everything was already installed\n`,
    );

    // A local record on a commit only this clone has.
    expectOk(here.intentguard(["select", "INT-001"]), "select");
    here.git("checkout", "-q", "-b", "local");
    const local = here.commitFile("src/auth/local.ts", "local\n", "Local work");
    here.git("checkout", "-q", "main");
    const localRecords = noteRecords(here, local);
    expect(localRecords).toHaveLength(1);

    const first = teammate.commitFile("src/auth/one.ts", "1\n", "One");
    const second = teammate.commitFile("src/auth/two.ts", "2\n", "Two");
    expect(teammate.tryGit(["push", "-q", "origin", "main"]).status).toBe(0);
    const pull = here.tryGit(["pull", "-q"]);
    expect(pull, pull.stderr).toMatchObject({ status: 0, stderr: "" });
    expect(here.head()).toBe(second);
    // Fetched beside ours, then merged into ours as the fetch completed.
    expect(here.git("rev-parse", "refs/notes/remotes/origin/intentguard")).toBe(
      teammate.git("rev-parse", "refs/notes/intentguard"),
    );

    const annotated = (repo: TestRepo) =>
      repo
        .git("notes", "--ref=intentguard", "list")
        .trim()
        .split("\n")
        .map((line) => line.split(" ")[1])
        .sort();
    expect(annotated(teammate)).toEqual(expect.arrayContaining([first, second]));
    expect(annotated(here)).toEqual([...annotated(teammate), local].sort());
    expect(noteRecords(here, local)).toEqual(localRecords);
    expect(noteRecords(here, second)).toEqual(noteRecords(teammate, second));
    const verify = here.intentguard(["trace", "verify"]);
    expect(verify.status, `${verify.stdout}${verify.stderr}`).toBe(0);
    expect(verify.stderr).toBe("");
  });
});

describe("what a team's first week turned up", () => {
  it("git fetch still works from a remote that has no notes, and doctor names a remote added later", async () => {
    const { repo, cli } = await projectWithPackage();
    expectOk(runCli(repo, cli, ["install"]), "install");
    adopt(repo, cli);
    const upstream = path.join(repo.base, "upstream.git");
    repo.git("init", "-q", "--bare", upstream);
    repo.git("remote", "add", "upstream", upstream);
    repo.git("push", "-q", "--no-verify", "upstream", "main");
    const before = runCli(repo, cli, ["doctor"]);
    expect(before.stdout).toContain(
      "  ! git fetch from upstream does not bring the team's trace notes (no notes fetch refspec)\n      fix: run intentguard install (it adds the refspec to every remote)\n",
    );
    expectOk(runCli(repo, cli, ["install"]), "install");
    expect(runCli(repo, cli, ["doctor"]).stdout).not.toContain("trace notes");
    // The remote has no refs/notes/intentguard: a fetch and a pull go on as before.
    const fetched = repo.tryGit(["fetch", "upstream"]);
    expect(fetched, fetched.stderr).toMatchObject({ status: 0, stderr: "" });
    expect(repo.tryGit(["pull", "-q", "upstream", "main"]).status).toBe(0);
  });

  it("installed from a linked work tree, .git/hooks name the main work tree's package", async () => {
    const { repo, cli } = await projectWithPackage();
    expectOk(runCli(repo, cli, ["install"]), "install");
    adopt(repo, cli);
    const worktree = path.join(repo.base, "wt");
    repo.git("worktree", "add", "-q", "-b", "wt", worktree);
    // npm ci there: the work tree gets a package of its own, and its prepare script installs.
    const ownCli = installPackageCopy(path.join(worktree, "node_modules"));
    expectOk(runCli(repo, ownCli, ["install"], { cwd: worktree }), "install from the work tree");
    expect(repo.read(".git/hooks/pre-commit")).toContain(
      `\nig_package_hooks=${path.join(repo.dir, "node_modules/intentguard/hooks")}\n`,
    );
    repo.git("worktree", "remove", "--force", worktree);
    repo.write("src/auth/login.ts", "export const login = 4;\n");
    repo.git("add", "-A");
    const landed = repo.commit("Change login after the work tree went");
    expect(landed.status, landed.stderr).toBe(0);
  });

  it("a committed core.hooksPath folder names the package relative to the work tree, and joins the adoption", async () => {
    const { repo, cli } = await projectWithPackage();
    repo.write(".githooks/pre-commit", "#!/bin/sh\necho team hook\n");
    repo.git("config", "core.hooksPath", ".githooks");
    repo.write("package.json", '{ "name": "app" }\n');
    const init = expectOk(runCli(repo, cli, ["init"]), "init");
    for (const [file, text] of Object.entries(filesUnder(path.join(repo.dir, ".githooks")))) {
      expect(text, file).not.toContain(repo.base);
    }
    expect(repo.read(".githooks/pre-commit")).toContain(
      "\nig_package_hooks=node_modules/intentguard/hooks\n",
    );
    expect(init.stdout).toContain(
      'git add -- .orchestration/active_intents.yaml policies/intentguard.yaml .orchestration/.gitignore .githooks package.json && git commit -m "Adopt intentguard"',
    );
    expect(repo.read(".orchestration/active_intents.yaml")).toContain('      - ".githooks"\n');
  });

  it("run from a package in a subfolder (a monorepo), init edits that package.json and prints paths from the top", async () => {
    const repo = await createRepo();
    const web = path.join(repo.dir, "web");
    repo.write(".gitignore", "node_modules/\n");
    repo.write("web/package.json", '{ "name": "web" }\n');
    repo.git("add", "-A");
    repo.git("commit", "-q", "-m", "The web package");
    const cli = installPackageCopy(path.join(web, "node_modules"));
    const init = expectOk(runCli(repo, cli, ["init"], { cwd: web }), "init");
    expect(JSON.parse(repo.read("web/package.json")).scripts.prepare).toBe("intentguard install");
    const command =
      'git add -- :/.orchestration/active_intents.yaml :/policies/intentguard.yaml :/.orchestration/.gitignore :/web/package.json && git commit -m "Adopt intentguard"';
    expect(init.stdout).toContain(command);
    expect(repo.read(".orchestration/active_intents.yaml")).toContain(
      '      - "web/package.json"\n',
    );
    // Pasted where init ran, it adopts.
    expectOk(repo.run("sh", ["-c", command], { cwd: web }), "the printed adoption command");
    expect(repo.git("status", "--porcelain", "--untracked-files=all").trim()).toBe("");
  });
});

import { chmodSync, existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { managedHooks } from "../../src/install/managed-hooks.js";
import { firstHuskyInstallReport } from "../support/install-reports.js";
import { huskyBin, installPackageCopy } from "../support/package-copy.js";
import { createRepo, refusedByHook, standardIntents, type TestRepo } from "../support/test-repo.js";

const userHook =
  '#!/bin/sh\necho "user $(basename "$0") ran" >> "$(git rev-parse --git-dir)/user-hook.log"\n';

function userHookLog(repo: TestRepo): string {
  const file = path.join(repo.dir, ".git", "user-hook.log");
  return existsSync(file) ? readFileSync(file, "utf8") : "";
}

function adopt(repo: TestRepo, cli?: string): void {
  repo.write(".orchestration/active_intents.yaml", standardIntents);
  repo.write("src/auth/login.ts", "export const login = 1;\n");
  repo.git("add", "-A");
  repo.git("commit", "-q", "-m", "Adopt intentguard");
  const select = cli
    ? repo.run(process.execPath, [cli, "select", "INT-001"])
    : repo.intentguard(["select", "INT-001"]);
  expect(select.status).toBe(0);
}

function commitAuthChange(repo: TestRepo, content: string) {
  repo.write("src/auth/login.ts", content);
  repo.git("add", "-A");
  return repo.commit(`Change login to ${content.trim()}`);
}

describe("install and uninstall without husky", () => {
  it("chains a hook that was already there: it runs after install and after uninstall", async () => {
    const repo = await createRepo();
    repo.write(".git/hooks/pre-commit", userHook);
    chmodSync(path.join(repo.dir, ".git/hooks/pre-commit"), 0o755);
    const install = repo.intentguard(["install"]);
    expect(install.status).toBe(0);
    expect(install.stdout).toBe(
      [
        `intentguard install: git hooks in ${repo.dir}/.git/hooks`,
        ...managedHooks.map((hook) => `  installed .git/hooks/${hook}`),
        "",
      ].join("\n"),
    );
    expect(repo.read(".git/hooks/pre-commit.pre-intentguard")).toBe(userHook);
    adopt(repo);
    expect(userHookLog(repo)).toBe("user pre-commit.pre-intentguard ran\n");

    expect(commitAuthChange(repo, "two").status).toBe(0);
    expect(repo.lastMessage()).toContain("Intent: INT-001");
    expect(userHookLog(repo).split("\n").filter(Boolean)).toHaveLength(2);

    const uninstall = repo.intentguard(["uninstall"]);
    expect(uninstall.status).toBe(0);
    expect(uninstall.stdout).toBe(
      [
        `intentguard uninstall: git hooks in ${repo.dir}/.git/hooks`,
        ...managedHooks.map((hook) => `  removed .git/hooks/${hook}`),
        "",
      ].join("\n"),
    );
    expect(repo.read(".git/hooks/pre-commit")).toBe(userHook);
    expect(existsSync(path.join(repo.dir, ".git/hooks/pre-commit.pre-intentguard"))).toBe(false);
    expect(existsSync(path.join(repo.dir, ".git/hooks/commit-msg"))).toBe(false);
    expect(commitAuthChange(repo, "three").status).toBe(0);
    expect(repo.lastMessage()).not.toContain("Intent:");
    expect(userHookLog(repo).split("\n").filter(Boolean)).toHaveLength(3);
  });

  it("stops the commit when the chained hook fails, before intentguard runs", async () => {
    const repo = await createRepo();
    repo.write(".git/hooks/pre-commit", "#!/bin/sh\necho 'lint failed' >&2\nexit 3\n");
    chmodSync(path.join(repo.dir, ".git/hooks/pre-commit"), 0o755);
    expect(repo.intentguard(["install"]).status).toBe(0);
    repo.write("a.txt", "a\n");
    repo.git("add", "-A");
    const result = repo.commit("Blocked by the user's hook");
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("lint failed");
    expect(result.stderr).not.toContain("intentguard");
  });

  it("takes itself out of the hooks an earlier version installed", async () => {
    const repo = await createRepo();
    expect(repo.intentguard(["install"]).status).toBe(0);
    const old = readFileSync(path.join(repo.dir, ".git/hooks/pre-commit"), "utf8").replaceAll(
      "pre-commit",
      "post-commit",
    );
    repo.write(".git/hooks/post-commit", old);
    chmodSync(path.join(repo.dir, ".git/hooks/post-commit"), 0o755);
    expect(repo.intentguard(["doctor"]).stdout).toContain(
      "! post-commit: installed by an earlier version and no longer used",
    );
    const again = repo.intentguard(["install"]);
    expect(again.stdout).toBe(
      `intentguard install: git hooks in ${repo.dir}/.git/hooks\n  removed .git/hooks/post-commit\n  6 other hook files already up to date\n`,
    );
    expect(existsSync(path.join(repo.dir, ".git/hooks/post-commit"))).toBe(false);
  });

  it("is idempotent", async () => {
    const repo = await createRepo();
    expect(repo.intentguard(["install"]).status).toBe(0);
    const before = readFileSync(path.join(repo.dir, ".git/hooks/pre-commit"), "utf8");
    const again = repo.intentguard(["install"]);
    expect(again.status).toBe(0);
    expect(again.stdout).toBe(
      `intentguard install: git hooks in ${repo.dir}/.git/hooks\n  everything was already installed\n`,
    );
    expect(readFileSync(path.join(repo.dir, ".git/hooks/pre-commit"), "utf8")).toBe(before);
    expect(
      readdirSync(path.join(repo.dir, ".git/hooks")).filter((name) =>
        name.includes("pre-intentguard"),
      ),
    ).toEqual([]);
  });

  it("installs into core.hooksPath when it is set", async () => {
    const repo = await createRepo();
    repo.git("config", "core.hooksPath", "githooks");
    const install = repo.intentguard(["install"]);
    expect(install.status).toBe(0);
    expect(statSync(path.join(repo.dir, "githooks/pre-commit")).mode & 0o111).not.toBe(0);
    adopt(repo);
    repo.write("src/billing/x.ts", "x\n");
    repo.git("add", "-A");
    expect(repo.commit("Outside").status).toBe(refusedByHook);
  });

  it("works with the package installed in a subdirectory, run from a subdirectory", async () => {
    const repo = await createRepo();
    const cli = installPackageCopy(path.join(repo.dir, "web", "node_modules"));
    repo.write(".gitignore", "node_modules/\n");
    const install = repo.run(process.execPath, [cli, "install"], {
      cwd: path.join(repo.dir, "web"),
    });
    expect(install.status).toBe(0);
    expect(repo.read(".git/hooks/pre-commit")).toContain(
      `ig_package_hooks=${path.join(repo.dir, "web/node_modules/intentguard/hooks")}\n`,
    );
    adopt(repo, cli);
    repo.write("src/billing/x.ts", "x\n");
    repo.git("add", "-A");
    const blocked = repo.commit("Outside");
    expect(blocked.status).toBe(refusedByHook);
    expect(blocked.stderr).toContain("outside the scope of INT-001");
  });
});

describe("install and uninstall with husky 9", () => {
  async function huskyRepo(): Promise<TestRepo> {
    const repo = await createRepo();
    const cli = installPackageCopy(path.join(repo.dir, "node_modules"));
    repo.write(".gitignore", "node_modules/\n");
    expect(repo.run(process.execPath, [huskyBin]).status).toBe(0);
    repo.write(
      ".husky/pre-commit",
      'echo "user husky line ran" >> "$(git rev-parse --git-dir)/user-hook.log"\n',
    );
    const install = repo.run(process.execPath, [cli, "install"]);
    expect(install.status).toBe(0);
    expect(install.stdout).toBe(firstHuskyInstallReport);
    return repo;
  }

  it("adds one line per hook file, keeps the user's lines, and both run", async () => {
    const repo = await huskyRepo();
    expect(repo.read(".husky/pre-commit")).toBe(
      'echo "user husky line ran" >> "$(git rev-parse --git-dir)/user-hook.log"\nsh .husky/intentguard.sh pre-commit "$@" # intentguard\n',
    );
    expect(repo.read(".husky/commit-msg")).toBe(
      'sh .husky/intentguard.sh commit-msg "$@" # intentguard\n',
    );
    expect(repo.read(".husky/intentguard.sh")).toContain(
      "\nig_package_hooks=node_modules/intentguard/hooks\n",
    );
    expect(repo.git("config", "core.hooksPath").trim()).toBe(".husky/_");
    // husky 9 makes no runner for reference-transaction: install writes husky's two lines.
    expect(repo.read(".husky/_/reference-transaction")).toBe(
      '#!/usr/bin/env sh\n. "$(dirname "$0")/h"\n',
    );
    expect(repo.read(".husky/reference-transaction")).toBe(
      'sh .husky/intentguard.sh reference-transaction "$@" # intentguard\n',
    );
    adopt(repo, path.join(repo.dir, "node_modules/intentguard/dist/cli.cjs"));
    expect(commitAuthChange(repo, "two").status).toBe(0);
    expect(repo.lastMessage()).toContain("Intent: INT-001");
    repo.write("src/billing/x.ts", "x\n");
    repo.git("add", "-A");
    const blocked = repo.commit("Outside");
    expect(blocked.status).toBe(refusedByHook);
    expect(blocked.stderr).toContain("outside the scope of INT-001");
    expect(userHookLog(repo).split("\n").filter(Boolean)).toHaveLength(3);
  });

  it("is idempotent and uninstalls only its own lines, saying it removed lines", async () => {
    const repo = await huskyRepo();
    const cli = path.join(repo.dir, "node_modules/intentguard/dist/cli.cjs");
    const first = repo.read(".husky/pre-commit");
    const again = repo.run(process.execPath, [cli, "install"]);
    expect(again).toEqual({
      status: 0,
      stdout: "intentguard install: husky hooks in .husky/\n  everything was already installed\n",
      stderr: "",
    });
    expect(repo.read(".husky/pre-commit")).toBe(first);
    const uninstall = repo.run(process.execPath, [cli, "uninstall"]);
    expect(uninstall).toEqual({
      status: 0,
      stdout: [
        "intentguard uninstall: husky hooks in .husky/",
        "  removed our line from .husky/pre-commit",
        "  removed our line from .husky/prepare-commit-msg",
        "  removed our line from .husky/commit-msg",
        "  removed our line from .husky/applypatch-msg",
        "  removed our line from .husky/reference-transaction",
        "  removed .husky/_/reference-transaction",
        "  removed our line from .husky/pre-push",
        "  removed .husky/intentguard.sh",
        "  removed the hooks of linked work trees (.git/intentguard-worktrees/)",
        "",
      ].join("\n"),
      stderr: "",
    });
    expect(uninstall.stdout).not.toContain("already up to date");
    expect(repo.read(".husky/pre-commit")).toBe(
      'echo "user husky line ran" >> "$(git rev-parse --git-dir)/user-hook.log"\n',
    );
    expect(existsSync(path.join(repo.dir, ".husky/commit-msg"))).toBe(false);
    expect(existsSync(path.join(repo.dir, ".husky/intentguard.sh"))).toBe(false);
    expect(existsSync(path.join(repo.dir, ".husky/_/reference-transaction"))).toBe(false);
    expect(existsSync(path.join(repo.dir, ".husky/_/h"))).toBe(true);
    const second = repo.run(process.execPath, [cli, "uninstall"]);
    expect(second).toEqual({
      status: 0,
      stdout: "intentguard uninstall: husky hooks in .husky/\n  nothing to remove\n",
      stderr: "",
    });
    expect(repo.read(".husky/pre-commit")).toBe(
      'echo "user husky line ran" >> "$(git rev-parse --git-dir)/user-hook.log"\n',
    );
  });
});

describe("doctor", () => {
  it("reports a hook that lost its execute bit, and an installation that is fine", async () => {
    const repo = await createRepo();
    expect(repo.intentguard(["install"]).status).toBe(0);
    adopt(repo);
    const healthy = repo.intentguard(["doctor"], {
      env: { PATH: `/usr/bin:/bin:${path.dirname(process.execPath)}` },
    });
    expect(healthy.stdout).toContain("✓ pre-commit: installed");
    expect(healthy.stdout).toContain("✓ reference-transaction: installed");
    expect(healthy.stdout).not.toContain("notes.rewriteRef");
    // An earlier version's setting would copy old records onto rewritten commits.
    repo.git("config", "--add", "notes.rewriteRef", "refs/notes/intentguard");
    const copying = repo.intentguard(["doctor"]);
    expect(copying.stdout).toContain(
      "! notes.rewriteRef includes refs/notes/intentguard: git would copy old records onto rewritten commits",
    );
    const reinstall = repo.intentguard(["install"]);
    expect(reinstall.stdout).toBe(
      `intentguard install: git hooks in ${repo.dir}/.git/hooks\n  removed git config notes.rewriteRef refs/notes/intentguard\n  6 other hook files already up to date\n`,
    );
    expect(repo.tryGit(["config", "--get-all", "notes.rewriteRef"]).status).toBe(1);
    chmodSync(path.join(repo.dir, ".git/hooks/commit-msg"), 0o644);
    const broken = repo.intentguard(["doctor"]);
    expect(broken.status).toBe(1);
    expect(broken.stdout).toContain(
      "✗ commit-msg: .git/hooks/commit-msg is not executable, so git skips it",
    );
    expect(broken.stdout).toContain("fix: chmod +x .git/hooks/commit-msg");
  });

  it("reports hooks installed where core.hooksPath no longer looks, and husky not installed", async () => {
    const repo = await createRepo();
    expect(repo.intentguard(["install"]).status).toBe(0);
    repo.git("config", "core.hooksPath", "elsewhere");
    const moved = repo.intentguard(["doctor"]);
    expect(moved.status).toBe(1);
    expect(moved.stdout).toContain("hooks run from");
    expect(moved.stdout).toContain(
      "✗ pre-commit: intentguard is not installed in elsewhere/pre-commit",
    );
    repo.git("config", "--unset", "core.hooksPath");
    repo.write(".husky/pre-commit", "npm test\n");
    const husky = repo.intentguard(["doctor"]);
    expect(husky.stdout).toContain(
      "husky is not installed in this clone (core.hooksPath is unset)",
    );
    expect(husky.stdout).toContain("fix: run npx husky");
  });

  it("warns when the selected intent would refuse every commit: not IN_PROGRESS, or gone", async () => {
    const repo = await createRepo();
    expect(repo.intentguard(["install"]).status).toBe(0);
    adopt(repo);
    expect(repo.intentguard(["doctor"]).stdout).toContain("  ✓ selected intent: INT-001\n");
    const rules = (intents: string) => {
      repo.write(".orchestration/active_intents.yaml", intents);
      repo.git("add", "-A");
      expect(repo.commit("Rules").status).toBe(0);
    };
    rules(standardIntents.replace('status: "IN_PROGRESS"', 'status: "COMPLETED"'));
    expect(repo.intentguard(["doctor"])).toMatchObject({
      status: 0,
      stdout: expect.stringContaining(
        "  ! selected intent INT-001 is COMPLETED, so every commit under it is refused (rule intent_status: only an IN_PROGRESS intent authorises commits)\n      fix: intentguard intent start INT-001 --reopen and commit that, or select an intent in progress: intentguard select <ID>\n",
      ),
    });
    rules(standardIntents.replaceAll("INT-001", "INT-009"));
    expect(repo.intentguard(["doctor"]).stdout).toContain(
      "  ! selected intent INT-001 is not in the committed intents, so every commit under it is refused\n      fix: select one that is: intentguard select <ID> (intentguard intent list shows them)\n",
    );
  });

  it("warns when node is not on the minimal PATH GUI clients give hooks", async () => {
    const repo = await createRepo();
    const nodeDir = path.dirname(process.execPath);
    const result = repo.intentguard(["doctor"], { env: { PATH: `${nodeDir}:/bin` } });
    if (["/usr/bin", "/bin", "/usr/sbin", "/sbin"].includes(nodeDir)) {
      expect(result.stdout).toContain("node is on the minimal PATH");
    } else {
      expect(result.stdout).toContain("is not on the minimal PATH GUI git clients give hooks");
      expect(result.stdout).toContain("intentguard/init.sh containing: export PATH=");
    }
  });
});

import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import {
  createRepo,
  createScratchDir,
  expectSuccess,
  projectRoot,
  type Run,
  type TestRepo,
} from "../support/test-repo.js";

/**
 * The README's "Use it in your repository" section, run verbatim: its first sh block in a project
 * that already has a package.json, its lock file and husky, installing intentguard from the
 * tarball `npm pack` makes (what users get: `files` in package.json decides what it holds), then
 * its teammate block in a second clone. npm resolves from its cache first (the registry only for
 * what the cache lacks), never from this checkout.
 */
const readme = readFileSync(path.join(projectRoot, "README.md"), "utf8");

function shBlocks(section: string): string[][] {
  const start = readme.indexOf(`\n## ${section}\n`);
  const end = readme.indexOf("\n## ", start + 1);
  const text = readme.slice(start, end);
  return [...text.matchAll(/```sh\n([\s\S]*?)```/g)].map((block) =>
    (block[1] ?? "").split("\n").filter((line) => line.trim() !== ""),
  );
}

/** The command of a README line, without its trailing `# comment`. */
function command(line: string): string {
  return line.replace(/\s+#\s[^"']*$/, "").trim();
}

const npmEnv = {
  npm_config_cache: process.env.npm_config_cache ?? path.join(os.homedir(), ".npm"),
  npm_config_prefer_offline: "true",
  npm_config_audit: "false",
  npm_config_fund: "false",
  npm_config_update_notifier: "false",
};

let tarballDir: string;

beforeAll(() => {
  tarballDir = createScratchDir("intentguard-pack-");
  // --ignore-scripts: dist/ is already built (global setup); prepack would rebuild it under the
  // feet of the other test files.
  const packed = spawnNpm(projectRoot, [
    "pack",
    "--ignore-scripts",
    "--pack-destination",
    tarballDir,
  ]);
  expectSuccess(packed, "npm pack");
}, 120_000);

it("ships no script npm would run where the package is installed (npm 11 warns of each)", () => {
  const [tarball = ""] = readdirSync(tarballDir);
  const manifest = spawnSync("tar", [
    "-xzOf",
    path.join(tarballDir, tarball),
    "package/package.json",
  ]);
  expect(manifest.status).toBe(0);
  const { scripts } = JSON.parse(manifest.stdout.toString("utf8"));
  for (const installScript of ["preinstall", "install", "postinstall", "prepare"]) {
    expect(scripts?.[installScript]).toBeUndefined();
  }
  expect(scripts.prepack).toBe("node scripts/build.mjs"); // run by npm pack in a checkout, never by an install
});

function spawnNpm(cwd: string, args: string[]): Run {
  const result = spawnSync("npm", args, {
    cwd,
    encoding: "utf8",
    env: { ...process.env, ...npmEnv },
  });
  return { status: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
}

function sh(repo: TestRepo, script: string, cwd: string, env: Record<string, string> = {}): Run {
  return repo.run("sh", ["-c", script], { cwd, env: { ...npmEnv, ...env } });
}

describe("a team's first week, following the README", () => {
  it("adopts intentguard from the packed tarball, and a teammate's clone gets hooks, traces and notes", async () => {
    const [adopt, teammate] = shBlocks("Use it in your repository");
    expect(adopt?.length).toBeGreaterThan(5);
    expect(teammate?.length).toBeGreaterThan(2);

    // A project as a team has it before adopting: package.json, its lock file, husky with a hook
    // of its own, some source, and a shared remote.
    const app = await createRepo();
    const remote = path.join(app.base, "remote.git");
    app.git("init", "-q", "--bare", remote);
    app.git("remote", "add", "origin", remote);
    app.write(".gitignore", "node_modules\n");
    app.write(
      "package.json",
      `${JSON.stringify(
        {
          name: "app",
          version: "1.0.0",
          private: true,
          scripts: { prepare: "husky" },
          devDependencies: { husky: "9.1.7" },
        },
        null,
        2,
      )}\n`,
    );
    app.write("src/login.js", "export const limit = 10;\n");
    app.write(".husky/pre-commit", 'echo "the team\'s own pre-commit ran"\n');
    expectSuccess(sh(app, "npm install", app.dir), "npm install");
    app.git("add", "-A");
    app.git("commit", "-q", "-m", "The app, before intentguard");
    const [tarball] = readdirSync(tarballDir);
    app.write(`vendor/${tarball}`, readFileSync(path.join(tarballDir, tarball ?? "")));

    const editor = path.join(app.base, "editor.sh");
    writeFileSync(
      editor,
      [
        "#!/bin/sh",
        "case $1 in",
        '  *.yaml) sed -i "s/Describe the first piece of work/Login rate limiting/" "$1" ;;',
        '  *) echo "export const window = 60;" >>"$1" ;;',
        "esac",
        "",
      ].join("\n"),
      { mode: 0o755 },
    );
    const steps = (adopt ?? []).map(command);
    const outputs: Run[] = [];
    for (const step of steps) {
      const result = sh(app, step, app.dir, { EDITOR: editor });
      expectSuccess(result, step);
      outputs.push(result);
    }
    const [install, init, , addAndCommit, , , commit, show, verify] = outputs;
    expect(install?.stdout).not.toContain("intentguard install"); // no prepare run by npm install <tarball>

    // init printed the adoption command the README shows, file for file.
    const readmeAdd = steps.find((step) => step.startsWith("git add"));
    expect(init?.stdout).toContain(readmeAdd);
    expect(init?.stdout).toContain("added our line to .husky/pre-commit");
    expect(addAndCommit?.stdout + (addAndCommit?.stderr ?? "")).toContain("adoption commit");
    const tooling = app.git("show", "HEAD~1:.orchestration/active_intents.yaml");
    // The folder, not the tarball: the next version's tarball is tooling too.
    expect(tooling).toContain('      - "vendor/**"');
    expect(tooling).not.toContain(`${tarball}`);
    expect(JSON.parse(app.git("show", "HEAD~1:package.json")).scripts.prepare).toBe(
      "husky && intentguard install",
    );
    // Committed hook files name no path of this machine.
    for (const file of app.git("ls-files", ".husky").split("\n").filter(Boolean)) {
      expect(app.read(file)).not.toContain(app.base);
      expect(app.read(file)).not.toContain(projectRoot);
    }
    expect(commit?.stderr).toContain("the team's own pre-commit ran");
    expect(app.lastMessage()).toContain("Intent: INT-001");
    expect(show?.stdout).toContain("INT-001");
    expect(verify?.status).toBe(0);
    const lineCommit = app.head();
    expect(app.git("ls-remote", remote, "refs/notes/intentguard")).not.toBe("");

    // The teammate: their own identity, a clone, npm ci, the README's teammate block.
    const bob = {
      GIT_AUTHOR_NAME: "Bob",
      GIT_AUTHOR_EMAIL: "bob@example.com",
      GIT_COMMITTER_NAME: "Bob",
      GIT_COMMITTER_EMAIL: "bob@example.com",
    };
    const script = ["set -e", ...(teammate ?? []).map(command)]
      .join("\n")
      .replace("<url>", remote)
      .replace(/\bapp\b/g, "bob-app");
    const onboarding = sh(app, script, app.base, bob);
    expectSuccess(onboarding, "the teammate block");
    const bobDir = path.join(app.base, "bob-app");
    const asBob = (args: string[]) => app.run("git", args, { cwd: bobDir, env: bob });
    const bobIntentguard = (args: string[]) =>
      app.run(path.join(bobDir, "node_modules", ".bin", "intentguard"), args, {
        cwd: bobDir,
        env: bob,
      });

    // Hooks installed by npm ci's prepare script; the team's notes arrived with git fetch.
    const doctor = bobIntentguard(["doctor"]);
    expect(doctor.stdout).not.toContain("✗");
    expect(doctor.status).toBe(0);
    expect(asBob(["notes", "--ref=intentguard", "show", lineCommit]).status).toBe(0);

    // Out of scope: refused as it lands. In scope: traced.
    writeFileSync(path.join(bobDir, "README.txt"), "docs\n");
    expect(asBob(["add", "README.txt"]).status).toBe(0);
    const blocked = asBob(["commit", "-m", "Add docs"]);
    expect(blocked.status).not.toBe(0);
    expect(blocked.stderr).toContain("outside the scope of INT-001");
    expect(asBob(["reset", "-q"]).status).toBe(0);
    writeFileSync(path.join(bobDir, "src/login.js"), "export const limit = 5;\n");
    expect(asBob(["commit", "-qam", "Lower the login limit"]).status).toBe(0);
    const bobCommit = asBob(["rev-parse", "HEAD"]).stdout.trim();
    expect(asBob(["notes", "--ref=intentguard", "show", bobCommit]).stdout).toContain(
      '"intent_id":"INT-001"',
    );
    expect(asBob(["push", "-q", "origin", "main"]).status).toBe(0);

    // Back in the first clone: git pull brings Bob's commit and its trace record.
    expectSuccess(app.tryGit(["pull", "-q", "--ff-only"]), "git pull");
    expect(app.head()).toBe(bobCommit);
    expect(app.git("notes", "--ref=intentguard", "show", bobCommit)).toContain(
      '"intent_id":"INT-001"',
    );
    expect(app.git("notes", "--ref=intentguard", "show", lineCommit)).toContain("INT-001");
    const verifyHere = sh(app, "npx intentguard trace verify", app.dir);
    expect(verifyHere.status).toBe(0);
    expect(bobIntentguard(["trace", "verify"]).status).toBe(0);
  }, 240_000);

  it("adopts it in a repository without package.json from a global install, and a teammate's clone too", async () => {
    const [, , adopt, teammate] = shBlocks("Use it in your repository");
    expect(adopt?.[0]).toMatch(/^npm install -g /);
    expect(teammate?.length).toBeGreaterThan(3);

    // A Python project with a shared remote, and the tarball where the README has it.
    const app = await createRepo();
    const remote = path.join(app.base, "remote.git");
    app.git("init", "-q", "--bare", remote);
    app.git("remote", "add", "origin", remote);
    app.write("src/app.py", "print('hello')\n");
    app.git("add", "-A");
    app.git("commit", "-q", "-m", "The app, before intentguard");
    const [tarball = ""] = readdirSync(tarballDir);
    const downloads = path.join(app.base, "home", "Downloads");
    app.write(
      path.relative(app.dir, path.join(downloads, tarball)),
      readFileSync(path.join(tarballDir, tarball)),
    );
    // npm install -g puts the package and its command under this machine's prefix.
    const prefix = path.join(app.base, "global");
    const global = {
      npm_config_prefix: prefix,
      PATH: `${path.join(prefix, "bin")}${path.delimiter}${process.env.PATH ?? ""}`,
    };
    const editor = path.join(app.base, "editor.sh");
    writeFileSync(
      editor,
      '#!/bin/sh\ncase $1 in\n  *.yaml) ;;\n  *) echo "print(2)" >>"$1" ;;\nesac\n',
      { mode: 0o755 },
    );
    const outputs: Run[] = [];
    for (const step of (adopt ?? []).map(command)) {
      const result = sh(app, step, app.dir, { ...global, EDITOR: editor });
      expectSuccess(result, step);
      outputs.push(result);
    }
    const [, init, , addAndCommit, , , commit, verify] = outputs;
    // init prints the adoption command the README shows, and names the command as installed.
    const readmeAdd = (adopt ?? []).map(command).find((step) => step.startsWith("git add"));
    expect(init?.stdout).toContain(readmeAdd);
    expect(init?.stdout).toContain(
      "Choose what this work tree works on: intentguard select INT-001",
    );
    expect(init?.stdout).not.toContain("npx");
    expect(addAndCommit?.stdout + (addAndCommit?.stderr ?? "")).toContain("adoption commit");
    expect(commit?.status).toBe(0);
    expect(app.lastMessage()).toContain("Intent: INT-001");
    expect(verify?.status).toBe(0);
    expect(app.git("notes", "--ref=intentguard", "show", "HEAD")).toContain(
      '"intent_id":"INT-001"',
    );
    expectSuccess(app.tryGit(["push", "-q", "origin", "main"]), "git push");

    // The teammate: the README's block, verbatim but for the remote's URL.
    const bob = { GIT_AUTHOR_NAME: "Bob", GIT_COMMITTER_NAME: "Bob", ...global };
    const script = ["set -e", ...(teammate ?? []).map(command)]
      .join("\n")
      .replace("<url>", remote)
      .replace(/\bapp\b/g, "bob-app");
    expectSuccess(sh(app, script, app.base, bob), "the teammate block");
    const bobDir = path.join(app.base, "bob-app");
    const asBob = (args: string[]) => app.run("git", args, { cwd: bobDir, env: bob });
    expect(asBob(["notes", "--ref=intentguard", "show", app.head()]).status).toBe(0);
    writeFileSync(path.join(bobDir, "README.txt"), "docs\n");
    expect(asBob(["add", "README.txt"]).status).toBe(0);
    const blocked = asBob(["commit", "-m", "Add docs"]);
    expect(blocked.status).not.toBe(0);
    expect(blocked.stderr).toContain("outside the scope of INT-001");
  }, 240_000);
});

import { execFileSync, spawn, spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { installPackageCopy } from "../support/package-copy.js";
import {
  createGovernedRepo,
  createRepo,
  createScratchDir,
  expectSuccess,
  type Run,
  standardIntents,
  type TestRepo,
} from "../support/test-repo.js";

// biome-ignore lint/suspicious/noExplicitAny: payloads and answers, read field by field
type Payload = Record<string, any>;

/** One call of Claude Code's hook, as Claude Code sends it (docs: code.claude.com hooks). */
function claude(
  repo: TestRepo,
  event: "PreToolUse" | "PostToolUse",
  tool: string,
  input: Payload,
  extra: Payload = {},
): Run {
  const payload = {
    session_id: "sess-attack",
    transcript_path: "/dev/null",
    cwd: repo.dir,
    hook_event_name: event,
    tool_name: tool,
    tool_input: input,
    tool_use_id: "toolu-attack",
    ...extra,
  };
  return repo.intentguard(["agent-hook", "claude-code"], { input: JSON.stringify(payload) });
}

const at = (repo: TestRepo, file: string) => path.join(repo.dir, file);

/** The deny Claude Code reads: exit 2, the reason on stderr. */
function denial(run: Run): string {
  expect(run.status, `${run.stdout}${run.stderr}`).toBe(2);
  return run.stderr;
}

function allowed(run: Run): void {
  expect({ status: run.status, stdout: run.stdout, stderr: run.stderr }).toEqual({
    status: 0,
    stdout: "",
    stderr: "",
  });
}

/** The repository's intents, with INT-009 owning everything (an intent for the whole tree). */
const everythingIntent = `${standardIntents}  - id: "INT-009"
    name: "Everything"
    status: "IN_PROGRESS"
    owned_scope: ["**"]
`;

async function selected(intent: string, intents?: string): Promise<TestRepo> {
  const repo = await createGovernedRepo(intents ? { intents } : {});
  expectSuccess(repo.intentguard(["select", intent]), `select ${intent}`);
  return repo;
}

/** One of Claude Code's Bash hooks, its command as the model wrote it. */
const bash = (repo: TestRepo, event: "PreToolUse" | "PostToolUse", command: string, id = "b") =>
  claude(repo, event, "Bash", { command }, { tool_use_id: id });

/**
 * One Bash call as Claude Code makes it: the pre-tool hook on `shown` (what the model wrote),
 * then `run` (what the command really does, in the agent's environment), then the post-tool
 * hook. `shown` is what no parser of shell text can see through (a script, an eval).
 */
function bashCall(repo: TestRepo, shown: string, run: string, id: string): Run {
  allowed(bash(repo, "PreToolUse", shown, id));
  const done = repo.run("sh", ["-c", run], { env: { CLAUDECODE: "1" } });
  expect(done.status, `${run}\n${done.stderr}`).toBe(0);
  return bash(repo, "PostToolUse", shown, id);
}

async function withRemote(intents?: string): Promise<{ repo: TestRepo; remote: string }> {
  const repo = await selected("INT-001", intents);
  const remote = path.join(repo.base, "remote.git");
  repo.run("git", ["init", "-q", "--bare", remote]);
  return { repo, remote };
}

describe("a planted .git does not move the gate (issue 28, 1)", () => {
  it("judges a write under a planted .git file where it really is", async () => {
    const repo = await selected("INT-001");
    repo.write("src/billing/.git", "gitdir: ../../.git\n");
    // Taken for a work tree root, src/billing/src/auth/x.js would be judged as src/auth/x.js.
    const write = claude(repo, "PreToolUse", "Write", {
      file_path: at(repo, "src/billing/src/auth/x.js"),
      content: "x\n",
    });
    expect(denial(write)).toContain(
      "1 path outside the scope of INT-001 (Auth)\n  rule: scope (error)\n  paths:\n    create src/billing/src/auth/x.js",
    );
    // The same from an agent whose directory is the planted folder.
    const fromInside = claude(
      repo,
      "PreToolUse",
      "Write",
      { file_path: "src/auth/x.js", content: "x\n" },
      { cwd: at(repo, "src/billing") },
    );
    expect(denial(fromInside)).toContain("create src/billing/src/auth/x.js");
    // A nested repository of its own (git init) is planted the same way.
    repo.git("init", "-q", "src/billing/nested");
    expect(
      denial(
        claude(repo, "PreToolUse", "Write", {
          file_path: at(repo, "src/billing/nested/src/auth/y.js"),
        }),
      ),
    ).toContain("create src/billing/nested/src/auth/y.js");
    // In scope stays allowed, beside the planted file.
    allowed(claude(repo, "PreToolUse", "Write", { file_path: at(repo, "src/auth/ok.ts") }));
  });

  it("keeps the rules and the agents' hooks closed under an intent owning everything", async () => {
    const repo = await selected("INT-009", everythingIntent);
    allowed(claude(repo, "PreToolUse", "Write", { file_path: at(repo, "src/billing/any.ts") }));
    const cases: [string, string, string][] = [
      [".claude", ".claude/settings.json", "configures the hooks that gate this agent"],
      [".orchestration", ".orchestration/active_intents.yaml", "holds the rules that bind"],
      ["policies", "policies/intentguard.yaml", "holds the rules that bind"],
    ];
    for (const [folder, file, reason] of cases) {
      repo.write(`${folder}/.git`, "gitdir: ../.git\n");
      const run = claude(repo, "PreToolUse", "Write", { file_path: at(repo, file) });
      expect(denial(run), file).toContain(reason);
      // Writing the planted entry itself is a write into a .git.
      expect(
        denial(claude(repo, "PreToolUse", "Write", { file_path: at(repo, `${folder}/.git`) })),
      ).toContain("inside git's own directory");
    }
  });

  it("judges a linked work tree by its own selection and a registered submodule by its rules", async () => {
    const repo = await selected("INT-001");
    // A linked work tree inside the main one, selecting INT-002 (Docs).
    repo.git("worktree", "add", "-q", "-b", "docs-work", ".worktrees/docs");
    const linked = at(repo, ".worktrees/docs");
    expectSuccess(repo.intentguard(["select", "INT-002"], { cwd: linked }), "select in linked");
    allowed(claude(repo, "PreToolUse", "Write", { file_path: path.join(linked, "docs/new.md") }));
    expect(
      denial(
        claude(repo, "PreToolUse", "Write", { file_path: path.join(linked, "src/auth/a.ts") }),
      ),
    ).toContain("outside the scope of INT-002 (Docs)");

    // A submodule with no rules of its own, registered under src/auth/vendor: its files are the
    // superproject's path there, in INT-001's scope; one under docs/ is not.
    const upstream = createScratchDir();
    execFileSync("git", ["init", "-q", upstream], { env: repo.env });
    writeFileSync(path.join(upstream, "lib.js"), "lib\n");
    execFileSync("git", ["-C", upstream, "add", "."], { env: repo.env });
    execFileSync("git", ["-C", upstream, "commit", "-qm", "lib"], { env: repo.env });
    for (const where of ["src/auth/vendor", "docs/vendor"]) {
      repo.git("-c", "protocol.file.allow=always", "submodule", "add", "-q", upstream, where);
    }
    allowed(claude(repo, "PreToolUse", "Write", { file_path: at(repo, "src/auth/vendor/lib.js") }));
    expect(
      denial(claude(repo, "PreToolUse", "Write", { file_path: at(repo, "docs/vendor/lib.js") })),
    ).toContain("modify docs/vendor/lib.js");
    expect(
      denial(claude(repo, "PreToolUse", "Write", { file_path: at(repo, "src/auth/vendor/.git") })),
    ).toContain("inside git's own directory");

    // A submodule with rules of its own, its selected intent owning everything: its rules judge
    // its files, and the superproject's still have their say over the path they lie under.
    const forged = await createGovernedRepo({ intents: everythingIntent });
    for (const where of ["src/auth/forged", "docs/forged"]) {
      repo.git("-c", "protocol.file.allow=always", "submodule", "add", "-q", forged.dir, where);
      const select = repo.intentguard(["select", "INT-009"], { cwd: at(repo, where) });
      expectSuccess(select, `select in ${where}`);
    }
    allowed(claude(repo, "PreToolUse", "Write", { file_path: at(repo, "src/auth/forged/x.js") }));
    expect(
      denial(claude(repo, "PreToolUse", "Write", { file_path: at(repo, "docs/forged/x.js") })),
    ).toContain("outside the scope of INT-001 (Auth)");
  });
});

describe("the agent's repository is where it works, whatever is planted around or below", () => {
  it("gives a repository planted around the agent's, with rules owning everything, no say", async () => {
    const repo = await selected("INT-001");
    const around = path.dirname(repo.dir);
    writeFileSync(path.join(around, "active_intents.yaml"), everythingIntent);
    execFileSync("git", ["init", "-q", around], { env: repo.env });
    mkdirSync(path.join(around, ".orchestration"));
    execFileSync("mv", [
      path.join(around, "active_intents.yaml"),
      path.join(around, ".orchestration"),
    ]);
    execFileSync("git", ["-C", around, "add", ".orchestration"], { env: repo.env });
    execFileSync("git", ["-C", around, "commit", "-qm", "rules"], { env: repo.env });
    expectSuccess(repo.intentguard(["select", "INT-009"], { cwd: around }), "select around");
    expect(
      denial(claude(repo, "PreToolUse", "Write", { file_path: at(repo, "src/billing/x.ts") })),
    ).toContain("outside the scope of INT-001 (Auth)");
    allowed(claude(repo, "PreToolUse", "Write", { file_path: at(repo, "src/auth/x.ts") }));
  });

  it("looks for the repository from the project directory the agent names", async () => {
    const repo = await selected("INT-001");
    // A repository made below (git init src/billing): the agent's shell now stands in it.
    repo.git("init", "-q", "src/billing");
    const inside = at(repo, "src/billing");
    const write = { file_path: path.join(inside, "x.ts") };
    const fromBelow = (env: Record<string, string>) =>
      repo.intentguard(["agent-hook", "claude-code"], {
        cwd: inside,
        env,
        input: JSON.stringify({
          session_id: "s",
          transcript_path: "/dev/null",
          cwd: inside,
          hook_event_name: "PreToolUse",
          tool_name: "Write",
          tool_input: write,
          tool_use_id: "t",
        }),
      });
    expect(denial(fromBelow({ CLAUDE_PROJECT_DIR: repo.dir }))).toContain(
      "outside the scope of INT-001 (Auth)",
    );
    // Cursor names its workspace in the payload.
    const cursor = repo.intentguard(["agent-hook", "cursor"], {
      cwd: inside,
      input: JSON.stringify({
        hook_event_name: "preToolUse",
        conversation_id: "c",
        generation_id: "g",
        workspace_roots: [repo.dir],
        cwd: inside,
        tool_name: "Write",
        tool_input: write,
      }),
    });
    expect(cursor.stdout).toContain("outside the scope of INT-001 (Auth)");
  });
});

describe("no hook of ours fails open by waiting (issue 28, 2)", () => {
  it("denies at once where a planted git directory's commondir is a FIFO", async () => {
    const repo = await selected("INT-001");
    const fake = at(repo, "src/billing/fake-git");
    mkdirSync(fake, { recursive: true });
    writeFileSync(path.join(fake, "HEAD"), "ref: refs/heads/main\n");
    execFileSync("mkfifo", [path.join(fake, "commondir")]);
    repo.write("src/billing/.git", "gitdir: fake-git\n");
    const started = Date.now();
    const run = claude(repo, "PreToolUse", "Write", {
      file_path: at(repo, "src/billing/src/auth/x.js"),
    });
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(denial(run)).toContain("create src/billing/src/auth/x.js");
  });

  it("refuses a FIFO where git keeps a file, before git could wait on it", async () => {
    const repo = await selected("INT-001");
    const command = installed(repo, "claude-code");
    const config = at(repo, ".git/config");
    const saved = readFileSync(config);
    execFileSync("rm", [config]);
    execFileSync("mkfifo", [config]);
    const run = runInstalled(repo, command, {
      session_id: "s",
      transcript_path: "/dev/null",
      cwd: repo.dir,
      hook_event_name: "PreToolUse",
      tool_name: "Write",
      tool_input: { file_path: at(repo, "src/auth/ok.ts") },
    });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain(
      `cannot read ${config}: it is a FIFO, where a regular file belongs`,
    );
    execFileSync("rm", [config]);
    writeFileSync(config, saved);
  });

  it("denies when the hook does not answer within the deadline, with timeout(1) and without", async () => {
    const repo = await selected("INT-001");
    // A node that never answers: the installed command must stop it, by coreutils' timeout where
    // there is one, else by its own watchdog (macOS has no timeout(1)).
    const withTimeout = createScratchDir();
    writeFileSync(path.join(withTimeout, "node"), "#!/bin/sh\nexec sleep 60\n", { mode: 0o755 });
    const withoutTimeout = createScratchDir();
    writeFileSync(path.join(withoutTimeout, "node"), "#!/bin/sh\nexec sleep 60\n", {
      mode: 0o755,
    });
    for (const tool of ["sh", "git", "sleep", "kill", "cat"]) {
      const found = spawnSync("sh", ["-c", `command -v ${tool}`], {
        encoding: "utf8",
      }).stdout.trim();
      if (found.startsWith("/")) symlinkSync(found, path.join(withoutTimeout, tool));
    }
    const payload = {
      session_id: "s",
      transcript_path: "/dev/null",
      cwd: repo.dir,
      hook_event_name: "PreToolUse",
      tool_name: "Write",
      tool_input: { file_path: at(repo, "src/auth/ok.ts") },
    };
    const claudeCommand = installed(repo, "claude-code");
    const cursorCommand = installed(repo, "cursor");
    // A vendored package: the command finds it with git, which a FIFO at .git/config would hold
    // for ever, with the agent's pipes, were it outside the deadline.
    const vendored = await selected("INT-001");
    const cli = installPackageCopy(path.join(vendored.dir, "node_modules"));
    expectSuccess(
      vendored.run(process.execPath, [cli, "agent", "install", "claude-code"]),
      "agent install (vendored)",
    );
    const vendoredCommand = JSON.parse(vendored.read(".claude/settings.json")).hooks.PreToolUse[0]
      .hooks[0].command as string;
    expect(vendoredCommand).toContain("git rev-parse --path-format=absolute --git-common-dir");
    execFileSync("rm", [at(vendored, ".git/config")]);
    execFileSync("mkfifo", [at(vendored, ".git/config")]);
    const cursorPayload = {
      ...payload,
      hook_event_name: "preToolUse",
      conversation_id: "c",
      generation_id: "g",
    };
    const started = Date.now();
    const [timed, watched, cursor, held] = await Promise.all([
      runInstalledAsync(repo, claudeCommand, payload, {
        PATH: `${withTimeout}:${process.env.PATH}`,
      }),
      runInstalledAsync(repo, claudeCommand, payload, { PATH: withoutTimeout }),
      runInstalledAsync(repo, cursorCommand, cursorPayload, { PATH: withoutTimeout }),
      runInstalledAsync(vendored, vendoredCommand, { ...payload, cwd: vendored.dir }, {}),
    ]);
    const took = Date.now() - started;
    expect(took).toBeGreaterThanOrEqual(9_000);
    expect(took).toBeLessThan(25_000);
    for (const run of [timed, watched, held]) {
      expect(run.status).toBe(2);
      expect(run.stderr).toBe(
        "intentguard: the agent hook did not answer within 10 s (something it reads waits for ever: a FIFO or a device where git keeps a file, a hung git), so the tool call is denied. Run intentguard doctor in the repository.\n",
      );
    }
    expect(cursor.status).toBe(0);
    expect(JSON.parse(cursor.stdout)).toMatchObject({ permission: "deny" });
  }, 60_000);
});

describe("any tool that can write is judged on every path it names (issue 28, 3)", () => {
  it("judges MCP writes whatever their name, on every path-like field, decoys included", async () => {
    const repo = await selected("INT-001");
    const billing = at(repo, "src/billing/x.js");
    for (const tool of [
      "mcp__fs__update_file",
      "mcp__ide__set_file_text",
      "mcp__files__store_file",
    ]) {
      const message = denial(claude(repo, "PreToolUse", tool, { path: billing, text: "x" }));
      expect(message, tool).toContain("create src/billing/x.js");
      expect(message, tool).toContain(`${tool} is judged as a tool that writes`);
      expect(message, tool).toContain(`It names ${billing} (in path).`);
    }
    for (const field of ["relative_path", "pathInProject"]) {
      const decoy = { path: "src/auth/ok.ts", [field]: "src/billing/x.js" };
      const message = denial(claude(repo, "PreToolUse", "mcp__jetbrains__replace_text", decoy));
      expect(message, field).toContain("src/billing/x.js");
      expect(message, field).toContain(`src/billing/x.js (in ${field})`);
    }
    // A string of no path-like field is judged where it names a place in the repository.
    expect(
      denial(claude(repo, "PreToolUse", "mcp__x__apply", { args: ["--to", "src/billing/y.js"] })),
    ).toContain("src/billing/y.js (in args[1])");
    // Readers by their leading verb, calls naming no place here, in-scope writes: allowed.
    allowed(claude(repo, "PreToolUse", "mcp__fs__read_file", { path: billing }));
    allowed(claude(repo, "PreToolUse", "mcp__github__create_issue", { title: "a/b", body: "x" }));
    allowed(
      claude(repo, "PreToolUse", "mcp__fs__update_file", { path: at(repo, "src/auth/a.ts") }),
    );
    // Cline calls MCP tools through use_mcp_tool, its arguments a JSON text.
    const cline = (toolName: string) =>
      repo.intentguard(["agent-hook", "cline"], {
        input: JSON.stringify({
          hookName: "PreToolUse",
          taskId: "t",
          workspaceRoots: [repo.dir],
          preToolUse: {
            toolName: "use_mcp_tool",
            parameters: {
              server_name: "fs",
              tool_name: toolName,
              arguments: JSON.stringify({ path: "src/billing/x.js" }),
            },
          },
        }),
      });
    expect(JSON.parse(cline("edit_file").stdout)).toMatchObject({ cancel: true });
    expect(JSON.parse(cline("read_file").stdout)).toEqual({ cancel: false });
  });

  it("lets a tool the policy lists as a reader run unjudged", async () => {
    const repo = await selected("INT-001");
    const input = { file: at(repo, "src/billing/x.js") };
    expect(denial(claude(repo, "PreToolUse", "mcp__ide__diagnostics", input))).toContain(
      "a person lists it under agents.readers in policies/intentguard.yaml",
    );
    repo.write(
      "policies/intentguard.yaml",
      "version: 1\nagents:\n  readers: [mcp__ide__diagnostics]\n",
    );
    repo.git("add", "policies/intentguard.yaml");
    expectSuccess(repo.commit("List the IDE's diagnostics as a reader"), "policy commit");
    allowed(claude(repo, "PreToolUse", "mcp__ide__diagnostics", input));
    expect(denial(claude(repo, "PreToolUse", "mcp__ide__fix", input))).toContain(
      "create src/billing/x.js",
    );
  });
});

describe("the shell cannot switch the gate off unnoticed (issue 28, 4)", () => {
  it("denies, before it runs, a command that would switch the gate off", async () => {
    const repo = await selected("INT-001");
    const cases: [string, string][] = [
      ["INTENTGUARD=0 git commit -am x", "INTENTGUARD=0 skips every intentguard hook"],
      [
        "git -c core.hooksPath=/dev/null commit -am x",
        "git -c core.hooksPath=/dev/null moves git's hooks away from intentguard's",
      ],
      ["git config core.hooksPath /tmp/none", "moves git's hooks away from intentguard's"],
      ["git config --global include.path /tmp/evil", "includes a configuration file"],
      ["GIT_CONFIG_COUNT=1 git commit", "sets git's configuration for the commands it reaches"],
      [
        "git commit-tree HEAD^{tree} -p HEAD -m x > /tmp/c && cp /tmp/c .git/refs/heads/main",
        "writes .git/refs/heads/main, inside git's own directory",
      ],
      ["rm -rf .git/intentguard/agent", "writes .git/intentguard/agent"],
      ["printf 'gitdir: ../../.git\\n' > src/billing/.git", "writes src/billing/.git"],
    ];
    for (const [command, reason] of cases) {
      const message = denial(bash(repo, "PreToolUse", command));
      expect(message, command).toContain(
        "intentguard: this shell command is denied before it runs: it would switch off the gate",
      );
      expect(message, command).toContain(reason);
      expect(message, command).toContain("ask the person you work for");
    }
    for (const command of [
      "git status && git add -A && git commit -m work",
      "git commit --no-verify -m x",
      "git config --get core.hooksPath",
      "git remote add origin /tmp/r.git && git push -u origin main",
      "cat .git/config",
    ]) {
      allowed(bash(repo, "PreToolUse", command));
    }
  });

  it("reports nothing for ordinary agent git use", async () => {
    const { repo, remote } = await withRemote(everythingIntent);
    const upstream = path.join(repo.base, "upstream");
    repo.run("git", ["init", "-q", upstream]);
    repo.run("git", ["-C", upstream, "commit", "-q", "--allow-empty", "-m", "lib"]);
    repo.git(
      "-c",
      "protocol.file.allow=always",
      "submodule",
      "add",
      "-q",
      upstream,
      "src/auth/lib",
    );
    expectSuccess(
      repo.commit("Add the lib", [], { env: { INTENTGUARD_INTENT: "INT-009" } }),
      "submodule commit",
    );
    const steps: [string, string][] = [
      [`git remote add origin ${remote} && git push -q -u origin main`, "remote add, push -u"],
      ["echo a > src/auth/a.ts && git add -A && git commit -qm work", "commit"],
      ["echo b >> src/auth/a.ts && git stash -q && git stash pop -q", "stash"],
      ["git checkout -q -b topic && git checkout -q main", "checkout"],
      ["git config user.email agent@example.com", "config"],
      [
        `git checkout -q -- src/auth/a.ts && git push -q origin main && git clone -q ${remote} ../mate && git -C ../mate commit -q --allow-empty -m mate && git -C ../mate push -q && git pull -q --ff-only origin main`,
        "pull of a teammate's commit",
      ],
      ["git -c protocol.file.allow=always submodule update -q --init", "submodule update"],
      [
        "git checkout -q topic && echo t > src/auth/t.ts && git add -A && git commit -qm t && git rebase -q main && git checkout -q main",
        "rebase",
      ],
      [
        "echo c > src/auth/c.ts && git add -A && git commit -qm c && echo d >> src/auth/c.ts && git commit -qa --amend -m 'c, again' && git reset -q --hard HEAD~1",
        "amend, reset",
      ],
    ];
    steps.forEach(([command, what], index) => {
      const after = bashCall(repo, command, command, `ordinary-${index}`);
      expect({ what, status: after.status, stderr: after.stderr }).toEqual({
        what,
        status: 0,
        stderr: "",
      });
    });
    // A person's work between the agent's commands, through the gate: nothing to say either.
    const between: [() => void, string][] = [
      [() => repo.commitFile("src/auth/person.ts", "p\n", "Person's commit"), "a gated commit"],
      [() => repo.git("fetch", "-q", "origin"), "fetch"],
      [() => repo.git("gc", "-q"), "gc"],
      [() => repo.git("pack-refs", "--all"), "pack-refs"],
      [() => repo.git("worktree", "add", "-q", "-b", "side", "../side"), "worktree add"],
    ];
    between.forEach(([act, what], index) => {
      act();
      const after = bashCall(repo, "git status -s", "git status -s", `between-${index}`);
      expect({ what, status: after.status, stderr: after.stderr }).toEqual({
        what,
        status: 0,
        stderr: "",
      });
    });
  });

  it("notices a commit landed with the hooks off, says the undo, and holds the push until it is undone", async () => {
    const { repo, remote } = await withRemote();
    repo.git("remote", "add", "origin", remote);
    expect(repo.tryGit(["push", "-q", "-u", "origin", "main"]).status).toBe(0);
    const old = repo.head();
    const after = bashCall(
      repo,
      "sh ./tools/save.sh",
      "echo x > src/billing/x.ts && git add -A && git -c core.hooksPath=/dev/null commit -qm escape",
      "escape-1",
    );
    const escaped = repo.head();
    expect(after.status).toBe(2);
    expect(after.stderr).toContain(
      `intentguard: the shell command put a commit on main past the commit gate (${escaped.slice(0, 12)}): none has a trace record and none was refused`,
    );
    expect(after.stderr).toContain(`Undo it: git reset --soft ${old} (the branch goes back`);
    // Said again by status, doctor, the next commit's hooks, and pre-push, which refuses.
    const standing = `a commit on main got past the commit gate (${escaped.slice(0, 12)}`;
    expect(repo.intentguard(["status"]).stdout).toContain(standing);
    const doctor = repo.intentguard(["doctor"]);
    expect(doctor.status).toBe(1);
    expect(doctor.stdout).toContain(standing);
    const next = repo.commitFile("src/auth/next.ts", "next\n", "Next");
    const push = repo.tryGit(["push", "origin", "main"]);
    expect(push.status).not.toBe(0);
    expect(push.stderr).toContain(standing);
    expect(repo.run("git", ["--git-dir", remote, "rev-parse", "main"]).stdout.trim()).toBe(old);
    expect(next).not.toBe(escaped);
    // The undo: the branch back where it was, the work staged; then the push goes through.
    repo.git("reset", "-q", "--soft", old);
    repo.git("reset", "-q");
    expect(repo.intentguard(["status"]).stdout).not.toContain("got past the commit gate");
    expect(repo.tryGit(["push", "-q", "origin", "main"]).status).toBe(0);
  });

  it("notices INTENTGUARD=0 through eval, a ref written by hand, and a detached HEAD", async () => {
    const repo = await selected("INT-001");
    const viaEval = bashCall(
      repo,
      'eval "$SAVE"',
      "echo y > src/billing/y.ts && git add -A && INTENTGUARD=0 git commit -qm y",
      "escape-2",
    );
    expect(viaEval.stderr).toContain("put a commit on main past the commit gate");
    repo.git("reset", "-q", "--hard", "HEAD~1");
    const byHand = bashCall(
      repo,
      "node tools/save.js",
      'c=$(echo hand | git commit-tree HEAD^{tree} -p HEAD) && echo "$c" > .git/refs/heads/main',
      "escape-3",
    );
    expect(byHand.stderr).toContain("put a commit on main past the commit gate");
    repo.git("reset", "-q", "--hard", "HEAD~1");
    const detached = bashCall(
      repo,
      "sh ./tools/try.sh",
      "git checkout -q --detach && echo z > src/billing/z.ts && git add -A && git -c core.hooksPath=/dev/null commit -qm z",
      "escape-4",
    );
    expect(detached.stderr).toContain("put a commit on the detached HEAD past the commit gate");
    expect(detached.stderr).toContain("Undo it: git reset --soft");
  });

  it("notices a commit and a gate setting changed between two shell commands, once", async () => {
    const repo = await selected("INT-001");
    const quiet = (run: Run) =>
      expect({ status: run.status, stderr: run.stderr }).toEqual({ status: 0, stderr: "" });
    quiet(bashCall(repo, "ls", "true", "first"));
    // Outside every hook, after the command ended: a process it left running, say.
    repo.run("sh", [
      "-c",
      "echo b > src/billing/b.ts && git add -A && INTENTGUARD=0 git commit -qm background && git config core.hooksPath /tmp/none",
    ]);
    const escaped = repo.head();
    const next = bashCall(repo, "ls", "true", "second");
    expect(next.status).toBe(2);
    expect(next.stderr).toContain(
      `intentguard: between this agent's shell commands, something (a process left running, a tool no hook sees, or a person) put a commit on main past the commit gate (${escaped.slice(0, 12)})`,
    );
    expect(next.stderr).toContain(
      "intentguard: between this agent's shell commands — by a process left running, a tool no hook sees, or a person — the settings that gate this agent changed (core.hooksPath)",
    );
    expect(next.stderr).not.toContain("the shell command put");
    expect(repo.intentguard(["status"]).stdout).toContain(
      `a commit on main got past the commit gate (${escaped.slice(0, 12)}; seen between shell commands of claude-code`,
    );
    quiet(bashCall(repo, "ls", "true", "third"));
  });

  it("notices a .git planted by a command, and the gate's settings changed by what they mean", async () => {
    const repo = await selected("INT-001");
    const planted = bashCall(
      repo,
      "sh ./tools/setup.sh",
      "printf 'gitdir: ../../.git\\n' > src/billing/.git",
      "planted",
    );
    expect(planted.status).toBe(2);
    expect(planted.stderr).toContain(
      "intentguard: src/billing/.git is a .git below the repository's root that no registration accounts for",
    );
    repo.run("rm", ["src/billing/.git"]);
    const global = bashCall(
      repo,
      "sh ./tools/setup.sh",
      "git config --global core.hooksPath /tmp/nowhere",
      "gate",
    );
    expect(global.stderr).toContain(
      "intentguard: the shell command changed the settings that gate this agent (core.hooksPath)",
    );
  });
});

describe("what was observed cannot be erased silently (issue 28, 5): observations", () => {
  const write = (repo: TestRepo, event: "PreToolUse" | "PostToolUse", file: string, id: string) =>
    claude(repo, event, "Write", { file_path: at(repo, file), content: "…" }, { tool_use_id: id });

  /** The agent writes `content` to `file` with Claude Code's Write tool, its hooks around it. */
  function agentWrites(repo: TestRepo, file: string, content: string, id: string): void {
    allowed(write(repo, "PreToolUse", file, id));
    repo.write(file, content);
    allowed(write(repo, "PostToolUse", file, id));
  }

  const blameOf = (repo: TestRepo, file: string) =>
    JSON.parse(repo.intentguard(["trace", "blame", "--json", file]).stdout).lines as Payload[];

  it("keeps the agent's lines its own when the state folder is removed, and says the check was lost", async () => {
    const repo = await selected("INT-001");
    agentWrites(repo, "src/auth/login.ts", "export const login = 1;\nagent line\n", "w1");
    const wiped = claude(
      repo,
      "PreToolUse",
      "Bash",
      { command: "sh ./tools/clean.sh" },
      { tool_use_id: "c1" },
    );
    allowed(wiped);
    repo.run("rm", ["-rf", at(repo, ".git/intentguard/agent")]);
    const after = claude(
      repo,
      "PostToolUse",
      "Bash",
      { command: "sh ./tools/clean.sh" },
      { tool_use_id: "c1" },
    );
    expect(after.status).toBe(2);
    expect(after.stderr).toContain("the state it took before this shell command is gone");
    expectSuccess(repo.commit("Login", ["-a"]), "commit");
    const line = blameOf(repo, "src/auth/login.ts")[1] as Payload;
    expect(line.contributor).toMatchObject({ type: "AI", agent: "claude-code" });
    expect(line.confidence).toBe("recorded");
  });

  it("withholds the lines whose observations were removed: nobody's, with the reason", async () => {
    const repo = await selected("INT-001");
    agentWrites(repo, "src/auth/login.ts", "export const login = 1;\nagent one\nagent two\n", "w2");
    const ref = repo.git("rev-parse", "refs/intentguard/observed/main").trim();
    expect(ref).toMatch(/^[0-9a-f]{40}$/);
    // The ref removed by hand (no git: the guard would refuse), inside a shell command.
    const shown = "sh ./tools/clean.sh";
    allowed(claude(repo, "PreToolUse", "Bash", { command: shown }, { tool_use_id: "c2" }));
    repo.run("rm", ["-f", at(repo, ".git/refs/intentguard/observed/main")]);
    const after = claude(repo, "PostToolUse", "Bash", { command: shown }, { tool_use_id: "c2" });
    expect(after.status).toBe(2);
    expect(after.stderr).toContain(
      "intentguard: what intentguard had observed this agent writing (src/auth/login.ts) was removed other than by intentguard. It was put back",
    );
    const commit = repo.commit("Login", ["-a"]);
    expect(commit.status).toBe(0);
    const record = JSON.parse(repo.intentguard(["trace", "show", "--json"]).stdout)[0];
    expect(record.version).toBe(3);
    expect(record.files[0].ranges[0]).toMatchObject({
      start_line: 2,
      end_line: 3,
      evidence: {
        kind: "withheld",
        how: "removed",
        agent_id: "claude-code",
        session_id: "sess-attack",
      },
    });
    expect(record.files[0].ranges[0].contributor).toBeUndefined();
    const lines = blameOf(repo, "src/auth/login.ts");
    expect(lines.map((line) => [line.confidence, line.contributor?.type ?? null])).toEqual([
      ["recorded", "HUMAN"],
      ["unattributed", null],
      ["unattributed", null],
    ]);
    expect(lines[1]?.reason).toBe(
      "recorded in range src/auth/login.ts:2-3 as nobody's: the agent's observations (claude-code, session sess-attack) were removed before it was committed",
    );
    expect(repo.intentguard(["trace", "verify"]).status).toBe(0);
  });

  it("notices at landing what no shell check saw, and a post-write whose snapshot is gone", async () => {
    const repo = await selected("INT-001");
    agentWrites(repo, "src/auth/login.ts", "export const login = 1;\nagent line\n", "w3");
    // Removed outside any hook's view (a background process): the landing tells and withholds.
    repo.run("rm", ["-f", at(repo, ".git/refs/intentguard/observed/main")]);
    const commit = repo.commit("Login", ["-a"]);
    expect(commit.status).toBe(0);
    expect(commit.stderr).toContain(
      "intentguard: what agents were observed writing here (src/auth/login.ts) had been removed other than by intentguard",
    );
    expect(blameOf(repo, "src/auth/login.ts")[1]?.confidence).toBe("unattributed");
    // A post-write with no pre-write snapshot.
    repo.write("src/auth/other.ts", "other\n");
    const orphan = write(repo, "PostToolUse", "src/auth/other.ts", "w4");
    expect(orphan.status).toBe(2);
    expect(orphan.stderr).toContain(
      "intentguard: the snapshot its pre-write hook took of src/auth/other.ts is gone",
    );
  });

  it("notices the trace notes and the log of observed writes changed from the shell", async () => {
    const repo = await selected("INT-001");
    agentWrites(repo, "src/auth/login.ts", "export const login = 1;\nagent line\n", "w5");
    repo.commitFile("src/auth/x.ts", "x\n", "X");
    const shown = "sh ./tools/tidy.sh";
    allowed(claude(repo, "PreToolUse", "Bash", { command: shown }, { tool_use_id: "n1" }));
    repo.run("sh", [
      "-c",
      "INTENTGUARD=0 git notes --ref=intentguard add -f -m forged HEAD && : > .git/intentguard/agent/checkpoints.jsonl",
    ]);
    const after = claude(repo, "PostToolUse", "Bash", { command: shown }, { tool_use_id: "n1" });
    expect(after.status).toBe(2);
    expect(after.stderr).toContain(
      "intentguard: refs/notes/intentguard (the trace records) was changed other than by intentguard",
    );
    expect(after.stderr).toContain(
      "the log of the writes intentguard observed (checkpoints.jsonl) was shortened",
    );
  });
});

describe("the shell cannot switch the gate off unnoticed (issue 28, 4): messages", () => {
  it("never tells an agent to skip the hooks", async () => {
    // A repository with the hooks and no rules yet: the hooks' answer names the way out.
    const repo = await createRepo();
    expectSuccess(repo.intentguard(["install"]), "install");
    repo.write("src/auth/x.ts", "x\n");
    repo.git("add", "src/auth/x.ts");
    const person = repo.commit("x");
    const agent = repo.commit("x", [], { env: { CLAUDECODE: "1" } });
    expect(person.stderr).toContain("INTENTGUARD=0");
    expect(agent.status).not.toBe(0);
    expect(agent.stderr).toContain("an agent asks the person it works for");
    expect(agent.stderr).not.toContain("INTENTGUARD=0");
  });
});

describe("what was observed cannot be erased silently (issue 28, 5)", () => {
  it("refuses any writer of intentguard's own refs but intentguard, and lets git pack them", async () => {
    const repo = await selected("INT-001");
    repo.commitFile("src/auth/a.ts", "a\n", "A");
    const notes = repo.git("rev-parse", "refs/notes/intentguard").trim();
    const record = readFileSync(at(repo, ".git/intentguard/own-refs/refs%2Fnotes%2Fintentguard"));
    expect(record.toString()).toBe(`${notes}\n`);
    const forge = repo.tryGit(["notes", "--ref=intentguard", "add", "-f", "-m", "forged", "HEAD"]);
    expect(forge.status).not.toBe(0);
    expect(forge.stderr).toContain(
      "intentguard: this update of refs/notes/intentguard is refused: these refs are intentguard's own",
    );
    expect(forge.stderr).toContain("run the command again with INTENTGUARD=0");
    const byAgent = repo.tryGit(["update-ref", "-d", "refs/notes/intentguard"], {
      env: { CLAUDECODE: "1" },
    });
    expect(byAgent.status).not.toBe(0);
    expect(byAgent.stderr).toContain("An agent does not change them: ask the person you work for.");
    expect(byAgent.stderr).not.toContain("INTENTGUARD=0");
    const created = repo.tryGit(["update-ref", "refs/intentguard/observed/main", "HEAD"]);
    expect(created.status).not.toBe(0);
    expect(repo.git("rev-parse", "refs/notes/intentguard").trim()).toBe(notes);
    // Packing and gc move nothing: allowed, and the notes stay where they were.
    repo.git("pack-refs", "--all");
    repo.git("gc", "-q");
    expect(repo.git("rev-parse", "refs/notes/intentguard").trim()).toBe(notes);
    expectSuccess(repo.intentguard(["trace", "verify"]), "verify after gc");
  });
});

/** The command `agent install` writes for the agent's pre-tool event. */
function installed(repo: TestRepo, agent: "claude-code" | "cursor"): string {
  expectSuccess(repo.intentguard(["agent", "install", agent]), `agent install ${agent}`);
  return agent === "claude-code"
    ? JSON.parse(repo.read(".claude/settings.json")).hooks.PreToolUse[0].hooks[0].command
    : JSON.parse(repo.read(".cursor/hooks.json")).hooks.preToolUse[0].command;
}

/** runInstalled, without holding the test's process: several hang at once. */
function runInstalledAsync(
  repo: TestRepo,
  command: string,
  payload: Payload,
  env: Record<string, string>,
): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn("sh", ["-c", command], { cwd: repo.dir, env: { ...repo.env, ...env } });
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
    child.stdin.end(JSON.stringify(payload));
  });
}

/** An installed hook command, run as the agent runs it: sh -c, the payload on stdin. */
function runInstalled(
  repo: TestRepo,
  command: string,
  payload: Payload,
  env: Record<string, string> = {},
): Run {
  const result = spawnSync("sh", ["-c", command], {
    timeout: 30_000,
    cwd: repo.dir,
    env: { ...repo.env, ...env },
    input: JSON.stringify(payload),
    encoding: "utf8",
  });
  return { status: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
}

describe("the first attack session's findings, fixed", () => {
  it("refuses pushing an escape whatever local remote-tracking ref is pointed at it", async () => {
    const { repo, remote } = await withRemote();
    repo.git("remote", "add", "origin", remote);
    expect(repo.tryGit(["push", "-q", "-u", "origin", "main"]).status).toBe(0);
    const escaped = bashCall(
      repo,
      "sh ./save.sh",
      'echo evil > src/billing/b.js && git add -A && INTENTGUARD="$(echo 0)" git commit -qm billing',
      "push-1",
    );
    expect(escaped.stderr).toContain("past the commit gate");
    repo.git("update-ref", "refs/remotes/origin/cache", "HEAD");
    const push = repo.tryGit(["push", "origin", "main"]);
    expect(push.status).not.toBe(0);
    expect(push.stderr).toContain("got past the commit gate");
  });

  it("takes no forged note, fetched in by hand, for a trace", async () => {
    const repo = await selected("INT-001");
    const forged = bashCall(
      repo,
      "sh ./save.sh",
      [
        'echo evil > src/billing/b.js && git add -A && INTENTGUARD="$(echo 0)" git commit -qm billing',
        'c=$(git rev-parse HEAD) && git notes --ref=refs/notes/scratch add -m "{\\"vcs\\":{\\"type\\":\\"git\\",\\"revision_id\\":\\"$c\\"}}" $c',
        "git fetch -q . refs/notes/scratch:refs/notes/remotes/origin/intentguard",
      ].join(" && "),
      "notes-1",
    );
    expect(forged.stderr).toContain("put a commit on main past the commit gate");
  });

  it("notices the observations' ref and its record removed together", async () => {
    const repo = await selected("INT-001");
    allowed(claude(repo, "PreToolUse", "Write", { file_path: at(repo, "src/auth/x.ts") }));
    repo.write("src/auth/x.ts", "agent\n");
    allowed(claude(repo, "PostToolUse", "Write", { file_path: at(repo, "src/auth/x.ts") }));
    const both = bashCall(
      repo,
      "python3 tidy.py",
      "rm -f .git/refs/intentguard/observed/main .git/intentguard/own-refs/refs%2Fintentguard%2Fobserved%2Fmain",
      "both-1",
    );
    expect(both.status).toBe(2);
    expect(both.stderr).toContain(
      "had observed this agent writing was removed other than by intentguard",
    );
  });

  it("notices the scripts and files the hooks run changed, and a hook made not executable", async () => {
    const repo = await selected("INT-001");
    const home = repo.env.HOME as string;
    const init = bashCall(
      repo,
      "sh ./setup.sh",
      `mkdir -p ${home}/.config/intentguard && echo 'exit 0' > ${home}/.config/intentguard/init.sh`,
      "init-1",
    );
    expect(init.stderr).toContain(`${home}/.config/intentguard/init.sh`);
    const mode = bashCall(
      repo,
      "sh ./setup.sh",
      'chmod -x "$(git rev-parse --git-path hooks)/pre-push"',
      "mode-1",
    );
    expect(mode.stderr).toContain("changed the settings that gate this agent (pre-push hook)");
    // The hook's content changed, its size and modification time put back: read again all the
    // same (the change time moved), and reported.
    const hook = 'h="$(git rev-parse --git-path hooks)/pre-commit"';
    const sameSize = bashCall(
      repo,
      "sh ./setup.sh",
      `${hook} && cp -p "$h" /tmp/ig-keep-$$ && sed -i 's/intentguard/intentGuard/' "$h" && touch -r /tmp/ig-keep-$$ "$h" && rm /tmp/ig-keep-$$`,
      "same-size",
    );
    expect(sameSize.stderr).toContain(
      "changed the settings that gate this agent (pre-commit hook)",
    );
    // Written back byte for byte (as npm ci or a reinstall does): nothing to say.
    const rewritten = bashCall(
      repo,
      "sh ./setup.sh",
      `${hook} && cp "$h" "$h.new" && mv "$h.new" "$h"`,
      "same",
    );
    expect({ status: rewritten.status, stderr: rewritten.stderr }).toEqual({
      status: 0,
      stderr: "",
    });
  });

  it("judges a project-relative MCP path from the root, and reads what the heuristics used to miss", async () => {
    const repo = await selected("INT-001");
    const sub = { cwd: at(repo, "src/auth") };
    const cases: [string, Payload, string][] = [
      [
        "mcp__jetbrains__replace_file_text_by_path",
        { pathInProject: "src/billing/b.js" },
        "src/billing/b.js",
      ],
      [
        "mcp__serena__search_and_replace",
        { relative_path: "src/billing/b.js" },
        "src/billing/b.js",
      ],
      ["mcp__x__getOrCreateFile", { location: "src/billing/new/x.js" }, "src/billing/new/x.js"],
      ["mcp__x__apply", { changes: { "src/billing/invoice.ts": "x" } }, "src/billing/invoice.ts"],
      [
        "mcp__x__apply",
        { content: { target: "src/billing/invoice.ts" } },
        "src/billing/invoice.ts",
      ],
      [
        "mcp__x__save",
        { where: `file:${at(repo, "src/billing/invoice.ts")}` },
        "src/billing/invoice.ts",
      ],
    ];
    for (const [tool, input, file] of cases) {
      const message = denial(claude(repo, "PreToolUse", tool, input, sub));
      expect(message, `${tool} ${JSON.stringify(input)}`).toContain(file);
    }
    // A bare name is judged where a file of that name is.
    const bare = denial(
      claude(
        repo,
        "PreToolUse",
        "mcp__x__overwrite",
        { name: "invoice.ts" },
        { cwd: at(repo, "src/billing") },
      ),
    );
    expect(bare).toContain("src/billing/invoice.ts");
    // "update_description" holds "script", and is no shell: judged before it runs.
    expect(
      denial(
        claude(repo, "PreToolUse", "mcp__tracker__update_description", {
          file: at(repo, "docs/index.md"),
        }),
      ),
    ).toContain("docs/index.md");
    // Nested past 64 levels: refused, not waved through.
    let deep: Payload = { path: at(repo, "docs/index.md") };
    for (let level = 0; level < 70; level++) deep = { inner: deep };
    expect(denial(claude(repo, "PreToolUse", "mcp__x__apply", deep))).toContain(
      "the tool's input is nested too deep to read",
    );
  });

  it("puts back escapes a command erased, and says a damaged list rather than read it as none", async () => {
    const repo = await selected("INT-001");
    bashCall(
      repo,
      "sh ./save.sh",
      'echo evil > src/billing/b.js && git add -A && INTENTGUARD="$(echo 0)" git commit -qm billing',
      "keep-1",
    );
    const erased = bashCall(
      repo,
      "python3 tidy.py",
      "echo '[]' > .git/intentguard/escapes.json",
      "keep-2",
    );
    expect(erased.stderr).toContain(
      "the list of commits that got past the commit gate lost some that still stand",
    );
    expect(repo.intentguard(["status"]).stdout).toContain("got past the commit gate");
    repo.write(".git/intentguard/escapes.json", "not json");
    const doctor = repo.intentguard(["doctor"]);
    expect(doctor.status).toBe(2);
    expect(doctor.stderr).toContain(
      "escapes.json is not the list of commits an agent's shell got past the commit gate",
    );
  });

  it("clears an escape once the landing gate has traced its commit, and reports no work tree it knows", async () => {
    const repo = await selected("INT-001");
    const detached = bashCall(
      repo,
      "git switch --detach && git commit",
      "git switch -q --detach && echo in > src/auth/in.ts && git add -A && git commit -qm in",
      "detached-1",
    );
    expect(detached.stderr).toContain("past the commit gate");
    const named = bashCall(repo, "git switch -c feat", "git switch -q -c feat", "detached-2");
    allowed(named);
    expect(repo.intentguard(["status"]).stdout).not.toContain("got past the commit gate");
    const worktree = bashCall(
      repo,
      "git worktree add .worktrees/feat2 -b feat2",
      "git worktree add -q .worktrees/feat2 -b feat2",
      "worktree-1",
    );
    allowed(worktree);
  });
});

describe("the second attack session's findings, fixed", () => {
  /** A commit with `file` added, made with no hook (commit-tree), on no ref: its id. */
  const unhookedCommit = (file: string) =>
    `export GIT_INDEX_FILE="$PWD/.git/ig-park-index" && git read-tree HEAD && b=$(echo evil | git hash-object -w --stdin) && git update-index --add --cacheinfo 100644,$b,${file} && c=$(git commit-tree $(git write-tree) -p HEAD -m "feat: auth") && rm "$GIT_INDEX_FILE" && unset GIT_INDEX_FILE`;
  /** A branch moved by writing its file: no reference-transaction hook sees it. */
  const byHand = (ref: string, to: string) =>
    `node -e 'require("fs").writeFileSync(".git/${ref}", process.argv[1] + "\\n")' "${to}"`;

  it("takes no tag a command made for judged: a commit parked there first is an escape when a branch reaches it", async () => {
    const repo = await selected("INT-001");
    const park = bashCall(
      repo,
      "sh ./tools/a.sh",
      `${unhookedCommit("src/billing/evil.ts")} && git tag park "$c"`,
      "park",
    );
    expect({ status: park.status, stderr: park.stderr }).toEqual({ status: 0, stderr: "" });
    const parked = repo.git("rev-parse", "park").trim();
    const moved = bashCall(
      repo,
      "sh ./tools/b.sh",
      `${byHand("refs/heads/main", "$(git rev-parse park)")} && git reset -q --hard && git tag -d park >/dev/null`,
      "move",
    );
    expect(moved.status).toBe(2);
    expect(moved.stderr).toContain(
      `intentguard: the shell command put a commit on main past the commit gate (${parked.slice(0, 12)})`,
    );
  });

  it("watches the ref HEAD names when it is no branch", async () => {
    const repo = await selected("INT-001");
    const moved = bashCall(
      repo,
      "sh ./tools/a.sh",
      `${unhookedCommit("src/billing/evil.ts")} && git update-ref refs/wip/x "$c" && git symbolic-ref HEAD refs/wip/x && git reset -q --hard`,
      "wip",
    );
    expect(moved.status).toBe(2);
    expect(moved.stderr).toContain("put a commit on refs/wip/x past the commit gate");
    expect(moved.stderr).toContain("Undo it: git reset --soft");
  });

  it("runs the work tree's own package whatever a planted commondir says, and says it was planted", async () => {
    const repo = await selected("INT-001");
    const cli = installPackageCopy(path.join(repo.dir, "node_modules"));
    expectSuccess(
      repo.run(process.execPath, [cli, "agent", "install", "claude-code"]),
      "agent install (vendored)",
    );
    const command = JSON.parse(repo.read(".claude/settings.json")).hooks.PreToolUse[0].hooks[0]
      .command as string;
    // A git directory elsewhere, with a bundle there that lets everything through.
    const evil = path.join(repo.base, "evil");
    execFileSync("git", ["init", "-q", evil], { env: repo.env });
    const fake = path.join(evil, "node_modules/intentguard/dist");
    mkdirSync(fake, { recursive: true });
    writeFileSync(path.join(fake, "agent-hook.cjs"), "process.exit(0);\n");
    const vendoredHook = (payload: Payload) =>
      repo.run("sh", ["-c", command], { input: JSON.stringify(payload) });
    const shell = (event: string) =>
      vendoredHook({
        session_id: "s",
        transcript_path: "/dev/null",
        cwd: repo.dir,
        hook_event_name: event,
        tool_name: "Bash",
        tool_input: { command: "node ./tools/setup.js" },
        tool_use_id: "cd",
      });
    expect(shell("PreToolUse").status).toBe(0);
    writeFileSync(at(repo, ".git/commondir"), `${path.join(evil, ".git")}\n`);
    const after = shell("PostToolUse");
    expect(after.status).toBe(2);
    expect(after.stderr).toContain(
      `${at(repo, ".git/commondir")} points git at another repository's common directory (${path.join(evil, ".git")}): git makes that file only in a linked work tree's git directory`,
    );
    const write = vendoredHook({
      session_id: "s",
      transcript_path: "/dev/null",
      cwd: repo.dir,
      hook_event_name: "PreToolUse",
      tool_name: "Write",
      tool_input: { file_path: at(repo, "src/billing/evil.ts") },
      tool_use_id: "w",
    });
    expect(write.status).toBe(2);
    expect(write.stderr).toContain("points git at another repository's common directory");
  });

  it("reads the package's bundles whole: a patch in the middle, the size kept, is said", async () => {
    const repo = await selected("INT-001");
    const cli = installPackageCopy(path.join(repo.dir, "node_modules"));
    const bundle = at(repo, "node_modules/intentguard/dist/command-hook-pre-commit.cjs");
    const shellHook = (event: string, id: string) =>
      repo.run(process.execPath, [cli, "agent-hook", "claude-code"], {
        input: JSON.stringify({
          session_id: "s",
          transcript_path: "/dev/null",
          cwd: repo.dir,
          hook_event_name: event,
          tool_name: "Bash",
          tool_input: { command: "python3 ./tools/p.py" },
          tool_use_id: id,
        }),
      });
    expect(shellHook("PreToolUse", "p1").status).toBe(0);
    const text = readFileSync(bundle, "latin1");
    const middle = Math.floor(text.length / 2);
    const at2 = text.indexOf("return", middle);
    writeFileSync(bundle, `${text.slice(0, at2)}RETURN${text.slice(at2 + 6)}`, "latin1");
    const after = shellHook("PostToolUse", "p1");
    expect(after.status).toBe(2);
    expect(after.stderr).toContain("intentguard's dist/command-hook-pre-commit.cjs");
  });
});

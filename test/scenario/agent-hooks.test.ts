import { createHash } from "node:crypto";
import { existsSync, linkSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import {
  createScratchDir,
  createSelectedRepo,
  expectSuccess,
  type Run,
  type TestRepo,
} from "../support/test-repo.js";

const fixtures = path.join(__dirname, "..", "fixtures", "agent-hooks");

// biome-ignore lint/suspicious/noExplicitAny: recorded JSON payloads, edited field by field
type Payload = Record<string, any>;

/** A recorded payload (test/fixtures/agent-hooks), its /REPO placeholder made this repository. */
function fixture(repo: TestRepo, agent: string, name: string): Payload {
  const text = readFileSync(path.join(fixtures, agent, name), "utf8");
  return JSON.parse(text.replaceAll("/REPO", repo.dir));
}

function hook(repo: TestRepo, agent: string, payload: Payload | string): Run {
  const input = typeof payload === "string" ? payload : JSON.stringify(payload);
  return repo.intentguard(["agent-hook", agent], { input });
}

/** How each agent's recorded pre-write payload names its file, and how its deny reads. */
interface Dialect {
  pre: string;
  setPath(payload: Payload, file: string): void;
  /** The message of a deny in this agent's blocking form, null when the answer is not a deny. */
  denied(run: Run): string | null;
  allowed(run: Run): boolean;
}

function exitTwo(run: Run): string | null {
  return run.status === 2 && run.stdout === "" && run.stderr.startsWith("intentguard: ")
    ? run.stderr
    : null;
}

const silentAllow = (run: Run) => run.status === 0 && run.stdout === "" && run.stderr === "";

const dialects: Record<string, Dialect> = {
  "claude-code": {
    pre: "pre-edit.json",
    setPath: (p, file) => {
      p.tool_input.file_path = file;
    },
    denied: exitTwo,
    allowed: silentAllow,
  },
  codex: {
    pre: "pre-edit.json",
    setPath: (p, file) => {
      p.tool_input.command = `*** Begin Patch\n*** Update File: ${file}\n@@\n-a\n+b\n*** End Patch\n`;
    },
    denied: exitTwo,
    allowed: silentAllow,
  },
  gemini: {
    pre: "pre-edit.json",
    setPath: (p, file) => {
      p.tool_input.file_path = file;
    },
    denied: exitTwo,
    allowed: silentAllow,
  },
  cursor: {
    pre: "pre-edit.json",
    setPath: (p, file) => {
      p.tool_input.file_path = file;
    },
    denied: (run) => {
      if (run.status !== 0) return null;
      const answer = JSON.parse(run.stdout);
      if (answer.permission !== "deny") return null;
      expect(answer.user_message).toBe(answer.agent_message.split("\n")[0]);
      return answer.agent_message;
    },
    allowed: (run) => run.status === 0 && run.stdout === '{"permission":"allow"}\n',
  },
  copilot: {
    pre: "pre-edit.json",
    setPath: (p, file) => {
      p.toolArgs = JSON.stringify({ ...JSON.parse(p.toolArgs), path: file });
    },
    denied: (run) => {
      if (run.status !== 0 || run.stdout === "") return null;
      const answer = JSON.parse(run.stdout);
      return answer.permissionDecision === "deny" ? answer.permissionDecisionReason : null;
    },
    allowed: silentAllow,
  },
  windsurf: {
    pre: "pre-edit.json",
    setPath: (p, file) => {
      p.tool_info.file_path = file;
    },
    denied: exitTwo,
    allowed: silentAllow,
  },
  cline: {
    pre: "pre-edit.json",
    setPath: (p, file) => {
      p.preToolUse.parameters.path = file;
    },
    denied: (run) => {
      if (run.status !== 0) return null;
      const answer = JSON.parse(run.stdout);
      return answer.cancel === true ? answer.errorMessage : null;
    },
    allowed: (run) => run.status === 0 && run.stdout === '{"cancel":false}\n',
  },
  opencode: {
    pre: "pre-edit.json",
    setPath: (p, file) => {
      p.output.args.filePath = file;
    },
    denied: exitTwo,
    allowed: silentAllow,
  },
};

describe("agent-hook: the scope gate before an agent writes, in each agent's dialect", () => {
  let repo: TestRepo;
  let unselected: TestRepo;
  let outside: string;
  beforeAll(async () => {
    repo = await createSelectedRepo("INT-001");
    unselected = await createSelectedRepo("INT-001");
    expectSuccess(unselected.intentguard(["select", "--clear"]), "select --clear");
    outside = path.join(createScratchDir(), "elsewhere.ts");
  });

  function ask(agent: string, file: string): Run {
    const dialect = dialects[agent] as Dialect;
    const payload = fixture(repo, agent, dialect.pre);
    dialect.setPath(payload, file);
    return hook(repo, agent, payload);
  }

  it.each(Object.keys(dialects))("%s: allowed in scope, denied everywhere else", (agent) => {
    const dialect = dialects[agent] as Dialect;
    // The recorded payload itself: src/auth/login.ts, in INT-001's scope.
    expect(dialect.allowed(hook(repo, agent, fixture(repo, agent, dialect.pre)))).toBe(true);
    expect(dialect.allowed(ask(agent, "src/auth/new.ts"))).toBe(true);
    const cases: [string, string][] = [
      [`${repo.dir}/docs/guide.md`, "1 path outside the scope of INT-001 (Auth)"],
      ["src/auth/secrets/key.ts", "forbidden"],
      ["src/../../escape.ts", "is outside this repository"],
      [outside, "is outside this repository"],
      [".orchestration/active_intents.yaml", "holds the rules that bind this agent"],
      [".claude/settings.json", "configures the hooks that gate this agent"],
      [".cursor/hooks.json", "configures the hooks that gate this agent"],
      [".git/hooks/pre-commit", "inside git's own directory"],
    ];
    for (const [file, reason] of cases) {
      const message = dialect.denied(ask(agent, file));
      expect(message, `${agent} writing ${file}`).toContain(reason);
    }
    // The model is told which intent covers the path.
    expect(dialect.denied(ask(agent, "docs/guide.md"))).toContain(
      "INT-002 (Docs) covers it: commit them under it",
    );
    const malformed = dialect.denied(hook(repo, agent, "{not json"));
    expect(malformed).toContain("could not be read");
    expect(malformed).toContain("so the tool call is denied");
  });

  it.each(Object.keys(dialects))("%s: with no intent selected, every write is denied", (agent) => {
    const dialect = dialects[agent] as Dialect;
    const payload = fixture(unselected, agent, dialect.pre);
    const message = dialect.denied(hook(unselected, agent, payload));
    expect(message).toContain("the commit declares no intent");
    expect(message).toContain("INT-001 (Auth), INT-002 (Docs)");
  });

  it("reads every file of a Codex apply_patch: Add, Update, Delete and Move to", () => {
    const patch = fixture(repo, "codex", "pre-apply-patch.json");
    expect(dialects.codex?.allowed(hook(repo, "codex", patch))).toBe(true);
    patch.tool_input.command = patch.tool_input.command.replace(
      "*** Move to: src/auth/new-name.ts",
      "*** Move to: docs/new-name.md",
    );
    expect(exitTwo(hook(repo, "codex", patch))).toContain("create docs/new-name.md");
  });

  it("reads Cline's parameters.path, relative to its workspace root", () => {
    const legacy = fixture(repo, "cline", "pre-edit.legacy.json");
    expect(legacy.preToolUse.parameters.path).toBe("src/auth/login.ts");
    expect(dialects.cline?.allowed(hook(repo, "cline", legacy))).toBe(true);
    legacy.preToolUse.parameters.path = "docs/index.md";
    expect(dialects.cline?.denied(hook(repo, "cline", legacy))).toContain("modify docs/index.md");
  });

  it("tells the agent its intent and scope when its session starts", () => {
    const start = hook(repo, "claude-code", fixture(repo, "claude-code", "session-start.json"));
    expect(start.status).toBe(0);
    const context = JSON.parse(start.stdout).hookSpecificOutput;
    expect(context.hookEventName).toBe("SessionStart");
    expect(context.additionalContext).toContain("INT-001 — Auth (IN_PROGRESS)");
    expect(context.additionalContext).toContain("owned scope:     src/auth, test/auth/**");
    expect(context.additionalContext).toContain("forbidden scope: src/auth/secrets");
    const cline = hook(repo, "cline", fixture(repo, "cline", "session-start.json"));
    expect(JSON.parse(cline.stdout)).toMatchObject({ cancel: false });
    expect(JSON.parse(cline.stdout).contextModification).toContain("INT-001 — Auth");
  });
});

/** A line hash as records hold it, computed here independently. */
function lineHash(line: string): string {
  return createHash("sha256").update(line).digest("hex").slice(0, 16);
}

describe("observed attribution: what an agent's hook saw it write is the agent's", () => {
  const session = "sess-obs";
  const model = "claude-sonnet-4-5-20250929";

  function call(
    repo: TestRepo,
    event: string,
    tool: string,
    toolUseId: string,
    input: Payload,
  ): Run {
    return hook(repo, "claude-code", {
      session_id: session,
      transcript_path: "/dev/null",
      cwd: repo.dir,
      hook_event_name: event,
      tool_name: tool,
      tool_input: input,
      tool_use_id: toolUseId,
    });
  }

  /** The agent writes `content` to `file` through Claude Code's Write tool, hooks around it. */
  function agentWrites(repo: TestRepo, file: string, content: string, toolUseId: string): void {
    const input = { file_path: path.join(repo.dir, file), content };
    expect(call(repo, "PreToolUse", "Write", toolUseId, input).status).toBe(0);
    repo.write(file, content);
    expect(call(repo, "PostToolUse", "Write", toolUseId, input).status).toBe(0);
  }

  function record(repo: TestRepo, rev = "HEAD") {
    const shown = repo.intentguard(["trace", "show", "--json", rev]);
    expect(shown.status).toBe(0);
    return JSON.parse(shown.stdout)[0];
  }

  const observed = (toolUseId: string) => ({
    contributor: { entity_type: "AI", agent_id: "claude-code", model_identifier: model },
    evidence: {
      kind: "observed",
      agent_id: "claude-code",
      model_identifier: model,
      session_id: session,
      tool_use_id: toolUseId,
    },
  });

  it("records the agent's lines as observed and the person's as theirs, in one commit and the next", async () => {
    const repo = await createSelectedRepo("INT-001");
    const start = fixture(repo, "claude-code", "session-start.json");
    expect(hook(repo, "claude-code", { ...start, session_id: session, model }).status).toBe(0);

    // The agent writes lines 2-3; a person adds line 4; one commit.
    agentWrites(repo, "src/auth/login.ts", "export const login = 1;\nai two\nai three\n", "t1");
    repo.write("src/auth/login.ts", "export const login = 1;\nai two\nai three\nperson four\n");
    expectSuccess(repo.commit("Login", ["-a"]), "commit");
    const first = record(repo);
    const file = first.files.find((one: Payload) => one.relative_path === "src/auth/login.ts");
    expect(first.contributor).toMatchObject({ entity_type: "HUMAN" });
    expect(file.ranges).toEqual([
      {
        start_line: 2,
        end_line: 3,
        content_hash: `sha256:${createHash("sha256").update("ai two\nai three").digest("hex")}`,
        line_hashes: [lineHash("ai two"), lineHash("ai three")],
        ...observed("t1"),
      },
      {
        start_line: 4,
        end_line: 4,
        content_hash: `sha256:${createHash("sha256").update("person four").digest("hex")}`,
        line_hashes: [lineHash("person four")],
      },
    ]);
    const blame = JSON.parse(
      repo.intentguard(["trace", "blame", "--json", "src/auth/login.ts"]).stdout,
    );
    const who = blame.lines.map((line: Payload) => line.contributor.type);
    expect(who).toEqual(["HUMAN", "AI", "AI", "HUMAN"]);
    expect(blame.lines[1].contributor).toMatchObject({ agent: "claude-code", model });
    expect(blame.lines[1].reason).toContain(
      `observed written by an agent's hook (claude-code, ${model}, session ${session}, tool call t1)`,
    );

    // An agent line left uncommitted carries to the next commit; a person's commit between
    // does not take it.
    agentWrites(
      repo,
      "src/auth/login.ts",
      "export const login = 1;\nai two\nai three\nperson four\nai five\n",
      "t2",
    );
    repo.write("src/auth/other.ts", "person other\n");
    repo.git("add", "src/auth/other.ts");
    expectSuccess(repo.commit("Other"), "commit other");
    expect(record(repo).files[0].ranges[0].contributor).toBeUndefined();
    // A person rewrites an agent line before committing: the person's.
    agentWrites(
      repo,
      "src/auth/login.ts",
      "export const login = 1;\nai two\nai three\nperson four\nai five\nai six\n",
      "t3",
    );
    repo.write(
      "src/auth/login.ts",
      "export const login = 1;\nai two\nai three\nperson four\nai five\nperson six\n",
    );
    expectSuccess(repo.commit("Login again", ["-a"]), "commit");
    const third = record(repo).files[0];
    expect(third.ranges).toEqual([
      {
        start_line: 5,
        end_line: 5,
        content_hash: `sha256:${createHash("sha256").update("ai five").digest("hex")}`,
        line_hashes: [lineHash("ai five")],
        ...observed("t2"),
      },
      {
        start_line: 6,
        end_line: 6,
        content_hash: `sha256:${createHash("sha256").update("person six").digest("hex")}`,
        line_hashes: [lineHash("person six")],
      },
    ]);
    expect(repo.intentguard(["trace", "verify"]).status).toBe(0);
  });

  it("credits nothing to an agent whose work a person threw away and rewrote", async () => {
    const repo = await createSelectedRepo("INT-001");
    agentWrites(
      repo,
      "src/auth/login.ts",
      "export function agentLogin() {\n  return agentToken;\n}\n\n",
      "d1",
    );
    repo.git("checkout", "--", "src/auth/login.ts");
    repo.write(
      "src/auth/login.ts",
      "export function personLogin() {\n  return personToken;\n}\n\n",
    );
    expectSuccess(repo.commit("Person's login", ["-a"]), "commit");
    const [file] = record(repo).files;
    expect(file.ranges.map((range: Payload) => range.contributor)).toEqual([undefined]);
  });

  it("loads no jsdiff on an ordinary commit, and does once an agent's lines wait to land", async () => {
    const repo = await createSelectedRepo("INT-001");
    const dir = createScratchDir();
    const tracer = path.join(dir, "trace-load.cjs");
    const log = path.join(dir, "loads.log");
    writeFileSync(
      tracer,
      `const Module = require("node:module");\nconst load = Module._load;\nModule._load = function (request, ...rest) {\n  if (request === "diff") require("node:fs").appendFileSync(${JSON.stringify(log)}, "diff\\n");\n  return load.call(this, request, ...rest);\n};\n`,
    );
    const traced = { env: { NODE_OPTIONS: `--require ${tracer}` } };
    repo.write("src/auth/plain.ts", "export const plain = 1;\n");
    repo.git("add", "src/auth/plain.ts");
    expectSuccess(repo.commit("Plain", [], traced), "plain commit");
    expect(existsSync(log)).toBe(false);
    agentWrites(repo, "src/auth/login.ts", "export const login = 1;\nagent line here\n", "j1");
    expectSuccess(repo.commit("Agent's", ["-a"], traced), "agent commit");
    expect(readFileSync(log, "utf8")).toContain("diff");
  });

  it("judges what a shell command changed: out of scope reported, in scope checkpointed", async () => {
    const repo = await createSelectedRepo("INT-001");
    const input = { command: "generate" };
    expect(call(repo, "PreToolUse", "Bash", "sh1", input).status).toBe(0);
    repo.write("docs/generated.md", "# generated\n");
    repo.write("src/auth/generated.ts", "generated one\ngenerated two\n");
    const after = call(repo, "PostToolUse", "Bash", "sh1", input);
    expect(after.status).toBe(2);
    expect(after.stderr).toContain(
      "intentguard: the shell command changed a file outside what this intent may touch (docs/generated.md)",
    );
    repo.git("add", "src/auth/generated.ts");
    expectSuccess(repo.commit("Generated"), "commit");
    const [file] = record(repo).files;
    expect(file.relative_path).toBe("src/auth/generated.ts");
    expect(file.ranges).toEqual([
      expect.objectContaining({
        start_line: 1,
        end_line: 2,
        contributor: { entity_type: "AI", agent_id: "claude-code" },
        evidence: {
          kind: "observed",
          agent_id: "claude-code",
          session_id: session,
          tool_use_id: "sh1",
        },
      }),
    ]);
  });
});

describe("agent-hook against an agent that tries to get around it", () => {
  function write(repo: TestRepo, input: Payload, tool = "Write"): Run {
    return hook(repo, "claude-code", {
      session_id: "s",
      transcript_path: "/dev/null",
      cwd: repo.dir,
      hook_event_name: "PreToolUse",
      tool_name: tool,
      tool_input: input,
      tool_use_id: "t",
    });
  }
  const at = (repo: TestRepo, file: string) => path.join(repo.dir, file);

  it("denies writes through links, into installed packages, and through odd tool shapes", async () => {
    const repo = await createSelectedRepo("INT-001");
    repo.write(".gitignore", "node_modules/\n");
    repo.write("node_modules/intentguard/dist/agent-hook.cjs", "// the hook\n");
    expect(
      exitTwo(write(repo, { file_path: at(repo, "node_modules/intentguard/dist/agent-hook.cjs") })),
    ).toContain("configures the hooks that gate this agent");
    // A symlink in scope whose target does not exist yet, and one whose target is out of scope.
    symlinkSync("../../.claude/settings.local.json", at(repo, "src/auth/cfg.json"));
    expect(exitTwo(write(repo, { file_path: at(repo, "src/auth/cfg.json") }))).toContain(
      "goes through a symlink whose target does not exist",
    );
    symlinkSync("../../docs/index.md", at(repo, "src/auth/doc.md"));
    expect(exitTwo(write(repo, { file_path: at(repo, "src/auth/doc.md") }))).toContain(
      "modify docs/index.md",
    );
    // A hard link to the rules file.
    linkSync(at(repo, ".orchestration/active_intents.yaml"), at(repo, "src/auth/notes.yaml"));
    expect(exitTwo(write(repo, { file_path: at(repo, "src/auth/notes.yaml") }))).toContain(
      "has more than one name (a hard link)",
    );
    // An indented apply_patch header, which Codex reads as a header.
    const patch = fixture(repo, "codex", "pre-edit.json");
    patch.tool_input.command =
      "*** Begin Patch\n*** Add File: src/auth/a.ts\n+x\n  *** Add File: docs/evil.md\n+x\n*** End Patch\n";
    expect(exitTwo(hook(repo, "codex", patch))).toContain("create docs/evil.md");
    // MCP tools: the filesystem server's move_file, and a write whose path cannot be read.
    const move = { source: at(repo, "src/auth/login.ts"), destination: at(repo, "docs/x.md") };
    expect(exitTwo(write(repo, move, "mcp__filesystem__move_file"))).toContain("docs/x.md");
    // A path under a field of no known name is still judged where it names a place in the
    // repository, and the deny says which tool and field.
    const saved = exitTwo(write(repo, { fname: at(repo, "docs/x.md") }, "mcp__fs__save_file"));
    expect(saved).toContain("create docs/x.md");
    expect(saved).toContain(
      `mcp__fs__save_file is judged as a tool that writes: no agent's own list knows it, and its name does not start with a verb that only reads (read, get, list, search, find, view, grep, glob, stat). It names ${at(repo, "docs/x.md")} (in fname).`,
    );
    // Claude Code's own TodoWrite writes no file: not judged.
    expect(write(repo, { todos: [] }, "TodoWrite")).toMatchObject({ status: 0, stdout: "" });
  });

  it("reports a shell command that changes an agent's ignored hook settings or git's configuration", async () => {
    const repo = await createSelectedRepo("INT-001");
    repo.write(".gitignore", ".claude/settings.local.json\n");
    const bash = (event: string) =>
      hook(repo, "claude-code", {
        session_id: "s",
        transcript_path: "/dev/null",
        cwd: repo.dir,
        hook_event_name: event,
        tool_name: "Bash",
        tool_input: { command: "…" },
        tool_use_id: "sh",
      });
    expect(bash("PreToolUse").status).toBe(0);
    repo.write(".claude/settings.local.json", '{"disableAllHooks":true}\n');
    repo.git("config", "core.hooksPath", "/dev/null");
    const after = bash("PostToolUse");
    expect(after.status).toBe(2);
    expect(after.stderr).toContain(
      "intentguard: the shell command changed the settings that gate this agent (core.hooksPath, .claude/settings.local.json)",
    );
  });
});

describe("agent-hook, second attack round", () => {
  function call(repo: TestRepo, event: string, tool: string, input: Payload, id = "t"): Run {
    return hook(repo, "claude-code", {
      session_id: "s",
      transcript_path: "/dev/null",
      cwd: repo.dir,
      hook_event_name: event,
      tool_name: tool,
      tool_input: input,
      tool_use_id: id,
    });
  }

  it("denies a nested .git, a NEL-indented patch header, `..` after a symlinked folder, the ledger, and MCP paths in lists and URIs", async () => {
    const repo = await createSelectedRepo("INT-001");
    const outside = createScratchDir();
    symlinkSync(path.join(outside, "dir"), path.join(repo.dir, "src/auth/lnk"));
    mkdirSync(path.join(outside, "dir"));
    const cases: [string, Payload, string][] = [
      ["Write", { file_path: "src/auth/.git/config" }, "inside git's own directory"],
      ["Write", { file_path: "src/auth/lnk/../escape.ts" }, "is outside this repository"],
      ["Write", { file_path: ".orchestration/agent_trace.jsonl" }, "holds the rules"],
      [
        "mcp__fs__write_files",
        { path: "src/auth/ok.ts", paths: [{ path: "docs/x.md" }] },
        "docs/x.md",
      ],
      [
        "mcp__fs__write_file",
        { path: "src/auth/ok.ts", uri: `file://${repo.dir}/docs/y.md` },
        "docs/y.md",
      ],
      [
        "mcp__fs__copy_file",
        { source: "src/auth/ok.ts", destinations: ["docs/z.md"] },
        "docs/z.md",
      ],
    ];
    for (const [tool, input, reason] of cases) {
      expect(
        exitTwo(call(repo, "PreToolUse", tool, input)),
        `${tool} ${JSON.stringify(input)}`,
      ).toContain(reason);
    }
    const patch = fixture(repo, "codex", "pre-edit.json");
    patch.tool_input.command =
      "*** Begin Patch\n*** Add File: src/auth/a.ts\n+x\n\u0085*** Add File: docs/nel.md\n+x\n*** End Patch\n";
    expect(exitTwo(hook(repo, "codex", patch))).toContain("create docs/nel.md");
  });

  it("keeps a person's unstaged lines the person's when a shell command only touches the file", async () => {
    const repo = await createSelectedRepo("INT-001");
    repo.write("src/auth/login.ts", "export const login = 1;\nperson one\nperson two\n");
    expect(call(repo, "PreToolUse", "Bash", { command: "touch" }, "sh").status).toBe(0);
    repo.write(
      "src/auth/login.ts",
      "export const login = 1;\nperson one\nperson two\nshell line\n",
    );
    expect(call(repo, "PostToolUse", "Bash", { command: "touch" }, "sh").status).toBe(0);
    expectSuccess(repo.commit("Login", ["-a"]), "commit");
    const shown = JSON.parse(repo.intentguard(["trace", "show", "--json"]).stdout)[0];
    expect(
      shown.files[0].ranges.map((range: Payload) => [
        range.start_line,
        range.end_line,
        range.evidence?.kind,
      ]),
    ).toEqual([
      [2, 3, undefined],
      [4, 4, "observed"],
    ]);
  });

  it("reports a shell command that switches git's hooks off globally or rewrites a hook file", async () => {
    const repo = await createSelectedRepo("INT-001");
    expect(
      call(repo, "PreToolUse", "mcp__desktop__start_process", { command: "…" }, "m").status,
    ).toBe(0);
    repo.git("config", "--global", "core.hooksPath", "/dev/null");
    const after = call(repo, "PostToolUse", "mcp__desktop__start_process", { command: "…" }, "m");
    expect(after.status).toBe(2);
    expect(after.stderr).toContain("changed the settings that gate this agent (core.hooksPath)");
    repo.git("config", "--global", "--unset", "core.hooksPath");
    expect(call(repo, "PreToolUse", "Bash", { command: "…" }, "b").status).toBe(0);
    const hookFile = repo.git("rev-parse", "--git-path", "hooks/reference-transaction").trim();
    writeFileSync(path.join(repo.dir, hookFile), "#!/bin/sh\nexit 0\n");
    const rewritten = call(repo, "PostToolUse", "Bash", { command: "…" }, "b");
    expect(rewritten.status).toBe(2);
    expect(rewritten.stderr).toContain("reference-transaction hook");
  });
});

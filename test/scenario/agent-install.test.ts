import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, symlinkSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  createScratchDir,
  createSelectedRepo,
  expectSuccess,
  type TestRepo,
} from "../support/test-repo.js";

const usersClaude = {
  permissions: { allow: ["Bash(npm test)"] },
  hooks: {
    PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "./my-check.sh" }] }],
  },
};

function json(repo: TestRepo, file: string) {
  return JSON.parse(repo.read(file));
}

/** Runs a hook command as the agent would: through sh, the payload on stdin. */
function runHook(
  repo: TestRepo,
  command: string,
  payload: object,
  env: Record<string, string> = {},
) {
  return repo.run("/bin/sh", ["-c", command], { input: JSON.stringify(payload), env });
}

const outOfScope = (repo: TestRepo) => ({
  session_id: "s",
  transcript_path: "/dev/null",
  cwd: repo.dir,
  hook_event_name: "PreToolUse",
  tool_name: "Write",
  tool_input: { file_path: path.join(repo.dir, "docs/new.md"), content: "x" },
  tool_use_id: "t",
});

describe("agent install and uninstall", () => {
  it("merges our hooks beside the user's, idempotently, and takes out only ours", async () => {
    const repo = await createSelectedRepo("INT-001");
    repo.write(".claude/settings.json", `${JSON.stringify(usersClaude, null, 2)}\n`);
    repo.write(".clinerules/hooks/PreToolUse", "#!/bin/sh\necho '{\"cancel\":false}'\n");
    const install = repo.intentguard(["agent", "install", "claude-code", "cursor", "cline"]);
    expect(install.status).toBe(0);
    expect(install.stdout).toContain(
      "intentguard agent install: claude-code: .claude/settings.json updated\n",
    );
    expect(install.stdout).toContain(
      "intentguard agent install: cursor: .cursor/hooks.json added\n",
    );
    expect(install.stdout).toContain(
      "intentguard agent install: cline: .clinerules/hooks/PreToolUse kept (not intentguard's",
    );
    const claude = json(repo, ".claude/settings.json");
    expect(claude.permissions).toEqual(usersClaude.permissions);
    expect(claude.hooks.PreToolUse).toHaveLength(2);
    expect(claude.hooks.PreToolUse[0]).toEqual(usersClaude.hooks.PreToolUse[0]);
    const ours = claude.hooks.PreToolUse[1];
    expect(ours.matcher).toBe("Write|Edit|MultiEdit|NotebookEdit|Bash|PowerShell|mcp__.*");
    expect(ours.hooks[0].command).toContain("agent-hook.cjs claude-code");
    expect(Object.keys(claude.hooks)).toEqual(["PreToolUse", "SessionStart", "PostToolUse"]);
    const cursor = json(repo, ".cursor/hooks.json");
    expect(cursor.version).toBe(1);
    expect(cursor.hooks.preToolUse[0]).toMatchObject({ failClosed: true, timeout: 30 });
    expect(repo.read(".clinerules/hooks/PostToolUse")).toContain("agent-hook.cjs cline");

    const before = [".claude/settings.json", ".cursor/hooks.json"].map((file) => repo.read(file));
    const again = repo.intentguard(["agent", "install", "claude-code", "cursor"]);
    expect(again.stdout).toContain("claude-code: .claude/settings.json unchanged\n");
    expect([".claude/settings.json", ".cursor/hooks.json"].map((file) => repo.read(file))).toEqual(
      before,
    );

    const doctor = repo.intentguard(["doctor"]);
    expect(doctor.stdout).toContain(
      "claude-code: its hooks call intentguard before each write (a crash or a hang past 10 s denies the write)",
    );
    expect(doctor.stdout).toContain(
      "cursor: its hooks call intentguard before each write (a crash or a hang past 10 s denies the write)",
    );

    const uninstall = repo.intentguard(["agent", "uninstall", "claude-code", "cursor", "cline"]);
    expect(uninstall.status).toBe(0);
    expect(json(repo, ".claude/settings.json")).toEqual(usersClaude);
    expect(existsSync(path.join(repo.dir, ".cursor/hooks.json"))).toBe(false);
    expect(existsSync(path.join(repo.dir, ".clinerules/hooks/PostToolUse"))).toBe(false);
    expect(repo.read(".clinerules/hooks/PreToolUse")).toBe(
      "#!/bin/sh\necho '{\"cancel\":false}'\n",
    );
  });

  it("runs as installed: denies out of scope, and denies when it cannot run at all", async () => {
    const repo = await createSelectedRepo("INT-001");
    expectSuccess(
      repo.intentguard(["agent", "install", "claude-code", "copilot"]),
      "agent install",
    );
    const claude = json(repo, ".claude/settings.json").hooks.PreToolUse[0].hooks[0].command;
    const denied = runHook(repo, claude, outOfScope(repo));
    expect(denied.status).toBe(2);
    expect(denied.stderr).toContain("1 path outside the scope of INT-001 (Auth)");
    // No node on the PATH: the wrapper denies, in each agent's blocking form.
    const bin = createScratchDir();
    for (const tool of ["git", "sh"])
      symlinkSync(execFileSync("which", [tool], { encoding: "utf8" }).trim(), path.join(bin, tool));
    const noNode = { PATH: bin };
    const claudeCrash = runHook(repo, claude, outOfScope(repo), noNode);
    expect(claudeCrash.status).toBe(2);
    expect(claudeCrash.stderr).toContain("intentguard: the agent hook could not run");
    const copilot = json(repo, ".github/hooks/intentguard.json").hooks.preToolUse[0].bash;
    const copilotCrash = runHook(repo, copilot, { toolName: "edit", toolArgs: "{}" }, noNode);
    expect(copilotCrash.status).toBe(0);
    expect(JSON.parse(copilotCrash.stdout)).toMatchObject({ permissionDecision: "deny" });
    // Copilot's file holds only the fields its hook reference documents, and is known as ours.
    const copilotHooks = json(repo, ".github/hooks/intentguard.json").hooks;
    expect(Object.keys(copilotHooks.preToolUse[0]).sort()).toEqual(["bash", "timeoutSec", "type"]);
    expectSuccess(repo.intentguard(["agent", "uninstall", "copilot"]), "agent uninstall copilot");
    expect(existsSync(path.join(repo.dir, ".github/hooks/intentguard.json"))).toBe(false);
  });

  it("refuses a configuration that is not JSON, changing nothing", async () => {
    const repo = await createSelectedRepo("INT-001");
    repo.write(".gemini/settings.json", "{ // my comment\n}\n");
    const run = repo.intentguard(["agent", "install", "gemini"]);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain(".gemini/settings.json is not valid JSON");
    expect(readFileSync(path.join(repo.dir, ".gemini/settings.json"), "utf8")).toBe(
      "{ // my comment\n}\n",
    );
    for (const [hooks, field] of [
      ['"hooks": []', "hooks field is not an object"],
      ['"hooks": { "BeforeTool": "mine" }', "hooks.BeforeTool field is not a list"],
    ]) {
      const text = `{ ${hooks} }\n`;
      repo.write(".gemini/settings.json", text);
      const refused = repo.intentguard(["agent", "install", "gemini"]);
      expect({ status: refused.status, stdout: refused.stdout }).toEqual({ status: 2, stdout: "" });
      expect(refused.stderr).toContain(
        `.gemini/settings.json cannot take intentguard's hooks: its ${field}. Fix it`,
      );
      expect(readFileSync(path.join(repo.dir, ".gemini/settings.json"), "utf8")).toBe(text);
    }
    const unknown = repo.intentguard(["agent", "install", "vim"]);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain('"vim" is not an agent intentguard knows: claude-code, codex');
  });
});

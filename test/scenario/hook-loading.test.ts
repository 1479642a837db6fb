import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  createScratchDir,
  createSelectedRepo,
  expectSuccess,
  projectRoot,
} from "../support/test-repo.js";

/**
 * A probe preloaded into every Node the hooks start: it appends to the file named by
 * LOADED_FILE each package a module asks for (not node: built-ins) and each of dist/'s bundles
 * it loads, by file name.
 */
const probe = `
const Module = require("node:module");
const { appendFileSync } = require("node:fs");
const dist = ${JSON.stringify(path.join(projectRoot, "dist") + path.sep)};
const load = Module._load;
Module._load = function (request, parent, ...rest) {
  if (!request.startsWith("node:")) {
    let file = request;
    try {
      file = Module._resolveFilename(request, parent);
    } catch {}
    if (file.startsWith(dist)) appendFileSync(process.env.LOADED_FILE, file.slice(dist.length) + "\\n");
    else if (!/^[./]/.test(request)) appendFileSync(process.env.LOADED_FILE, request + "\\n");
  }
  return load.call(this, request, parent, ...rest);
};
`;

/**
 * The environment that preloads the probe into every Node a command or hook starts, and the file
 * it appends to. Without coverage, bundles load through the code cache, past Module._load: off here.
 */
function probed(): { env: Record<string, string>; loaded: string } {
  const scratch = createScratchDir();
  const probeFile = path.join(scratch, "probe.cjs");
  const loaded = path.join(scratch, "loaded.txt");
  writeFileSync(probeFile, probe);
  writeFileSync(loaded, "");
  const env = {
    NODE_OPTIONS: `--require ${probeFile}`,
    LOADED_FILE: loaded,
    INTENTGUARD_CODE_CACHE: "0",
  };
  return { env, loaded };
}

describe("what a command or hook loads", () => {
  it("loads neither zod nor yaml nor any command's code once the rules cache is warm: only the landing", async () => {
    const repo = await createSelectedRepo();
    const { env, loaded } = probed();

    // The first commit compiles the rules (and may load both); the second reads the cache.
    repo.commitFile("src/auth/a.ts", "one\n", "First", { env });
    writeFileSync(loaded, "");
    const second = repo.commitFile("src/auth/a.ts", "two\n", "Second", { env });

    expect(repo.git("notes", "--ref=intentguard", "list", second).trim()).not.toBe("");
    const modules = [...new Set(readFileSync(loaded, "utf8").split("\n").filter(Boolean))].sort();
    expect(modules).toEqual([
      "cli.cjs",
      "command-hook-reference-transaction.cjs",
      "command-hook.cjs",
      "shared.cjs",
    ]);
  });

  it("loads no node:crypto to judge what is staged, nor for an agent's pre-write decision (its load costs ~5 ms with the GC it brings)", async () => {
    const repo = await createSelectedRepo();
    const scratch = createScratchDir();
    const probeFile = path.join(scratch, "builtins.cjs");
    const loaded = path.join(scratch, "builtins.txt");
    writeFileSync(
      probeFile,
      `process.on("exit", () => require("node:fs").writeFileSync(${JSON.stringify(loaded)}, process.moduleLoadList.join("\\n")));\n`,
    );
    repo.write("src/auth/a.ts", "staged\n");
    repo.git("add", "-A");
    const env = { NODE_OPTIONS: `--require ${probeFile}`, INTENTGUARD_CODE_CACHE: "0" };
    expectSuccess(repo.intentguard(["check", "--staged"], { env }), "check --staged");
    const modules = readFileSync(loaded, "utf8").split("\n");
    expect(modules.length).toBeGreaterThan(50);
    expect(modules.filter((name) => /crypto/.test(name))).toEqual([]);
    const payload = {
      session_id: "s",
      transcript_path: "/dev/null",
      cwd: repo.dir,
      hook_event_name: "PreToolUse",
      tool_name: "Edit",
      tool_input: { file_path: path.join(repo.dir, "src/auth/a.ts") },
      tool_use_id: "t",
    };
    const agentHook = path.join(projectRoot, "dist", "agent-hook.cjs");
    const decided = repo.run(process.execPath, [agentHook, "claude-code"], {
      env,
      input: JSON.stringify(payload),
    });
    expect({ status: decided.status, stderr: decided.stderr }).toEqual({ status: 0, stderr: "" });
    const agentModules = readFileSync(loaded, "utf8").split("\n");
    expect(agentModules.length).toBeGreaterThan(50);
    expect(agentModules.filter((name) => /crypto/.test(name))).toEqual([]);
  });

  it("loads the failures' words only to say one", async () => {
    const repo = await createSelectedRepo();
    const { env, loaded } = probed();
    expectSuccess(repo.intentguard(["status"], { env }), "intentguard status");
    expect(readFileSync(loaded, "utf8").split("\n")).not.toContain("failure-text.cjs");
    const refused = repo.intentguard(["intent", "start", "INT-999"], { env });
    expect(refused.status).toBe(2);
    expect(refused.stderr).toContain("There is no intent INT-999");
    expect(readFileSync(loaded, "utf8").split("\n")).toContain("failure-text.cjs");
  });
});

import {
  type ConfigMerge,
  type GroupedEvent,
  type JsonObject,
  withFlatHooks,
  withGroupedHooks,
  withoutFlatHooks,
  withoutGroupedHooks,
} from "../core/agent/agent-config.js";
import type { HookFailure } from "./agent-hook-command.js";

/** How one agent is wired: a JSON file we merge into, or files of our own. */
export type AgentWiring = {
  agent: string;
  failure: HookFailure;
  /** What a person must still do for the hooks to run (trust them, turn hooks on). */
  caveat?: string;
} & (
  | {
      kind: "merged";
      file: string;
      add(config: JsonObject, command: string): ConfigMerge;
      remove(config: JsonObject): JsonObject;
    }
  | {
      kind: "own";
      files: readonly { path: string; executable: boolean; text(command: string): string }[];
    }
);

const exitFailure: HookFailure = { kind: "exit" };

function grouped(agent: string, events: readonly GroupedEvent[]) {
  return {
    add: (config: JsonObject, command: string) => withGroupedHooks(config, agent, command, events),
    remove: (config: JsonObject) => withoutGroupedHooks(config, agent),
  };
}

/** The marker that makes a file ours: uninstall removes only files that carry it. */
export const ownMarker = "written by intentguard agent install";

function script(command: string): string {
  return `#!/bin/sh\n# ${ownMarker}; intentguard agent uninstall removes it.\n${command}\n`;
}

function opencodePlugin(command: string): string {
  return `// ${ownMarker}; intentguard agent uninstall removes it.
// Hands each tool call to intentguard before and after it runs; exit 2 (or a hook that cannot run)
// stops the tool before it writes.
import { spawnSync } from "node:child_process";

function ask(hook, directory, input, output) {
  const payload = JSON.stringify({ hook, directory, input, output });
  return spawnSync("sh", ["-c", ${JSON.stringify(command)}], { cwd: directory, input: payload, encoding: "utf8" });
}

export const IntentGuard = async ({ directory }) => ({
  "tool.execute.before": async (input, output) => {
    const answer = ask("tool.execute.before", directory, input, output);
    if (answer.status !== 0) throw new Error(answer.stderr.trim() || "intentguard: the write is denied");
  },
  "tool.execute.after": async (input, output) => {
    ask("tool.execute.after", directory, input, output);
  },
});
`;
}

/**
 * Every agent `agent install` knows, from each one's hook reference
 * (test/fixtures/agent-hooks/FACTS.md). Write and shell tools only, where the agent has matchers:
 * a read costs the agent no hook.
 */
export const agentWirings: readonly AgentWiring[] = [
  {
    agent: "claude-code",
    kind: "merged",
    file: ".claude/settings.json",
    failure: exitFailure,
    ...grouped("claude-code", [
      { event: "SessionStart", handler: { timeout: 30 } },
      {
        event: "PreToolUse",
        matcher: "Write|Edit|MultiEdit|NotebookEdit|Bash|PowerShell|mcp__.*",
        handler: { timeout: 30 },
      },
      {
        event: "PostToolUse",
        matcher: "Write|Edit|MultiEdit|NotebookEdit|Bash|PowerShell|mcp__.*",
        handler: { timeout: 30 },
      },
    ]),
  },
  {
    agent: "codex",
    kind: "merged",
    file: ".codex/hooks.json",
    failure: exitFailure,
    caveat: "Codex runs project hooks only once a person trusts them (/hooks in Codex)",
    ...grouped("codex", [
      { event: "SessionStart", handler: { timeout: 30 } },
      { event: "PreToolUse", matcher: "^(apply_patch|Bash|mcp__.*)$", handler: { timeout: 30 } },
      { event: "PostToolUse", matcher: "^(apply_patch|Bash|mcp__.*)$", handler: { timeout: 30 } },
    ]),
  },
  {
    agent: "gemini",
    kind: "merged",
    file: ".gemini/settings.json",
    failure: exitFailure,
    ...grouped("gemini", [
      { event: "SessionStart", matcher: "*", handler: { name: "intentguard", timeout: 30000 } },
      {
        event: "BeforeTool",
        matcher: "write_file|replace|run_shell_command|mcp_.*",
        handler: { name: "intentguard", timeout: 30000 },
      },
      {
        event: "AfterTool",
        matcher: "write_file|replace|run_shell_command|mcp_.*",
        handler: { name: "intentguard", timeout: 30000 },
      },
    ]),
  },
  {
    agent: "cursor",
    kind: "merged",
    file: ".cursor/hooks.json",
    failure: { kind: "json", deny: (message) => ({ permission: "deny", agent_message: message }) },
    add(config, command) {
      const merged = withFlatHooks({ version: 1, ...config }, "cursor", [
        { event: "sessionStart", handler: { command } },
        { event: "preToolUse", handler: { command, timeout: 30, failClosed: true } },
        { event: "postToolUse", handler: { command, timeout: 30 } },
      ]);
      return merged;
    },
    remove: (config) => withoutFlatHooks(config, "cursor"),
  },
  {
    agent: "copilot",
    kind: "own",
    failure: {
      kind: "json",
      deny: (message) => ({ permissionDecision: "deny", permissionDecisionReason: message }),
    },
    files: [
      {
        path: ".github/hooks/intentguard.json",
        executable: false,
        text: (command) =>
          `${JSON.stringify(
            {
              version: 1,
              hooks: Object.fromEntries(
                ["sessionStart", "preToolUse", "postToolUse"].map((event) => [
                  event,
                  [{ type: "command", bash: command, timeoutSec: 30 }],
                ]),
              ),
            },
            null,
            2,
          )}\n`,
      },
    ],
  },
  {
    agent: "windsurf",
    kind: "merged",
    file: ".windsurf/hooks.json",
    failure: exitFailure,
    add: (config, command) =>
      withFlatHooks(
        config,
        "windsurf",
        ["pre_write_code", "post_write_code", "pre_run_command", "post_run_command"].map(
          (event) => ({
            event,
            handler: { command, show_output: true },
          }),
        ),
      ),
    remove: (config) => withoutFlatHooks(config, "windsurf"),
  },
  {
    agent: "cline",
    kind: "own",
    failure: { kind: "json", deny: (message) => ({ cancel: true, errorMessage: message }) },
    caveat:
      "Cline runs hooks only with its Enable Hooks setting on, and a deny cancels the whole task",
    files: ["TaskStart", "PreToolUse", "PostToolUse"].map((event) => ({
      path: `.clinerules/hooks/${event}`,
      executable: true,
      text: script,
    })),
  },
  {
    agent: "opencode",
    kind: "own",
    failure: exitFailure,
    files: [{ path: ".opencode/plugins/intentguard.js", executable: false, text: opencodePlugin }],
  },
];

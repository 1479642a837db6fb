import { describe, expect, it } from "vitest";
import {
  type AgentDialect,
  PayloadError,
  type PayloadProblem,
} from "../../src/core/agent/agent-event.js";
import { classifyTool } from "../../src/core/agent/classify-tool.js";
import { decodePayload } from "../../src/core/agent/decode-payload.js";
import { dialectNamed } from "../../src/core/agent/dialects/index.js";
import { carryOwners, lineSources, runsOf } from "../../src/core/agent/line-owners.js";
import { patchPaths } from "../../src/core/agent/patch-paths.js";
import { protectedFromAgents } from "../../src/core/agent/protected-paths.js";
import {
  isPathField,
  leadingVerb,
  namedPaths,
  toolPaths,
} from "../../src/core/agent/tool-paths.js";
import { agentHookAnswer } from "../../src/report/verdict/agent-hook-messages.js";

describe("decodePayload", () => {
  const value = { hook_event_name: "PreToolUse", path: "src/é.ts" };
  const text = JSON.stringify(value);

  it("reads UTF-8, with or without a byte order mark, and UTF-16 either way round", () => {
    const be = Buffer.from(text, "utf16le");
    be.swap16();
    for (const bytes of [
      Buffer.from(text),
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]),
      Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, "utf16le")]),
      Buffer.from(text, "utf16le"),
      Buffer.concat([Buffer.from([0xfe, 0xff]), be]),
    ]) {
      expect(decodePayload(bytes)).toEqual(value);
    }
  });

  it("refuses an empty payload and one that is not JSON", () => {
    expect(problemOf(() => decodePayload(Buffer.from("  \n")))).toEqual({ kind: "empty" });
    expect(problemOf(() => decodePayload(Buffer.from("{oops")))).toEqual({
      kind: "not-json",
      error: expect.stringContaining("JSON"),
    });
  });
});

/** The problem of the PayloadError `read` throws. */
function problemOf(read: () => unknown): unknown {
  try {
    read();
  } catch (error) {
    if (error instanceof PayloadError) return error.problem;
    throw error;
  }
  throw new Error("no PayloadError");
}

describe("a payload that is not the agent's", () => {
  const denial = (name: string, payload: unknown) => {
    const dialect = dialectNamed(name) as AgentDialect;
    const problem = problemOf(() => dialect.read(payload)) as PayloadProblem;
    const answer = agentHookAnswer(
      {
        dialect,
        event: null,
        outcome: { kind: "deny", denial: { kind: "unreadable", agent: dialect.title, problem } },
      },
      "intentguard",
    );
    return { problem, text: JSON.stringify(answer) };
  };

  it("is denied with what is wrong with it, as a fact the denial words", () => {
    const cases: [string, unknown, PayloadProblem, string][] = [
      [
        "cursor",
        [],
        { kind: "not-object", field: null },
        "the Cursor payload is not a JSON object",
      ],
      [
        "cline",
        { hookName: "PreToolUse", taskId: "t-1", preToolUse: 3 },
        { kind: "not-object", field: "preToolUse" },
        "the Cline payload's preToolUse is not a JSON object",
      ],
      [
        "cursor",
        { hook_event_name: 7 },
        { kind: "not-string", field: "hook_event_name" },
        "the payload's hook_event_name is not a string",
      ],
      [
        "cursor",
        {},
        { kind: "missing", field: "hook_event_name" },
        "the payload has no hook_event_name",
      ],
    ];
    for (const [agent, payload, problem, words] of cases) {
      const found = denial(agent, payload);
      expect(found.problem, agent).toEqual(problem);
      expect(found.text).toContain(
        `hook payload could not be read (${words}), so the tool call is denied`,
      );
    }
  });
});

describe("the paths a tool writes", () => {
  it("reads every header of an apply_patch text, Move to included", () => {
    const patch =
      "*** Begin Patch\n*** Add File: a.ts\n+x\n*** Update File: b c.ts\n*** Move to: d.ts\n@@\n-y\n+z\n*** Delete File: e.ts\r\n*** End Patch";
    expect(patchPaths(patch)).toEqual(["a.ts", "b c.ts", "d.ts", "e.ts"]);
    expect(patchPaths("no patch here")).toBeNull();
  });

  it("finds path fields at the top, in lists, and patches in any string, but not in content", () => {
    expect(
      toolPaths({ file_path: "/r/a.ts", content: "*** Begin Patch\n*** Add File: x\n" }),
    ).toEqual(["/r/a.ts"]);
    expect(toolPaths({ edits: [{ filePath: "b.ts" }, { path: "c.ts" }] })).toEqual([
      "b.ts",
      "c.ts",
    ]);
    expect(
      toolPaths({ command: ["apply_patch", "*** Begin Patch\n*** Update File: d.ts\n"] }),
    ).toEqual(["d.ts"]);
    expect(toolPaths({ notebook_path: "n.ipynb", file_path: "n.ipynb" })).toEqual(["n.ipynb"]);
  });
});

describe("a tool no agent's list knows", () => {
  const none = { write: new Set<string>(), shell: new Set<string>() };

  it("is a reader only by its leading verb, after an MCP server's prefix", () => {
    expect(leadingVerb("mcp__fs__read_file")).toBe("read");
    expect(leadingVerb("mcp__ide__getDiagnostics")).toBe("get");
    expect(leadingVerb("mcp__my_server__list-files")).toBe("list");
    expect(leadingVerb("mcp_fs_search_files")).toBe("search");
    expect(leadingVerb("mcp__fs__update_file")).toBe("update");
    expect(leadingVerb("mcp__files__store_file")).toBe("store");
    // A reader's word later in the name is no reader: it is judged.
    expect(leadingVerb("mcp__ide__set_file_text")).toBe("set");
    expect(classifyTool(none, "mcp__fs__read_file", { path: "/x" }, "before")).toEqual({
      moment: "other",
      paths: [],
    });
    expect(classifyTool(none, "mcp__fs__update_file", { path: "a/b" }, "before")).toEqual({
      moment: "before-write",
      paths: [],
      unknownTool: [{ path: "a/b", field: "path", how: "named" }],
    });
    expect(classifyTool(none, "mcp__desktop__start_process", {}, "after").moment).toBe(
      "after-shell",
    );
    // An agent's own tools that write nothing are never judged, whatever they name.
    const cursor = dialectNamed("cursor") as AgentDialect;
    const call = (tool_name: string, tool_input: Record<string, unknown>) =>
      cursor.read({
        hook_event_name: "preToolUse",
        conversation_id: "c",
        tool_name,
        tool_input,
      }).moment;
    expect(call("LS", { target_directory: "/elsewhere" })).toBe("other");
    expect(call("Read", { target_file: "/elsewhere/x" })).toBe("other");
    expect(call("Rewrite", { target_file: "/elsewhere/x" })).toBe("before-write");
  });

  it("names every string under a path-like field, file URI or patch, and what looks like a path", () => {
    for (const key of ["path", "relative_path", "pathInProject", "outputDir", "dest", "uri"]) {
      expect(isPathField(key), key).toBe(true);
    }
    for (const key of ["direction", "profile", "name", "content", "query"]) {
      expect(isPathField(key), key).toBe(false);
    }
    expect(
      namedPaths({
        path: "src/auth/ok.ts",
        relative_path: "src/billing/x.js",
        options: { targets: ["a", "b"], note: "see docs/guide.md", word: "plain" },
        where: "file:///repo/y%20z.md",
        arguments: JSON.stringify({ pathInProject: "src/q.ts" }),
        content: "*** Begin Patch\n*** Add File: not-a-target\n",
        multi: "line one/\nline two/",
        url: "https://example.com/a/b",
      }),
    ).toEqual([
      { path: "src/auth/ok.ts", field: "path", how: "named" },
      { path: "src/billing/x.js", field: "relative_path", how: "named" },
      { path: "a", field: "options.targets[0]", how: "named" },
      { path: "b", field: "options.targets[1]", how: "named" },
      { path: "see docs/guide.md", field: "options.note", how: "looks-like" },
      { path: "/repo/y z.md", field: "where", how: "named" },
      { path: "src/q.ts", field: "arguments.pathInProject", how: "named" },
    ]);
  });
});

describe("protectedFromAgents", () => {
  it("closes the rules and every agent's hooks, in any letter case, and nothing else", () => {
    expect(protectedFromAgents(".orchestration/active_intents.yaml")).toBe("rules");
    expect(protectedFromAgents("policies/intentguard.yaml")).toBe("rules");
    expect(protectedFromAgents("Policies/IntentGuard.yaml")).toBe("rules");
    expect(protectedFromAgents(".orchestration/agent_trace.jsonl")).toBe("rules");
    expect(protectedFromAgents("node_modules/intentguard/dist/agent-hook.cjs")).toBe("agent-hooks");
    expect(protectedFromAgents(".Claude/Settings.json")).toBe("agent-hooks");
    expect(protectedFromAgents(".github/hooks/mine.json")).toBe("agent-hooks");
    expect(protectedFromAgents(".clinerules/hooks/PreToolUse")).toBe("agent-hooks");
    expect(protectedFromAgents(".husky/pre-commit")).toBe("agent-hooks");
    expect(protectedFromAgents(".github/workflows/ci.yml")).toBeNull();
    expect(protectedFromAgents(".claude/agents/reviewer.md")).toBeNull();
    expect(protectedFromAgents("src/settings.json")).toBeNull();
  });
});

describe("line owners", () => {
  it("keeps each line's writer as lines are inserted and removed around it", () => {
    expect(lineSources(["a", "b", "c"], ["a", "x", "c", "d"])).toEqual([0, -1, 2, -1]);
    expect(lineSources(["a", "b"], ["a", "b"])).toEqual([0, 1]);
    expect(lineSources(["a", "a"], ["a", "a", "a"])).toEqual([0, 1, -1]);
    expect(lineSources(["x", "a", "b"], ["a", "b"])).toEqual([1, 2]);
    expect(lineSources([], ["n"])).toEqual([-1]);
    // Two lines swapped: one keeps its source, the other is new; the ends are untouched.
    const before = ["a", "b", "c", "d"];
    const after = ["a", "c", "b", "d"];
    const swapped = lineSources(before, after);
    expect([swapped[0], swapped[3]]).toEqual([0, 3]);
    expect(swapped.filter((source) => source === -1)).toHaveLength(1);
    swapped.forEach((source, line) => {
      if (source !== -1) expect(before[source]).toBe(after[line]);
    });
    const owners = carryOwners(["a", "b", "c"], [null, 0, 0], ["new", "a", "b", "c!"], 1);
    expect(owners).toEqual([1, null, 0, 1]);
    // A person's edit (writer null) takes the line.
    expect(carryOwners(["a", "b"], [0, 0], ["a", "B"], null)).toEqual([0, null]);
    expect(runsOf([1, 1, null, 1, 0, 1], 1)).toEqual([
      [1, 2],
      [4, 4],
      [6, 6],
    ]);
  });
});

import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { toAgentTrace } from "../../src/core/trace/agent-trace.js";
import type { TraceRecord } from "../../src/core/trace/record-schema.js";
import { agentTraceValidator } from "../support/schema-validators.js";

const fixture = (name: string) => new URL(`../fixtures/agent-trace/${name}`, import.meta.url);
const shared = (name: string) => new URL(`../../../shared/interop/${name}`, import.meta.url);

const record: TraceRecord = {
  id: "7b0a6c1e-2f4d-4c8a-9e1b-0d3f5a6b7c8d",
  timestamp: "2026-11-30T06:00:34.188Z",
  intent_id: "INT-001",
  vcs: { type: "git", revision_id: "a".repeat(40) },
  parents: ["b".repeat(40)],
  tool: { name: "intentguard", version: "0.1.0" },
  files: [
    {
      relative_path: "src/auth/login.ts",
      operation: "modify",
      old_path: null,
      before: { sha256: `sha256:${"1".repeat(64)}`, mode: "100644", oid: "c".repeat(40) },
      after: { sha256: `sha256:${"2".repeat(64)}`, mode: "100644", oid: "d".repeat(40) },
      contributor: {
        entity_type: "AI",
        model_identifier: "anthropic/claude-sonnet-4-6",
        agent_id: "agent-1",
      },
      ranges: [{ start_line: 15, end_line: 45, content_hash: `sha256:${"3".repeat(64)}` }],
      mutation_class: "AST_REFACTOR",
      related: [
        { type: "specification", value: "REQ 001/x" },
        { type: "intent", value: "INT-001" },
      ],
    },
    {
      relative_path: "src/old.ts",
      operation: "delete",
      old_path: null,
      before: { sha256: `sha256:${"4".repeat(64)}`, mode: "100644", oid: "e".repeat(40) },
      after: null,
      contributor: { entity_type: "HUMAN", name: "Ada", email: "ada@example.com" },
      ranges: [],
      mutation_class: "INTENT_EVOLUTION",
      related: [],
    },
  ],
};

describe("Agent Trace 0.1.0 export", () => {
  it("accepts the specification's own example (the fixture is sound)", () => {
    const validate = agentTraceValidator();
    expect(
      validate(JSON.parse(readFileSync(fixture("agent-trace-0.1.0.example.json"), "utf8"))),
      JSON.stringify(validate.errors),
    ).toBe(true);
  });

  it("maps a record to a valid Agent Trace record, intent data under metadata", () => {
    const exported = toAgentTrace(record);
    const validate = agentTraceValidator();
    expect(validate(exported), JSON.stringify(validate.errors)).toBe(true);
    expect(exported.files).toEqual([
      {
        path: "src/auth/login.ts",
        conversations: [
          {
            contributor: { type: "ai", model_id: "anthropic/claude-sonnet-4-6" },
            ranges: [{ start_line: 15, end_line: 45, content_hash: `sha256:${"3".repeat(64)}` }],
            related: [
              { type: "specification", url: "urn:intentguard:specification:REQ%20001%2Fx" },
              { type: "intent", url: "urn:intentguard:intent:INT-001" },
            ],
          },
        ],
      },
    ]);
    expect(exported.metadata["dev.intentguard"]).toMatchObject({
      intent_id: "INT-001",
      files: [
        expect.objectContaining({ path: "src/auth/login.ts", agent_id: "agent-1" }),
        expect.objectContaining({ path: "src/old.ts", operation: "delete" }),
      ],
    });
  });

  it("keeps the vendored fixtures equal to the shared originals", () => {
    for (const name of ["agent-trace-0.1.0.schema.json", "agent-trace-0.1.0.example.json"]) {
      if (!existsSync(shared(name))) continue; // a clone outside the workspace has only the copies
      expect(readFileSync(fixture(name), "utf8")).toBe(readFileSync(shared(name), "utf8"));
    }
  });
});

describe("Agent Trace export of a version-2 record", () => {
  const human = { entity_type: "HUMAN" as const, name: "Ann", email: "ann@example.com" };
  const model = "anthropic/claude-sonnet-4-6";
  const squash: TraceRecord = {
    version: 2,
    id: "7b0a6c1e-2f4d-4c8a-9e1b-0d3f5a6b7c8e",
    timestamp: "2026-12-02T06:00:34.188Z",
    intent_id: "INT-001",
    vcs: { type: "git", revision_id: "a".repeat(40) },
    parents: ["b".repeat(40)],
    tool: { name: "intentguard", version: "0.1.0" },
    contributor: human,
    files: [
      {
        relative_path: "src/lib.ts",
        operation: "modify",
        old_path: null,
        before: { sha256: `sha256:${"1".repeat(64)}`, mode: "100644", oid: "c".repeat(40) },
        after: { sha256: `sha256:${"2".repeat(64)}`, mode: "100644", oid: "d".repeat(40) },
        ranges: [
          {
            start_line: 3,
            end_line: 9,
            content_hash: `sha256:${"3".repeat(64)}`,
            line_hashes: new Array(7).fill("0".repeat(16)),
            contributor: { entity_type: "AI", model_identifier: model },
            evidence: {
              kind: "source",
              commit: "e".repeat(40),
              path: "src/lib.ts",
              start_line: 3,
              end_line: 9,
            },
          },
          {
            start_line: 10,
            end_line: 10,
            content_hash: `sha256:${"4".repeat(64)}`,
            line_hashes: ["4".repeat(16)],
          },
        ],
        mutation_class: "AST_REFACTOR",
        related: [{ type: "intent", value: "INT-001" }],
      },
    ],
  };

  it("gives each contributor of a file's lines its own conversation with its ranges", () => {
    const exported = toAgentTrace(squash);
    const validate = agentTraceValidator();
    expect(validate(exported), JSON.stringify(validate.errors)).toBe(true);
    expect(exported.files).toHaveLength(1);
    expect(
      exported.files[0]?.conversations.map((conversation) => ({
        contributor: conversation.contributor,
        ranges: conversation.ranges.map((range) => [range.start_line, range.end_line]),
      })),
    ).toEqual([
      { contributor: { type: "human" }, ranges: [[10, 10]] },
      { contributor: { type: "ai", model_id: model }, ranges: [[3, 9]] },
    ]);
  });
});

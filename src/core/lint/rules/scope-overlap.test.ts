import { describe, expect, it } from "vitest";
import { intentsYaml, intentYaml, lintInput } from "../../../../test/support/lint-input.js";
import { scopeOverlap } from "./scope-overlap.js";

describe("scope_overlap", () => {
  const files = ["src/auth/login.ts", "src/shared/util.ts"];

  it("reports two agents' IN_PROGRESS intents that admit the same files or patterns", () => {
    const yaml = intentsYaml(
      intentYaml("INT-001", { owned: ["src/auth", "src/shared"], agent: "agent-a" }),
      intentYaml("INT-002", { owned: ["src/shared/util.ts"], agent: "agent-b" }),
    );
    expect(scopeOverlap(lintInput(yaml, { files }))).toEqual([
      {
        code: "scope_overlap",
        intent: "INT-002",
        line: 7,
        column: 9,
        other_intent: "INT-001",
        agents: ["agent-b", "agent-a"],
        patterns: [],
        files: ["src/shared/util.ts"],
        file_count: 1,
      },
    ]);
  });

  it("holds for one agent's intents, for intents assigned to no agent, and for a PENDING one", () => {
    const same = intentsYaml(
      intentYaml("INT-001", { owned: ["src"], agent: "agent-a" }),
      intentYaml("INT-002", { owned: ["src"], agent: "agent-a" }),
    );
    expect(scopeOverlap(lintInput(same, { files }))).toEqual([]);
    const unassigned = intentsYaml(intentYaml("INT-001"), intentYaml("INT-002"));
    expect(scopeOverlap(lintInput(unassigned, { files }))).toEqual([]);
    const pending = intentsYaml(
      intentYaml("INT-001", { owned: ["src"], agent: "agent-a" }),
      intentYaml("INT-002", { owned: ["src"], agent: "agent-b", status: "PENDING" }),
    );
    expect(scopeOverlap(lintInput(pending, { files }))).toEqual([]);
  });
});

import { describe, expect, it } from "vitest";
import { ruleInput } from "../../../../test/support/rule-input.js";
import { assignedAgent } from "./assigned-agent.js";

describe("assigned_agent", () => {
  const enforced = { rules: { assigned_agent: "error" as const } };

  it("refuses another agent's commit to an intent assigned to an agent, where the policy asks", () => {
    expect(assignedAgent(ruleInput({ ...enforced, agent: "reviewer" }))).toEqual([
      {
        rule: "assigned_agent",
        severity: "error",
        fact: { kind: "assigned-agent", intent: "INT-001", assigned: "builder", agent: "reviewer" },
        paths: [],
        advice: [{ kind: "commit-as-assigned-agent", intent: "INT-001", agent: "builder" }],
      },
    ]);
  });

  it("holds for the assigned agent, a person, an intent assigned to no one, and by default", () => {
    expect(assignedAgent(ruleInput({ ...enforced, agent: "builder" }))).toEqual([]);
    expect(assignedAgent(ruleInput({ ...enforced, agent: null }))).toEqual([]);
    const docs = ruleInput({ ...enforced, agent: "reviewer", declared: { selection: "INT-002" } });
    expect(assignedAgent(docs)).toEqual([]);
    expect(assignedAgent(ruleInput({ agent: "reviewer" }))).toEqual([]); // the default: off
  });
});

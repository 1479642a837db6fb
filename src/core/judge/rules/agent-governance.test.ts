import { describe, expect, it } from "vitest";
import { ruleInput } from "../../../../test/support/rule-input.js";
import { agentGovernance } from "./agent-governance.js";

describe("agent_governance", () => {
  const rules = { changes: [".orchestration/active_intents.yaml"] };
  const byAgent = (onlyGrantRequests: boolean) => ({
    agentRulesChange: { agent: "builder", declaredBy: "its trailers", onlyGrantRequests },
  });

  it("refuses an agent's change of the rules", () => {
    expect(agentGovernance(ruleInput({ ...rules, extra: byAgent(false) }))).toEqual([
      {
        rule: "agent_governance",
        severity: "error",
        fact: {
          kind: "agent-changes-rules",
          agent: "builder",
          declaredBy: "its trailers",
          rulesPaths: [".orchestration/active_intents.yaml"],
        },
        paths: [".orchestration/active_intents.yaml"],
        advice: [{ kind: "rules-change-by-person" }],
      },
    ]);
  });

  it("lets an agent add grant requests, or change the generated intent map, and a person anything", () => {
    expect(agentGovernance(ruleInput({ ...rules, extra: byAgent(true) }))).toEqual([]);
    const map = ruleInput({ changes: [".orchestration/intent_map.md"], extra: byAgent(false) });
    expect(agentGovernance(map)).toEqual([]);
    expect(agentGovernance(ruleInput(rules))).toEqual([]);
  });
});

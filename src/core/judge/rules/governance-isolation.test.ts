import { describe, expect, it } from "vitest";
import { ruleInput } from "../../../../test/support/rule-input.js";
import { governanceIsolation } from "./governance-isolation.js";

describe("governance_isolation", () => {
  const mixed = { changes: [".orchestration/active_intents.yaml", "src/auth/login.ts"] };

  it("refuses a change of the rules that touches anything else, and says to split it", () => {
    expect(governanceIsolation(ruleInput(mixed))).toEqual([
      {
        rule: "governance_isolation",
        severity: "error",
        fact: {
          kind: "governance-not-isolated",
          rulesPaths: [".orchestration/active_intents.yaml"],
          others: 1,
        },
        paths: ["src/auth/login.ts"],
        advice: [
          { kind: "commit-governance-first", paths: [".orchestration/active_intents.yaml"] },
          { kind: "commit-rest-under-intent" },
        ],
      },
    ]);
  });

  it("holds for the rules alone and for work alone, and says nothing when switched off", () => {
    expect(governanceIsolation(ruleInput({ changes: ["policies/intentguard.yaml"] }))).toEqual([]);
    expect(governanceIsolation(ruleInput())).toEqual([]);
    const off = ruleInput({ ...mixed, rules: { governance_isolation: "off" } });
    expect(governanceIsolation(off)).toEqual([]);
  });
});

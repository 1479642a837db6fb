import { describe, expect, it } from "vitest";
import { ruleInput } from "../../../../test/support/rule-input.js";
import { intentStatus } from "./intent-status.js";

describe("intent_status", () => {
  it("refuses an intent that is not IN_PROGRESS, and says how to move it", () => {
    const [finding] = intentStatus(ruleInput({ declared: { selection: "INT-003" } }));
    expect(finding).toMatchObject({
      rule: "intent_status",
      severity: "error",
      fact: { kind: "intent-status", intent: "INT-003", name: "Later", status: "PENDING" },
    });
    expect(finding?.advice.at(-1)).toEqual({ kind: "set-in-progress", intent: "INT-003" });
  });

  it("holds for an IN_PROGRESS intent, and says nothing when switched off", () => {
    expect(intentStatus(ruleInput())).toEqual([]);
    const off = ruleInput({ declared: { selection: "INT-003" }, rules: { intent_status: "off" } });
    expect(intentStatus(off)).toEqual([]);
  });
});

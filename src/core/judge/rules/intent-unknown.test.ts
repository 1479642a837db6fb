import { describe, expect, it } from "vitest";
import { ruleInput } from "../../../../test/support/rule-input.js";
import { intentUnknown } from "./intent-unknown.js";

describe("intent_unknown", () => {
  it("refuses an intent the intents file does not have, with the closest known one", () => {
    const [finding, ...rest] = intentUnknown(ruleInput({ declared: { env: "INT-0001" } }));
    expect(rest).toEqual([]);
    expect(finding).toMatchObject({
      rule: "intent_unknown",
      severity: "error",
      fact: { kind: "intent-unknown", intent: "INT-0001", source: "env", guess: "INT-001" },
    });
  });

  it("holds for a known intent, and for none declared", () => {
    expect(intentUnknown(ruleInput({ declared: { env: "INT-002" } }))).toEqual([]);
    expect(intentUnknown(ruleInput({ declared: {} }))).toEqual([]);
  });
});

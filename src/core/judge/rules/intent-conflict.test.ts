import { describe, expect, it } from "vitest";
import { ruleInput } from "../../../../test/support/rule-input.js";
import { intentConflict } from "./intent-conflict.js";

describe("intent_conflict", () => {
  it("refuses a message that declares two intents, and says to declare one", () => {
    const findings = intentConflict(ruleInput({ declared: { trailers: ["INT-001", "INT-002"] } }));
    expect(findings).toEqual([
      {
        rule: "intent_conflict",
        severity: "error",
        fact: {
          kind: "intent-conflict",
          conflict: { kind: "several-trailers", intents: ["INT-001", "INT-002"] },
        },
        paths: [],
        advice: [{ kind: "declare-one-intent" }],
      },
    ]);
  });

  it("holds for one intent, however many times the message repeats it", () => {
    expect(intentConflict(ruleInput({ declared: { trailers: ["INT-001", " INT-001"] } }))).toEqual(
      [],
    );
  });
});

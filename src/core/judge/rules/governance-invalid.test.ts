import { describe, expect, it } from "vitest";
import { ruleInput } from "../../../../test/support/rule-input.js";
import { governanceInvalid } from "./governance-invalid.js";

describe("governance_invalid", () => {
  const rules = [".orchestration/active_intents.yaml"];

  it("refuses removing the intents file, and invalid rules left behind, with their problems", () => {
    const removed = ruleInput({
      changes: rules,
      extra: { governanceLeft: { valid: false, removed: true } },
    });
    expect(governanceInvalid(removed)[0]).toMatchObject({
      rule: "governance_invalid",
      severity: "error",
      paths: [".orchestration/active_intents.yaml"],
      fact: { kind: "intents-file-removed" },
      advice: [{ kind: "restore-intents-file" }],
    });
    const invalid = ruleInput({
      changes: rules,
      extra: { governanceLeft: { valid: false, removed: false, problems: "line 3: bad" } },
    });
    expect(governanceInvalid(invalid)[0]?.fact).toEqual({
      kind: "governance-left-invalid",
      problems: "line 3: bad",
    });
  });

  it("holds for valid rules left behind, and for a change that touches no rules", () => {
    const valid = ruleInput({ changes: rules, extra: { governanceLeft: { valid: true } } });
    expect(governanceInvalid(valid)).toEqual([]);
    const work = ruleInput({ extra: { governanceLeft: { valid: false, removed: true } } });
    expect(governanceInvalid(work)).toEqual([]);
  });
});

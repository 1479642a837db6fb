import { describe, expect, it } from "vitest";
import { ruleInput } from "../../../../test/support/rule-input.js";
import { intentRequired } from "./intent-required.js";

describe("intent_required", () => {
  const undeclared = { declared: {} };

  it("refuses a change that declares no intent, naming the intents to select", () => {
    const [finding, ...rest] = intentRequired(ruleInput(undeclared));
    expect(rest).toEqual([]);
    expect(finding).toMatchObject({
      rule: "intent_required",
      severity: "error",
      fact: { kind: "intent-required", needing: null },
      paths: [],
    });
    expect(finding?.advice).toEqual([
      {
        kind: "select-intent",
        intents: [
          { id: "INT-001", name: "Auth" },
          { id: "INT-002", name: "Docs" },
        ],
      },
      { kind: "add-intent-trailer" },
    ]);
  });

  it("names the paths that need one when others need none", () => {
    const input = ruleInput(undeclared);
    const scoped = input.scoped;
    if (!scoped) throw new Error("scoped paths expected");
    const [finding] = intentRequired({ ...input, scoped: { ...scoped, partial: true } });
    expect(finding?.fact).toEqual({
      kind: "intent-required",
      needing: { paths: 1, protects: false },
    });
    expect(finding?.paths).toEqual(["src/auth/login.ts"]);
  });

  it("warns or says nothing as the policy sets it, and holds once an intent is declared", () => {
    expect(
      intentRequired(ruleInput({ ...undeclared, rules: { intent_required: "warn" } }))[0]?.severity,
    ).toBe("warn");
    expect(intentRequired(ruleInput({ ...undeclared, rules: { intent_required: "off" } }))).toEqual(
      [],
    );
    expect(intentRequired(ruleInput())).toEqual([]);
  });
});

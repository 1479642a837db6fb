import { describe, expect, it } from "vitest";
import { ruleInput } from "../../../../test/support/rule-input.js";
import { scope } from "./scope.js";

describe("scope", () => {
  it("admits a path the intent owns, and records the pattern on the path's verdict", () => {
    const input = ruleInput();
    expect(scope(input)).toEqual([]);
    expect(input.scoped?.paths).toMatchObject([
      { path: "src/auth/login.ts", admitted: true, pattern: "src/auth", origin: { kind: "owned" } },
    ]);
  });

  it("refuses a path outside, naming the intent that covers it and how to split", () => {
    const [finding, ...rest] = scope(ruleInput({ changes: ["docs/guide.md"] }));
    expect(rest).toEqual([]);
    expect(finding).toMatchObject({
      rule: "scope",
      severity: "error",
      fact: { kind: "outside-scope", intent: "INT-001", name: "Auth", paths: 1, forbidden: 0 },
      paths: ["docs/guide.md"],
    });
    expect(finding?.advice).toEqual([
      { kind: "use-covering-intent", intent: { id: "INT-002", name: "Docs" }, paths: 1 },
      { kind: "unstage", paths: ["docs/guide.md"] },
      { kind: "extend-scope", intent: "INT-001", paths: ["docs/guide.md"] },
    ]);
  });

  it("never offers a grant for a forbidden path", () => {
    const [finding] = scope(ruleInput({ changes: ["src/auth/secrets/key.ts"] }));
    expect(finding?.fact).toEqual({
      kind: "outside-scope",
      intent: "INT-001",
      name: "Auth",
      paths: 1,
      forbidden: 1,
    });
    expect(finding?.advice.some((advice) => advice.kind === "extend-scope")).toBe(false);
  });

  it("still fills in the verdicts when switched off, and finds nothing", () => {
    const input = ruleInput({ changes: ["docs/guide.md"], rules: { scope: "off" } });
    expect(scope(input)).toEqual([]);
    expect(input.scoped?.paths[0]).toMatchObject({ path: "docs/guide.md", admitted: false });
  });
});

import { describe, expect, it } from "vitest";
import { defaultPolicy } from "../../src/core/config/default-policy.js";
import type { Policy } from "../../src/core/config/policy-schema.js";
import { compileGovernance } from "../../src/core/governance/compile-governance.js";
import { resolveIntentRequest } from "../../src/core/intent/intent-request.js";
import { type ChangeToJudge, judgeChange } from "../../src/core/judge/judge-change.js";
import { adviceText } from "../../src/report/verdict/advice.js";
import { fileChange as change } from "../support/file-changes.js";
import { ruleIntents as intents } from "../support/rule-input.js";

/** How the hints name intentguard: as a project dependency runs it. */
const command = "npx intentguard";

function evaluate(
  overrides: Partial<ChangeToJudge> & { intent?: string; policy?: Partial<Policy["rules"]> },
) {
  const policy: Policy = {
    ...defaultPolicy,
    rules: { ...defaultPolicy.rules, ...overrides.policy },
  };
  return judgeChange({
    governance: compileGovernance(intents, policy, true),
    adoption: false,
    changes: [change("src/auth/login.ts")],
    resolved: resolveIntentRequest({ selection: overrides.intent ?? "INT-001" }),
    agent: null,
    deferWithoutIntent: false,
    merge: false,
    ...overrides,
  });
}

describe("judgeChange", () => {
  it("allows an in-scope change and records which pattern admitted each path", () => {
    const verdict = evaluate({});
    expect(verdict).toMatchObject({ version: 1, outcome: "allowed", kind: "intent", findings: [] });
    expect(verdict.paths).toEqual([
      {
        path: "src/auth/login.ts",
        operation: "modify",
        side: null,
        admitted: true,
        pattern: "src/auth",
        origin: { kind: "owned" },
      },
    ]);
    expect(verdict.intent).toMatchObject({
      id: "INT-001",
      source: "selection",
      scope: { owned: ["src/auth"], forbidden: ["src/auth/secrets"] },
    });
  });

  it("checks both sides of a rename", () => {
    const verdict = evaluate({ changes: [change("docs/login.md", "rename", "src/auth/login.ts")] });
    expect(verdict.outcome).toBe("blocked");
    expect(verdict.findings[0]).toMatchObject({ rule: "scope", paths: ["docs/login.md"] });
    expect(verdict.paths.map((entry) => [entry.path, entry.side, entry.admitted])).toEqual([
      ["src/auth/login.ts", "old", true],
      ["docs/login.md", "new", false],
    ]);
  });

  it("offers no intent for a rename that no single intent covers, and says how to land it", () => {
    const verdict = evaluate({ changes: [change("docs/login.md", "rename", "src/auth/login.ts")] });
    expect(verdict.findings[0]?.advice).toEqual([
      {
        kind: "rename-across-intents",
        from: { id: "INT-001", name: "Auth" },
        to: { id: "INT-002", name: "Docs" },
        renames: [{ from: "src/auth/login.ts", to: "docs/login.md" }],
      },
      { kind: "unstage", paths: ["docs/login.md"] },
      { kind: "extend-scope", intent: "INT-001", paths: ["docs/login.md"] },
    ]);
    // An intent that owns both sides covers the rename whole: it is named, and the rename is not.
    const within = evaluate({
      intent: "INT-002",
      changes: [change("src/auth/new.ts", "rename", "src/auth/old.ts")],
    });
    expect(within.findings[0]?.advice.map((step) => step.kind)).toEqual([
      "use-covering-intent",
      "unstage",
      "extend-scope",
    ]);
  });

  it("advises leaving paths out of a change that is not staged yet", () => {
    const verdict = evaluate({ changes: [change("docs/a.md")], intended: true });
    expect(verdict.findings[0]?.advice.map((step) => step.kind)).toEqual([
      "use-covering-intent",
      "leave-out",
      "extend-scope",
    ]);
  });

  it("names the covering intent among the next steps", () => {
    const verdict = evaluate({ changes: [change("docs/a.md")] });
    const advice = verdict.findings[0]?.advice[0];
    expect(advice && adviceText(advice, command)).toBe(
      "INT-002 (Docs) covers it: commit them under it, e.g. npx intentguard select INT-002",
    );
  });

  it("reports scope violations as warnings when the policy says warn", () => {
    const verdict = evaluate({ changes: [change("docs/a.md")], policy: { scope: "warn" } });
    expect(verdict.outcome).toBe("allowed");
    expect(verdict.findings[0]).toMatchObject({ rule: "scope", severity: "warn" });
  });

  it("defers without an intent in pre-commit, and blocks, warns or allows later per policy", () => {
    const none = { resolved: resolveIntentRequest({}) };
    expect(evaluate({ ...none, deferWithoutIntent: true }).outcome).toBe("deferred");
    expect(evaluate(none)).toMatchObject({
      outcome: "blocked",
      findings: [{ rule: "intent_required", severity: "error" }],
    });
    expect(evaluate({ ...none, policy: { intent_required: "warn" } })).toMatchObject({
      outcome: "allowed",
      kind: "no-intent",
    });
    expect(evaluate({ ...none, policy: { intent_required: "off" } })).toMatchObject({
      outcome: "allowed",
      findings: [],
    });
  });

  it("blocks an intent that is not IN_PROGRESS", () => {
    const verdict = evaluate({ intent: "INT-003", changes: [change("src/x.ts")] });
    expect(verdict.findings.map((finding) => finding.rule)).toEqual(["intent_status"]);
  });

  it("enforces assigned_agent only when the policy does, and only against other agents", () => {
    expect(evaluate({ agent: "intruder" }).outcome).toBe("allowed");
    expect(evaluate({ agent: "intruder", policy: { assigned_agent: "error" } })).toMatchObject({
      outcome: "blocked",
      findings: [{ rule: "assigned_agent" }],
    });
    expect(evaluate({ agent: "builder", policy: { assigned_agent: "error" } }).outcome).toBe(
      "allowed",
    );
    expect(evaluate({ agent: null, policy: { assigned_agent: "error" } }).outcome).toBe("allowed");
  });

  it("tells the generated intent map from the rules: it needs no intent and is no rule", () => {
    const map = evaluate({
      changes: [change(".orchestration/intent_map.md")],
      resolved: { request: null },
    });
    expect(map).toMatchObject({
      outcome: "allowed",
      kind: "governance",
      notes: [{ kind: "intent-map-only" }],
      touches_rules: false,
    });
    const rules = evaluate({
      changes: [change(".orchestration/intent_map.md"), change("policies/intentguard.yaml")],
      resolved: { request: null },
    });
    expect(rules).toMatchObject({ notes: [{ kind: "governance-only" }], touches_rules: true });
  });

  it("treats a governance-only change as needing no intent, and a mixed one as blocked", () => {
    const rules = change(".orchestration/active_intents.yaml");
    expect(
      evaluate({
        changes: [rules, change("policies/intentguard.yaml")],
        resolved: { request: null },
      }),
    ).toMatchObject({
      outcome: "allowed",
      kind: "governance",
    });
    const mixed = evaluate({ changes: [rules, change("src/auth/login.ts")] });
    expect(mixed.findings).toMatchObject([
      { rule: "governance_isolation", paths: ["src/auth/login.ts"] },
    ]);
    const relaxed = evaluate({
      changes: [rules, change("docs/x.md")],
      policy: { governance_isolation: "warn" },
    });
    expect(relaxed.findings.map((finding) => finding.rule)).toEqual([
      "governance_isolation",
      "scope",
    ]);
  });

  it("allows adoption, empty commits and merges that author nothing", () => {
    expect(evaluate({ adoption: true, resolved: { request: null } })).toMatchObject({
      outcome: "allowed",
      kind: "adoption",
    });
    expect(evaluate({ changes: [], resolved: { request: null } })).toMatchObject({
      outcome: "allowed",
      kind: "empty",
    });
    expect(evaluate({ changes: [], merge: true, resolved: { request: null } })).toMatchObject({
      outcome: "allowed",
      kind: "merge",
    });
  });

  it("blocks an unknown intent and a conflict regardless of policy", () => {
    const off = { intent_required: "off", scope: "off", intent_status: "off" } as const;
    expect(evaluate({ intent: "INT-009", policy: off }).findings).toMatchObject([
      { rule: "intent_unknown" },
    ]);
    expect(
      evaluate({
        resolved: resolveIntentRequest({ env: "INT-001", trailers: ["INT-002"] }),
        policy: off,
      }).findings,
    ).toMatchObject([{ rule: "intent_conflict" }]);
  });
});

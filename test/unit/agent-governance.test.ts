import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { agentProcessOf, agentVariables } from "../../src/core/agent/agent-environment.js";
import { defaultPolicy } from "../../src/core/config/default-policy.js";
import type { Intent } from "../../src/core/config/intents-schema.js";
import type { Governance } from "../../src/core/governance/governance.js";
import { onlyAddsGrantRequests } from "../../src/core/judge/grant-requests-only.js";

const intent: Intent = {
  id: "INT-001",
  name: "Auth",
  status: "IN_PROGRESS",
  owned_scope: ["src/auth"],
  forbidden_scope: ["src/auth/secrets"],
  extended_scope: [{ paths: ["docs"], justification: "docs" }],
  constraints: [],
  acceptance_criteria: [],
  related_specs: [],
  updated_at: "2026-12-01T00:00:00Z",
};
const rules = (...intents: Intent[]): Governance => ({
  intents,
  policy: defaultPolicy,
  policyFromFile: false,
  scopes: {},
});

describe("a rules change that only asks for scope", () => {
  it("is grants appended without approval or review, and updated_at", () => {
    const asked = { ...intent, updated_at: "2026-12-02T00:00:00Z" };
    asked.extended_scope = [...intent.extended_scope, { paths: ["lib"], justification: "lib" }];
    expect(onlyAddsGrantRequests(rules(intent), rules(asked))).toBe(true);
    expect(onlyAddsGrantRequests(rules(intent), rules(intent))).toBe(true);
  });

  it("is nothing else", () => {
    const approved = {
      ...intent,
      extended_scope: [
        ...intent.extended_scope,
        {
          paths: ["lib"],
          justification: "lib",
          approval: { by: "a@e.com", at: "2026-12-02T00:00:00Z", signature: "x" },
        },
      ],
    } as Intent;
    const changes: Intent[] = [
      { ...intent, owned_scope: ["src"] },
      { ...intent, forbidden_scope: [] },
      { ...intent, status: "COMPLETED" },
      { ...intent, extended_scope: [] },
      { ...intent, extended_scope: [{ paths: ["docs", "lib"], justification: "docs" }] },
      approved,
    ];
    for (const changed of changes) {
      expect(onlyAddsGrantRequests(rules(intent), rules(changed))).toBe(false);
    }
    expect(onlyAddsGrantRequests(rules(intent), rules(intent, { ...intent, id: "INT-002" }))).toBe(
      false,
    );
    const policy = {
      ...rules(intent),
      policy: { ...defaultPolicy, rules: { ...defaultPolicy.rules, scope: "warn" as const } },
    };
    expect(onlyAddsGrantRequests(rules(intent), policy)).toBe(false);
  });
});

describe("the agent an environment declares", () => {
  it("names it by an agent's own variable before ours, and a person by none", () => {
    expect(agentProcessOf({})).toBeNull();
    expect(agentProcessOf({ INTENTGUARD_CONTRIBUTOR: "human" })).toBeNull();
    expect(
      agentProcessOf({ INTENTGUARD_AGENT: "bot", INTENTGUARD_CONTRIBUTOR: "human" }),
    ).toBeNull();
    expect(agentProcessOf({ INTENTGUARD_AGENT: " bot " })).toEqual({
      agent: "bot",
      variable: "INTENTGUARD_AGENT",
    });
    expect(agentProcessOf({ INTENTGUARD_MODEL: "anthropic/x" })).toEqual({
      agent: "anthropic/x",
      variable: "INTENTGUARD_MODEL",
    });
    expect(agentProcessOf({ CLAUDECODE: "1", INTENTGUARD_CONTRIBUTOR: "human" })).toEqual({
      agent: "claude-code",
      variable: "CLAUDECODE",
    });
    expect(agentProcessOf({ AI_AGENT: "my-agent@2" })).toEqual({
      agent: "my-agent@2",
      variable: "AI_AGENT",
    });
    expect(agentProcessOf({ CODEX_THREAD_ID: "t-1" })?.agent).toBe("codex");
    expect(agentProcessOf({ CLAUDECODE: "" })).toBeNull();
  });
});

describe("the hook that writes an agent's trailers", () => {
  it("reads the same variables, with the same agent names", () => {
    const hook = readFileSync(new URL("../../hooks/intentguard.sh", import.meta.url), "utf8");
    const body = hook.slice(hook.indexOf("ig_env_agent() {"), hook.indexOf("ig_add_trailers() {"));
    for (const { variable, agent } of agentVariables) {
      expect(body).toContain(`\${${variable}:-}`);
      if (agent) expect(body).toContain(`ig_running_agent=${agent}`);
    }
  });
});

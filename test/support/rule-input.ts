import type { FileChange } from "../../src/core/commit/file-change.js";
import { defaultPolicy } from "../../src/core/config/default-policy.js";
import { IntentsFile } from "../../src/core/config/intents-schema.js";
import type { Policy } from "../../src/core/config/policy-schema.js";
import { compileGovernance } from "../../src/core/governance/compile-governance.js";
import {
  type IntentDeclarations,
  resolveIntentRequest,
} from "../../src/core/intent/intent-request.js";
import type { RuleInput } from "../../src/core/judge/rules/rule.js";
import { touchedPaths } from "../../src/core/judge/touched-paths.js";
import { pathPolicy } from "../../src/core/scope/path-policy.js";
import { fileChange } from "./file-changes.js";

/** The intents every rule test judges by: Auth (assigned to builder), Docs, and a PENDING one. */
export const ruleIntents = IntentsFile.parse({
  active_intents: [
    {
      id: "INT-001",
      name: "Auth",
      status: "IN_PROGRESS",
      owned_scope: ["src/auth"],
      forbidden_scope: ["src/auth/secrets"],
      assigned_agent: "builder",
    },
    { id: "INT-002", name: "Docs", status: "IN_PROGRESS", owned_scope: ["docs"] },
    { id: "INT-003", name: "Later", status: "PENDING", owned_scope: ["src"] },
  ],
});

export interface RuleInputOptions {
  /** Touched paths, or whole changes (renames); default one modified src/auth/login.ts. */
  changes?: (string | FileChange)[];
  /** What the change declares; default the selection INT-001. */
  declared?: IntentDeclarations;
  rules?: Partial<Policy["rules"]>;
  agent?: string | null;
  extra?: Partial<RuleInput>;
}

/**
 * A rule's input as judge-change.ts gathers it for the paths given: the paths set apart, every
 * path that is not governance needing an intent (the default policy), the declared intent looked
 * up. A rule is then called alone, as judge-change.ts calls it.
 */
export function ruleInput(options: RuleInputOptions = {}): RuleInput {
  const policy: Policy = { ...defaultPolicy, rules: { ...defaultPolicy.rules, ...options.rules } };
  const governance = compileGovernance(ruleIntents, policy, true);
  const changes = (options.changes ?? ["src/auth/login.ts"]).map((entry) =>
    typeof entry === "string" ? fileChange(entry) : entry,
  );
  const paths = touchedPaths(changes);
  const resolved = resolveIntentRequest(options.declared ?? { selection: "INT-001" });
  const request = resolved.request;
  return {
    governance,
    changes,
    paths,
    resolved,
    agent: options.agent ?? null,
    intended: false,
    scoped: { paths: paths.others, policy: pathPolicy(policy.paths), partial: false },
    intent: governance.intents.find((intent) => intent.id === request?.id) ?? null,
    ...options.extra,
  };
}

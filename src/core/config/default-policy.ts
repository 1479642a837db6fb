import type { Policy } from "./policy-schema.js";

/**
 * The policy that applies when the parent commit has no `policies/intentguard.yaml`. Equal to the
 * shipped `policies/intentguard.yaml` (a test holds them together); a constant so that a hook
 * never loads the YAML parser and zod to learn the defaults.
 */
export const defaultPolicy: Policy = {
  version: 1,
  rules: {
    intent_required: "error",
    intent_status: "error",
    scope: "error",
    governance_isolation: "error",
    assigned_agent: "off",
    agent_governance: "error",
  },
  extended_scope: { approvers: [] },
  hooks: { check_before_editor: true },
  governance: { require_signed_by_approver: false },
  paths: { require_intent: ["**"], protected: [] },
  agents: { readers: [] },
};

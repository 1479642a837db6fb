import { describe, expect, it } from "vitest";
import { intentsYaml, intentYaml, lintInput } from "../../../../test/support/lint-input.js";
import { defaultPolicy } from "../../config/default-policy.js";
import { scopeSignature } from "../../scope/scope-signature.js";
import { grantApproval } from "./grant-approval.js";

describe("grant_not_approved, grant_stale and grant_approver_not_allowed", () => {
  const at = "2026-01-01T00:00:00Z";
  const withGrants = (grants: string) =>
    `${intentsYaml(intentYaml("INT-001", { owned: ["src/auth"] }))}    extended_scope:\n${grants}`;

  it("reports a grant never approved, one approved for other paths, and one by someone not allowed", () => {
    const yaml = withGrants(
      [
        '      - paths: ["lib/a"]\n        justification: "needs it"',
        `      - paths: ["lib/b"]\n        justification: "needs it"\n        approval: { by: "alice@example.com", at: "${at}", signature: "${scopeSignature("INT-001", ["lib/other"])}" }`,
        `      - paths: ["lib/c"]\n        justification: "needs it"\n        approval: { by: "mallory@example.com", at: "${at}", signature: "${scopeSignature("INT-001", ["lib/c"])}" }`,
      ].join("\n"),
    );
    const policy = {
      ...defaultPolicy,
      extended_scope: { ...defaultPolicy.extended_scope, approvers: ["alice@example.com"] },
    };
    const codes = grantApproval(lintInput(yaml, { policy })).map((draft) => [
      draft.code,
      "grant" in draft ? draft.grant : null,
    ]);
    expect(codes).toEqual([
      ["grant_not_approved", 1],
      ["grant_stale", 2],
      ["grant_approver_not_allowed", 3],
    ]);
  });

  it("holds for a grant approved for its own paths by an allowed approver", () => {
    const yaml = withGrants(
      `      - paths: ["lib/a"]\n        justification: "needs it"\n        approval: { by: "alice@example.com", at: "${at}", signature: "${scopeSignature("INT-001", ["lib/a"])}" }`,
    );
    expect(grantApproval(lintInput(yaml))).toEqual([]);
  });
});

import { createHash } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { defaultPolicy } from "../../src/core/config/default-policy.js";
import { type Intent, IntentsFile } from "../../src/core/config/intents-schema.js";
import type { Policy } from "../../src/core/config/policy-schema.js";
import { scopeAdmitter } from "../../src/core/scope/admit-path.js";
import { effectiveScope } from "../../src/core/scope/effective-scope.js";
import { scopeSignature } from "../../src/core/scope/scope-signature.js";

function intent(fields: Record<string, unknown>): Intent {
  const file = IntentsFile.parse({
    active_intents: [
      { id: "INT-001", name: "Test", status: "IN_PROGRESS", owned_scope: [], ...fields },
    ],
  });
  return file.active_intents[0] as Intent;
}

function admitter(fields: Record<string, unknown>, policy: Policy = defaultPolicy) {
  return scopeAdmitter(effectiveScope(intent(fields), policy));
}

const sha256 = (text: string) => `sha256:${createHash("sha256").update(text).digest("hex")}`;

describe("effective scope", () => {
  it("admits owned paths and refuses the rest, naming the pattern", () => {
    const admit = admitter({ owned_scope: ["src/auth", "docs/**/*.md"] });
    expect(admit("src/auth/login.ts")).toMatchObject({
      admitted: true,
      by: { pattern: "src/auth" },
    });
    expect(admit("docs/a/b.md")).toMatchObject({ admitted: true, by: { pattern: "docs/**/*.md" } });
    expect(admit("src/billing/x.ts")).toEqual({ admitted: false, reason: "outside" });
  });

  it("lets forbidden_scope win over every allow", () => {
    const admit = admitter({ owned_scope: ["src/**"], forbidden_scope: ["src/auth/secrets"] });
    expect(admit("src/auth/secrets/key.ts")).toMatchObject({
      admitted: false,
      reason: "forbidden",
      by: { pattern: "src/auth/secrets" },
    });
    expect(admit("src/auth/login.ts").admitted).toBe(true);
  });

  it("admits nothing with an empty scope", () => {
    const admit = admitter({ owned_scope: [] });
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), (path) => {
        expect(admit(path).admitted).toBe(false);
      }),
    );
  });

  it("never admits a path with a .. segment, whatever the scope", () => {
    const admit = admitter({ owned_scope: ["**", "src"] });
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom("src", "a", "..", "b"), { minLength: 1, maxLength: 6 }),
        (parts) => {
          fc.pre(parts.includes(".."));
          expect(admit(parts.join("/"))).toEqual({ admitted: false, reason: "not-plain" });
        },
      ),
    );
  });

  it("counts an extended grant only with an approval carrying its current signature", () => {
    const paths = ["tests/utils", "src/utils"];
    const signature = scopeSignature("INT-001", paths);
    const approved = { by: "alice@example.com", at: "2026-02-17T15:30:00Z", signature };
    const grant = { paths, justification: "move the helper" };
    expect(admitter({ extended_scope: [grant] })("src/utils/retry.ts").admitted).toBe(false);
    expect(
      admitter({ extended_scope: [{ ...grant, approval: approved }] })("src/utils/retry.ts"),
    ).toMatchObject({
      admitted: true,
      by: { origin: { kind: "extended", grant: 0 } },
    });
    const edited = { ...grant, paths: [...paths, "src/db"], approval: approved };
    const scope = effectiveScope(intent({ extended_scope: [edited] }), defaultPolicy);
    expect(scope.grants[0]).toMatchObject({ counted: false, reason: "signature mismatch" });
  });

  it("honours the policy's approvers", () => {
    const paths = ["src/utils"];
    const approval = {
      by: "mallory@example.com",
      at: "2026-02-17T15:30:00Z",
      signature: scopeSignature("INT-001", paths),
    };
    const policy: Policy = {
      ...defaultPolicy,
      extended_scope: { approvers: ["alice@example.com"] },
    };
    const scope = effectiveScope(
      intent({ extended_scope: [{ paths, justification: "x", approval }] }),
      policy,
    );
    expect(scope.grants[0]).toMatchObject({ counted: false, reason: "approver not allowed" });
  });
});

describe("scope signature", () => {
  it("hashes the canonical JSON of the ID and the de-duplicated, sorted paths", () => {
    expect(scopeSignature("INT-001", ["tests/utils", "src/utils", "src/utils"])).toBe(
      sha256('["INT-001",["src/utils","tests/utils"]]'),
    );
  });

  it("sorts by code point, not by UTF-16 unit", () => {
    // U+FF5E sorts after U+1F600's surrogates in UTF-16, before it by code point.
    expect(scopeSignature("INT-001", ["\u{1F600}", "\uFF5E"])).toBe(
      sha256('["INT-001",["～","😀"]]'),
    );
  });

  it("does not depend on the order the paths are written in", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.stringMatching(/^[a-z]{1,5}$/), { minLength: 1, maxLength: 6 }),
        (paths) => {
          expect(scopeSignature("INT-9", [...paths].reverse())).toBe(
            scopeSignature("INT-9", paths),
          );
        },
      ),
    );
  });
});

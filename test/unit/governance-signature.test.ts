import { describe, expect, it } from "vitest";
import { defaultPolicy } from "../../src/core/config/default-policy.js";
import { IntentsFile } from "../../src/core/config/intents-schema.js";
import type { Policy } from "../../src/core/config/policy-schema.js";
import { compileGovernance } from "../../src/core/governance/compile-governance.js";
import type { AllowedSigner } from "../../src/core/judge/allowed-signers.js";
import {
  approvalsAdded,
  type CommitSignature,
  judgeGovernanceSignature,
  type SignatureDue,
  type SignersNow,
  signatureDue,
  signerIdentity,
} from "../../src/core/judge/governance-signature.js";
import type { Finding, Verdict } from "../../src/core/judge/verdict.js";
import { parseCommitSignatures } from "../../src/git/commit-signatures.js";
import { adviceText } from "../../src/report/verdict/advice.js";
import { findingText } from "../../src/report/verdict/finding-text.js";
import { findingWithFix } from "../../src/report/verdict/finding-with-fix.js";

/** How the hints name intentguard: as a project dependency runs it. */
const command = "npx intentguard";

/** A finding's words, as the reports print them. */
const words = (finding: Finding | undefined) => (finding ? findingText(finding) : undefined);

const sha = "a".repeat(40);
const approval = (by: string, at = "2026-01-01T00:00:00Z") => ({
  by,
  at,
  signature: `sha256:${"0".repeat(64)}`,
});

function intents(approvals: (ReturnType<typeof approval> | null)[]) {
  return IntentsFile.parse({
    active_intents: [
      {
        id: "INT-001",
        name: "Auth",
        status: "IN_PROGRESS",
        owned_scope: ["src/auth"],
        extended_scope: approvals.map((entry, index) => ({
          paths: [`lib/${index}`],
          justification: "needed",
          ...(entry ? { approval: entry } : {}),
        })),
      },
    ],
  }).active_intents;
}

function governance(required: boolean, approvers: string[] = ["alice@example.com"]) {
  const policy: Policy = {
    ...defaultPolicy,
    extended_scope: { approvers },
    governance: { require_signed_by_approver: required },
  };
  return compileGovernance({ active_intents: intents([]) }, policy, true);
}

const verdict = (kind: Verdict["kind"], touchesRules: boolean) =>
  ({ kind, touches_rules: touchesRules }) as Verdict;

const due = (overrides: Partial<SignatureDue> = {}): SignatureDue => ({
  commit: sha,
  approvers: ["alice@example.com"],
  approvals: [],
  ...overrides,
});

const ssh = (overrides: Partial<CommitSignature>): CommitSignature => ({
  status: "G",
  format: "ssh",
  signer: "alice@example.com",
  key: "SHA256:abc",
  detail: null,
  ...overrides,
});

describe("which commits need a signature", () => {
  it("a rules change judged by a policy that requires it, except the adoption commit", () => {
    const left = governance(true);
    const needs = (kind: Verdict["kind"], rules: boolean, required: boolean) =>
      signatureDue({
        commit: sha,
        verdict: verdict(kind, rules),
        judgedBy: governance(required),
        left,
      });
    expect(needs("governance", true, true)).toEqual({
      commit: sha,
      approvers: ["alice@example.com"],
      approvals: [],
    });
    expect(needs("governance", true, false)).toBeNull();
    expect(needs("adoption", true, true)).toBeNull();
    expect(needs("intent", false, true)).toBeNull(); // code, or only the intent map
    expect(needs("intent", true, true)).not.toBeNull(); // rules mixed in (isolation at warn)
  });

  it("finds the approvals a commit adds or changes, numbered from 1", () => {
    const before = intents([approval("alice@example.com"), null]);
    expect(approvalsAdded(before, before)).toEqual([]);
    const after = intents([approval("alice@example.com"), approval("bob@example.com")]);
    expect(approvalsAdded(before, after)).toEqual([
      { intent: "INT-001", grant: 2, by: "bob@example.com" },
    ]);
    const reapproved = intents([approval("alice@example.com", "2026-02-01T00:00:00Z"), null]);
    expect(approvalsAdded(before, reapproved)).toEqual([
      { intent: "INT-001", grant: 1, by: "alice@example.com" },
    ]);
    const moved = intents([null, approval("alice@example.com")]);
    expect(approvalsAdded(before, moved)).toEqual([]);
  });
});

describe("judgeGovernanceSignature", () => {
  const judge = (signature: CommitSignature | undefined, overrides: Partial<SignatureDue> = {}) =>
    judgeGovernanceSignature(due(overrides), signature, false, null);

  it("accepts an approver's verified signature, and any verified one when the policy lists no approvers", () => {
    expect(judge(ssh({}))).toEqual([]);
    expect(judge(ssh({ signer: "zoe@example.com" }), { approvers: [] })).toEqual([]);
  });

  it("names each way a signature fails, with the fix", () => {
    const cases: [CommitSignature | undefined, string][] = [
      [undefined, "this commit is not signed"],
      [ssh({ status: "N", format: null, signer: null, key: null }), "this commit is not signed"],
      [ssh({ status: "U", signer: null }), "(SSH SHA256:abc) is not in the allowed signers file"],
      [
        ssh({ status: "U", format: "gpg", signer: "Alice <alice@example.com>", key: "F00" }),
        "(GPG F00, Alice <alice@example.com>) is not trusted in the keyring",
      ],
      [ssh({ status: "B", detail: "BAD signature" }), "signature is bad (git: BAD signature)"],
      [
        ssh({ status: "E", format: "gpg", key: "F00" }),
        "git cannot check this commit's signature (key F00)",
      ],
      [ssh({ status: "X" }), "signature has expired"],
      [ssh({ status: "Y" }), "signed with SHA256:abc has expired"],
      [ssh({ status: "R" }), "signed with SHA256:abc is revoked"],
      [ssh({ signer: "bob@example.com" }), "signed by bob@example.com, who is not one"],
    ];
    for (const [signature, expected] of cases) {
      const findings = judge(signature);
      expect(findings, expected).toHaveLength(1);
      expect(findings[0]).toMatchObject({ rule: "governance_signature", severity: "error" });
      expect(words(findings[0])).toContain(expected);
      const fix = findingWithFix(findings[0] as (typeof findings)[number], command);
      expect(fix).toContain("; to fix: ");
      expect(fix).toContain("git commit -S");
    }
  });

  it("says when git could not look at SSH signatures at all", () => {
    const [finding] = judgeGovernanceSignature(due(), undefined, true, null);
    expect(words(finding)).toContain("gpg.ssh.allowedSignersFile is not configured here");
    expect(finding?.advice.map((step) => adviceText(step, command)).join("\n")).toContain(
      "git config gpg.ssh.allowedSignersFile",
    );
  });

  it("requires every approval the commit adds to be the signer's, a reviewer's excepted", () => {
    const approvals = [
      { intent: "INT-001", grant: 1, by: "alice@example.com" },
      { intent: "INT-001", grant: 2, by: "bob@example.com" },
      { intent: "INT-001", grant: 3, by: "reviewer:bot" },
    ];
    const findings = judge(ssh({}), {
      approvers: ["alice@example.com", "bob@example.com"],
      approvals,
    });
    expect(findings.map(findingText)).toEqual([
      "the approval of INT-001's grant 2 is by bob@example.com, but the commit adding it is signed by alice@example.com: an approval is recorded by its approver, in a commit they sign",
    ]);
    expect(adviceText(findings[0]?.advice[0] as never, command)).toContain(
      "intentguard scope approve INT-001 --grant 2",
    );
    const two = judge(ssh({}), {
      approvals: [...approvals, { intent: "INT-002", grant: 1, by: "carol@example.com" }],
    });
    expect(two).toHaveLength(1); // one finding per commit: one fingerprint
    expect(words(two[0])).toContain(
      "2 approvals this commit adds are not by its signer, alice@example.com: INT-001's grant 2 by bob@example.com, INT-002's grant 1 by carol@example.com",
    );
    expect(two[0]?.advice).toHaveLength(2);
  });

  it("reads the signer of a GPG user ID as its e-mail address", () => {
    expect(signerIdentity(ssh({ format: "gpg", signer: "Alice A. <alice@example.com>" }))).toBe(
      "alice@example.com",
    );
    expect(signerIdentity(ssh({ status: "U" }))).toBeNull();
  });
});

describe("a good SSH signature's key, held to its allowed signers entry now", () => {
  const y2020 = Date.UTC(2020, 0, 1) / 1000;
  const y2030 = Date.UTC(2030, 0, 1) / 1000;
  const entry = (window: Partial<AllowedSigner>): AllowedSigner => ({
    line: 2,
    principals: "alice@example.com",
    certAuthority: false,
    namespaces: null,
    validAfter: null,
    validBefore: null,
    fingerprint: "SHA256:abc",
    ...window,
  });
  const now = (signers: AllowedSigner[]): SignersNow => ({
    signers,
    now: Date.UTC(2026, 0, 1) / 1000,
  });
  const judgeNow = (signers: AllowedSigner[], signature = ssh({})) =>
    judgeGovernanceSignature(due(), signature, false, now(signers));

  it("refuses a key whose entry expired, or is not valid yet, naming the date and the fix", () => {
    const [expired] = judgeNow([entry({ validBefore: { written: "20200101Z", seconds: y2020 } })]);
    expect(words(expired)).toBe(
      'a change to the rules must be signed by an approver, and the allowed signers entry of the key this commit is signed with (SSH SHA256:abc, alice@example.com, line 2) expired on 2020-01-01T00:00:00Z (valid-before="20200101Z"): a key must be valid now, whatever date the commit carries',
    );
    const fix = findingWithFix(expired as Finding, command);
    expect(fix).toContain("git commit --amend --no-edit -S");
    expect(fix).toContain(
      "or, if the key SHA256:abc should still sign for alice@example.com, renew its entry in the allowed signers file the check uses (gpg.ssh.allowedSignersFile)",
    );
    const [early] = judgeNow([entry({ validAfter: { written: "20300101", seconds: y2030 } })]);
    expect(words(early)).toContain(
      '(SSH SHA256:abc, alice@example.com, line 2) is not valid until 2030-01-01T00:00:00Z (valid-after="20300101")',
    );
    const [none] = judgeNow([entry({ fingerprint: "SHA256:other" })]);
    expect(words(none)).toContain(
      "no entry of the allowed signers file allows the key this commit is signed with (SSH SHA256:abc) for alice@example.com now",
    );
  });

  it("puts the window before whom the signer is: one finding per commit", () => {
    const expired = entry({
      principals: "*@example.com",
      validBefore: { written: "20200101Z", seconds: y2020 },
    });
    const findings = judgeNow([expired], ssh({ signer: "bob@example.com" }));
    expect(findings).toHaveLength(1);
    expect(words(findings[0])).toContain("expired on 2020-01-01T00:00:00Z");
  });

  it("lets through a key valid now, a GPG signature, and any key when git's answer stands", () => {
    expect(judgeNow([entry({ validBefore: { written: "20300101Z", seconds: y2030 } })])).toEqual(
      [],
    );
    expect(judgeNow([], ssh({ format: "gpg", key: "F00" }))).toEqual([]);
    expect(judgeGovernanceSignature(due(), ssh({}), false, null)).toEqual([]);
  });
});

describe("parseCommitSignatures", () => {
  it("reads git's fields, whatever the verifier printed", () => {
    const other = "b".repeat(40);
    const output =
      `\0${sha}\0G\0SHA256:k\0SHA256:k\0alice@example.com\0Good "git" signature for alice@example.com with ED25519 key SHA256:k\n\n` +
      `\0${other}\0U\0A68B4B42AE9D24EF\0B8E3B8D1\0Alice <a@x>\0gpg: Good signature from "Alice <a@x>" [unknown]\ngpg: WARNING: This key is not certified with a trusted signature!\n\n`;
    const parsed = parseCommitSignatures(output);
    expect(parsed.get(sha)).toEqual({
      status: "G",
      format: "ssh",
      signer: "alice@example.com",
      key: "SHA256:k",
      detail: null,
    });
    expect(parsed.get(other)).toEqual({
      status: "U",
      format: "gpg",
      signer: "Alice <a@x>",
      key: "B8E3B8D1",
      detail: "WARNING: This key is not certified with a trusted signature!",
    });
  });
});

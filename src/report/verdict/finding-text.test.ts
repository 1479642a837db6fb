import { describe, expect, it } from "vitest";
import type { RangeFindingFact } from "../../core/check/range-check.js";
import type { FindingFact } from "../../core/judge/finding-fact.js";
import { factText, rangeFactText } from "./finding-text.js";

const tip = "0123456789abcdef0123456789abcdef01234567";
const intents = ".orchestration/active_intents.yaml";
const lead = "a change to the rules must be signed by an approver";

/** Each kind of fact, and the exact sentence every report prints for it. */
const sentences: [FindingFact, string][] = [
  [
    { kind: "intent-unknown", intent: "INT-0001", source: "env", guess: "INT-001" },
    `intent INT-0001 (from INTENTGUARD_INTENT) does not exist in ${intents} as committed; did you mean INT-001?`,
  ],
  [
    { kind: "intent-unknown", intent: "X", source: "selection", guess: null },
    `intent X (from intentguard select) does not exist in ${intents} as committed`,
  ],
  [
    { kind: "intent-unknown", intent: "", source: "trailer", guess: null },
    `the message's Intent: trailer names no intent (it is empty): name one of ${intents} as committed`,
  ],
  [
    {
      kind: "intent-conflict",
      conflict: { kind: "several-trailers", intents: ["INT-001", "INT-002"] },
    },
    "conflicting intents: the message declares 2 intents (Intent: INT-001, INT-002); a commit serves exactly one",
  ],
  [
    {
      kind: "intent-conflict",
      conflict: { kind: "trailer-contradicts", source: "flag", declared: "A", trailer: "B" },
    },
    "conflicting intents: --intent says A but the message's Intent: trailer says B",
  ],
  [{ kind: "intent-required", needing: null }, "the commit declares no intent"],
  [
    { kind: "intent-required", needing: { paths: 1, protects: false } },
    "the commit declares no intent, and 1 path needs one (policy paths.require_intent)",
  ],
  [
    { kind: "intent-required", needing: { paths: 1200, protects: true } },
    "the commit declares no intent, and 1200 paths need one (policy paths.require_intent and paths.protected)",
  ],
  [
    { kind: "intent-status", intent: "INT-003", name: "Later", status: "PENDING" },
    "intent INT-003 (Later) is PENDING; only an IN_PROGRESS intent authorises commits",
  ],
  [
    { kind: "assigned-agent", intent: "INT-001", assigned: "builder", agent: "reviewer" },
    "intent INT-001 is assigned to agent builder, and this commit comes from agent reviewer",
  ],
  [
    { kind: "outside-scope", intent: "INT-001", name: "Auth", paths: 1, forbidden: 0 },
    "1 path outside the scope of INT-001 (Auth)",
  ],
  [
    { kind: "outside-scope", intent: "INT-001", name: "Auth", paths: 3, forbidden: 2 },
    "3 paths outside the scope of INT-001 (Auth) (2 paths forbidden by forbidden_scope)",
  ],
  [
    { kind: "protected-through-broad", intent: "INT-5", name: "Wide", paths: 1, broad: ["**"] },
    "1 protected path (policy paths.protected) is in the scope of INT-5 (Wide) only through the broad pattern **",
  ],
  [
    {
      kind: "protected-through-broad",
      intent: "INT-5",
      name: "Wide",
      paths: 2,
      broad: ["**", "*/**"],
    },
    "2 protected paths (policy paths.protected) are in the scope of INT-5 (Wide) only through the broad patterns **, */**",
  ],
  [
    { kind: "governance-not-isolated", rulesPaths: [intents], others: 1 },
    `a governance change (${intents}) must touch nothing else, and this one also touches 1 other path`,
  ],
  [
    {
      kind: "agent-changes-rules",
      agent: "builder",
      declaredBy: "its trailers",
      rulesPaths: [intents, "policies/intentguard.yaml"],
    },
    `an agent (builder, by its trailers) changes the rules (${intents}, policies/intentguard.yaml): the rules that bind agents change by a person's commit; an agent may only add grant requests`,
  ],
  [
    { kind: "intents-file-removed" },
    `the change removes ${intents} (or renames it): the intents may be changed, never removed, or every later commit would escape the gate`,
  ],
  [
    { kind: "governance-left-invalid", problems: "line 3: bad\nline 4: worse" },
    "the governance the change leaves behind is invalid, and the next commit would be judged by it:\nline 3: bad\nline 4: worse",
  ],
  [
    { kind: "signature-missing", allowedSignersUnset: false },
    `${lead}, and this commit is not signed`,
  ],
  [
    { kind: "signature-missing", allowedSignersUnset: true },
    `${lead}, and git found no signature it could check: gpg.ssh.allowedSignersFile is not configured here, so git cannot check an SSH signature`,
  ],
  [
    { kind: "signing-key-unknown", format: "ssh", key: "SHA256:abc", signer: null },
    `${lead}, and the key this commit is signed with (SSH SHA256:abc) is not in the allowed signers file (gpg.ssh.allowedSignersFile), so git cannot tell whose it is`,
  ],
  [
    { kind: "signing-key-unknown", format: "gpg", key: "F00", signer: "Al <al@example.com>" },
    `${lead}, and the key this commit is signed with (GPG F00, Al <al@example.com>) is not trusted in the keyring, so git cannot tell whose it is`,
  ],
  [
    { kind: "signing-key-unknown", format: "gpg", key: null, signer: null },
    `${lead}, and the key this commit is signed with (GPG) is not trusted in the keyring, so git cannot tell whose it is`,
  ],
  [
    { kind: "signature-uncheckable", key: "F00", detail: "no public key" },
    `${lead}, and git cannot check this commit's signature (key F00) (git: no public key)`,
  ],
  [
    { kind: "signature-uncheckable", key: null, detail: null },
    `${lead}, and git cannot check this commit's signature`,
  ],
  [
    { kind: "signature-bad", detail: "BAD signature" },
    `${lead}, and this commit's signature is bad (git: BAD signature)`,
  ],
  [{ kind: "signature-bad", detail: null }, `${lead}, and this commit's signature is bad`],
  [{ kind: "signature-expired" }, `${lead}, and this commit's signature has expired`],
  [
    { kind: "signing-key-expired", key: "SHA256:abc" },
    `${lead}, and the key this commit is signed with SHA256:abc has expired`,
  ],
  [
    { kind: "signing-key-revoked", key: null },
    `${lead}, and the key this commit is signed with is revoked`,
  ],
  [{ kind: "signer-unnamed" }, `${lead}, and git names no signer for this commit's signature`],
  [
    { kind: "signing-key-not-allowed-now", key: "SHA256:abc", signer: "al@example.com" },
    `${lead}, and no entry of the allowed signers file allows the key this commit is signed with (SSH SHA256:abc) for al@example.com now`,
  ],
  [
    {
      kind: "signing-key-outside-window",
      key: "SHA256:abc",
      signer: "al@example.com",
      line: 2,
      window: "expired",
      seconds: Date.UTC(2020, 0, 1) / 1000,
      written: "20200101Z",
    },
    `${lead}, and the allowed signers entry of the key this commit is signed with (SSH SHA256:abc, al@example.com, line 2) expired on 2020-01-01T00:00:00Z (valid-before="20200101Z"): a key must be valid now, whatever date the commit carries`,
  ],
  [
    {
      kind: "signing-key-outside-window",
      key: "SHA256:abc",
      signer: "al@example.com",
      line: 3,
      window: "not-yet-valid",
      seconds: Date.UTC(2030, 0, 1) / 1000,
      written: "20300101",
    },
    `${lead}, and the allowed signers entry of the key this commit is signed with (SSH SHA256:abc, al@example.com, line 3) is not valid until 2030-01-01T00:00:00Z (valid-after="20300101"): a key must be valid now, whatever date the commit carries`,
  ],
  [
    { kind: "signer-not-approver", signer: "bob@example.com", approvers: ["a@x", "c@x"] },
    `${lead} (a@x, c@x), and this one is signed by bob@example.com, who is not one`,
  ],
  [
    {
      kind: "approvals-not-by-signer",
      signer: "al@example.com",
      approvals: [{ intent: "INT-001", grant: 2, by: "bob@example.com" }],
    },
    "the approval of INT-001's grant 2 is by bob@example.com, but the commit adding it is signed by al@example.com: an approval is recorded by its approver, in a commit they sign",
  ],
  [
    {
      kind: "approvals-not-by-signer",
      signer: "al@example.com",
      approvals: [
        { intent: "INT-001", grant: 2, by: "bob@example.com" },
        { intent: "INT-002", grant: 1, by: "carol@example.com" },
      ],
    },
    "2 approvals this commit adds are not by its signer, al@example.com: INT-001's grant 2 by bob@example.com, INT-002's grant 1 by carol@example.com; an approval is recorded by its approver, in a commit they sign",
  ],
  [
    {
      kind: "rules-conflict",
      file: intents,
      field: "active_intents[INT-5].status",
      target: "main",
    },
    `this rules change was made on older rules: ${intents} active_intents[INT-5].status was changed differently in the rules in force on main since, so it cannot be carried into them`,
  ],
  [
    { kind: "rules-base-unreadable", target: "origin/main" },
    "this rules change was made on rules that cannot be read, which are not the rules in force on origin/main, so what it changes cannot be told",
  ],
  [
    { kind: "rules-diverged", tip, file: intents, field: "active_intents", target: "main" },
    `the rules at 0123456789ab differ from the rules in force after this landing (${intents} active_intents): a merge or rebase dropped or altered a rules change, or the tip keeps rules older than main's`,
  ],
  [
    { kind: "rules-left-behind", tip },
    `the landing ends on 0123456789ab, whose tree has no ${intents}, while rules were in force: the branch would leave intentguard's rules behind`,
  ],
  [
    { kind: "tip-rules-unreadable", tip },
    "the rules at 0123456789ab, where the landing ends, cannot be read (not one YAML document, a duplicate key, a bad alias): every commit after it would be refused, and nothing could be judged by them",
  ],
  [
    { kind: "adoption-repeated", reason: { kind: "governed-elsewhere", ref: "refs/heads/main" } },
    "this commit adopts intentguard with rules of its own, but rules are already in force on refs/heads/main: adoption happens once",
  ],
  [
    { kind: "adoption-repeated", reason: { kind: "governed-elsewhere", ref: null } },
    "this commit adopts intentguard with rules of its own, but rules are already in force in this repository: adoption happens once",
  ],
  [
    { kind: "adoption-repeated", reason: { kind: "several", count: 3 } },
    "this commit adopts intentguard with rules of its own, and so do 2 other commit(s) of the same landing: adoption happens once",
  ],
  [
    { kind: "adoption-repeated", reason: { kind: "several-in-push", others: [tip] } },
    "this commit adopts intentguard with rules of its own, and so do 1 other commit(s) of the same push (0123456789ab): adoption happens once",
  ],
];

describe("the words of each finding", () => {
  it("says each kind of fact in its exact sentence", () => {
    for (const [fact, sentence] of sentences) expect(factText(fact), fact.kind).toBe(sentence);
  });

  it("has a sentence for every kind of fact", () => {
    // Every kind, checked by the compiler: a new kind must be added here, and above.
    const every: Record<FindingFact["kind"], true> = {
      "intent-unknown": true,
      "intent-conflict": true,
      "intent-required": true,
      "intent-status": true,
      "assigned-agent": true,
      "outside-scope": true,
      "protected-through-broad": true,
      "governance-not-isolated": true,
      "agent-changes-rules": true,
      "intents-file-removed": true,
      "governance-left-invalid": true,
      "signature-missing": true,
      "signing-key-unknown": true,
      "signature-uncheckable": true,
      "signature-bad": true,
      "signature-expired": true,
      "signing-key-expired": true,
      "signing-key-revoked": true,
      "signer-unnamed": true,
      "signing-key-not-allowed-now": true,
      "signing-key-outside-window": true,
      "signer-not-approver": true,
      "approvals-not-by-signer": true,
      "rules-conflict": true,
      "rules-base-unreadable": true,
      "rules-diverged": true,
      "rules-left-behind": true,
      "tip-rules-unreadable": true,
      "adoption-repeated": true,
    };
    expect(new Set(sentences.map(([fact]) => fact.kind))).toEqual(new Set(Object.keys(every)));
  });
});

describe("the words of each range finding, on one line", () => {
  const cases: [RangeFindingFact, string][] = [
    [
      { kind: "judged", fact: { kind: "intent-required", needing: null }, path: null },
      "the commit declares no intent",
    ],
    [
      {
        kind: "judged",
        fact: { kind: "outside-scope", intent: "A", name: "B", paths: 1, forbidden: 0 },
        path: "docs/x.md",
      },
      "1 path outside the scope of A (B): docs/x.md",
    ],
    [
      {
        kind: "judged",
        fact: { kind: "governance-left-invalid", problems: "  line 3: bad\n\n  line 4  " },
        path: null,
      },
      "the governance the change leaves behind is invalid, and the next commit would be judged by it:; line 3: bad; line 4",
    ],
    [
      { kind: "rules-unreadable", error: `${intents}:3:5: bad indentation\nof a mapping entry` },
      `the rules this commit is judged by cannot be read: ${intents}:3:5: bad indentation; of a mapping entry`,
    ],
    [
      { kind: "trace-missing" },
      "the commit has no trace record (made with hooks off, or its notes were not fetched: intentguard trace fetch)",
    ],
    [
      {
        kind: "trace-problems",
        problems: [
          { kind: "tampered", detail: { kind: "file-differs", path: "src/a.ts" } },
          { kind: "invalid", detail: { kind: "invalid-line", line: 2, problem: "not JSON" } },
          { kind: "tampered", detail: { kind: "file-extra", path: "src/b.ts" } },
          { kind: "ledger", detail: { kind: "ledger-line-edited", seq: 7 } },
          { kind: "untraced", detail: { kind: "note-unreadable" } },
        ],
      },
      "the commit's trace record disagrees with the commit: src/a.ts: operation, modes or blob hashes differ; src/b.ts: recorded, but the commit does not touch it; the commit's trace record is invalid: note line 2 is not JSON; the commit's trace record disagrees with this clone's ledger: ledger line 7 is not the line the record anchors: it was edited; no trace record can be read for the commit: its note cannot be read",
    ],
  ];

  it("says each kind in its exact words", () => {
    for (const [fact, words] of cases) expect(rangeFactText(fact, "intentguard")).toBe(words);
  });
});

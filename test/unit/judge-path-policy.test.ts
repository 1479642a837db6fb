import { describe, expect, it } from "vitest";
import { defaultPolicy } from "../../src/core/config/default-policy.js";
import { IntentsFile } from "../../src/core/config/intents-schema.js";
import type { Policy } from "../../src/core/config/policy-schema.js";
import { compileGovernance } from "../../src/core/governance/compile-governance.js";
import { resolveIntentRequest } from "../../src/core/intent/intent-request.js";
import { type ChangeToJudge, judgeChange } from "../../src/core/judge/judge-change.js";
import type { Verdict } from "../../src/core/judge/verdict.js";
import { pathPolicy } from "../../src/core/scope/path-policy.js";
import { scopeSignature } from "../../src/core/scope/scope-signature.js";
import { staticPrefix } from "../../src/core/scope/static-prefix.js";
import { plainStyle } from "../../src/report/text/style.js";
import { adviceText, noteText } from "../../src/report/verdict/advice.js";
import { findingText } from "../../src/report/verdict/finding-text.js";
import { formatVerdictText } from "../../src/report/verdict/verdict-text.js";
import { fileChange as change } from "../support/file-changes.js";

/** How the hints name intentguard: as a project dependency runs it. */
const command = "npx intentguard";

const at = "2026-02-17T15:30:00Z";

function approval(intent: string, paths: string[], by = "alice@example.com") {
  return { by, at, signature: scopeSignature(intent, paths) };
}

const intents = IntentsFile.parse({
  active_intents: [
    {
      id: "INT-001",
      name: "Auth",
      status: "IN_PROGRESS",
      owned_scope: ["src/auth"],
      forbidden_scope: ["src/auth/secrets"],
      extended_scope: [
        // 1: approved, counts.
        {
          paths: ["lib/jwt"],
          justification: "jwt helpers",
          approval: approval("INT-001", ["lib/jwt"]),
        },
        // 2: never approved.
        { paths: ["src/utils"], justification: "the retry helper moves" },
        // 3: approved, then its paths were edited: stale.
        {
          paths: ["src/db", "src/cache"],
          justification: "session storage",
          approval: approval("INT-001", ["src/db"]),
        },
        // 4: approved by someone the policy's approvers may not include.
        {
          paths: ["src/mail"],
          justification: "login mails",
          approval: approval("INT-001", ["src/mail"], "mallory@example.com"),
        },
        // 5: would reach a forbidden path: never suggested for it.
        { paths: ["src/auth/secrets/rotate.ts"], justification: "rotation" },
      ],
    },
    { id: "INT-002", name: "Docs", status: "IN_PROGRESS", owned_scope: ["docs"] },
    { id: "INT-003", name: "Everything", status: "IN_PROGRESS", owned_scope: ["**"] },
    {
      id: "INT-004",
      name: "Platform",
      status: "IN_PROGRESS",
      owned_scope: ["src/**", "infra"],
      extended_scope: [{ paths: ["ops/**"], justification: "deploy scripts" }],
    },
    {
      id: "INT-005",
      name: "Wide",
      status: "IN_PROGRESS",
      owned_scope: ["**"],
      extended_scope: [
        { paths: ["**/*.tf"], justification: "every module" },
        { paths: ["infra/**"], justification: "the infrastructure" },
      ],
    },
  ],
});

/** Only INT-001 and INT-002, so that no other intent covers what INT-001 refuses. */
const narrow = IntentsFile.parse({ active_intents: intents.active_intents.slice(0, 2) });

interface Options extends Partial<ChangeToJudge> {
  file?: IntentsFile;
  intent?: string | null;
  paths?: Partial<Policy["paths"]>;
  extended?: Partial<Policy["extended_scope"]>;
  signed?: boolean;
}

function judge(options: Options): Verdict {
  const policy: Policy = {
    ...defaultPolicy,
    paths: { ...defaultPolicy.paths, ...options.paths },
    extended_scope: { ...defaultPolicy.extended_scope, ...options.extended },
    governance: { require_signed_by_approver: options.signed ?? false },
  };
  const intent = options.intent === undefined ? "INT-001" : options.intent;
  return judgeChange({
    governance: compileGovernance(options.file ?? intents, policy, true),
    adoption: false,
    changes: [change("src/auth/login.ts")],
    resolved: resolveIntentRequest(intent ? { selection: intent } : {}),
    agent: null,
    deferWithoutIntent: false,
    merge: false,
    ...options,
  });
}

/** The verdict's findings with their words, as the reports print them. */
const worded = (verdict: Verdict) =>
  verdict.findings.map((finding) => ({ ...finding, message: findingText(finding) }));
const nextSteps = (verdict: Verdict, finding = 0) =>
  (verdict.findings[finding]?.advice ?? []).map((step) => adviceText(step, command));

describe("paths.require_intent", () => {
  const srcOnly = { require_intent: ["src/**"] };

  it("lets a commit touching no path that needs an intent through without one", () => {
    const verdict = judge({
      intent: null,
      paths: srcOnly,
      changes: [change("docs/guide.md"), change("README.md", "rename", "docs/readme.md")],
    });
    expect(verdict).toMatchObject({
      outcome: "allowed",
      kind: "no-intent",
      intent: null,
      findings: [],
      notes: [{ kind: "no-intent-needed" }],
    });
    expect(verdict.paths.map((entry) => [entry.path, entry.admitted, entry.origin])).toEqual([
      ["docs/guide.md", true, "no-intent-needed"],
      ["docs/readme.md", true, "no-intent-needed"],
      ["README.md", true, "no-intent-needed"],
    ]);
    expect(noteText({ kind: "no-intent-needed" })).toBe(
      "no path here needs an intent (policy paths.require_intent)",
    );
    expect(formatVerdictText(verdict, plainStyle, command)).toBe(
      "✓ intentguard: allowed — no intent required by policy, 3 paths\n" +
        "  note: no path here needs an intent (policy paths.require_intent)\n",
    );
  });

  it("judges such a commit like a governance change: a declared intent is not judged", () => {
    for (const intent of ["INT-002", "INT-404"]) {
      expect(judge({ intent, paths: srcOnly, changes: [change("docs/guide.md")] })).toMatchObject({
        outcome: "allowed",
        kind: "no-intent",
        notes: [{ kind: "no-intent-needed" }],
      });
    }
  });

  it("judges a commit that touches any path needing an intent, naming those paths", () => {
    const verdict = judge({
      intent: null,
      paths: srcOnly,
      changes: [change("docs/guide.md"), change("src/auth/login.ts")],
    });
    expect(verdict).toMatchObject({ outcome: "blocked", kind: "no-intent" });
    expect(worded(verdict)).toMatchObject([
      {
        rule: "intent_required",
        message:
          "the commit declares no intent, and 1 path needs one (policy paths.require_intent)",
        paths: ["src/auth/login.ts"],
      },
    ]);
    // Both sides of a rename count: moving a file out of src/ needs an intent.
    expect(
      judge({
        intent: null,
        paths: srcOnly,
        changes: [change("docs/login.md", "rename", "src/auth/login.ts")],
      }).findings[0]?.paths,
    ).toEqual(["src/auth/login.ts"]);
    // The default (every path) keeps the plain message.
    expect(worded(judge({ intent: null }))[0]?.message).toBe("the commit declares no intent");
  });

  it("never puts a path that needs no intent outside an intent's scope", () => {
    const changes = [change("src/auth/login.ts"), change("docs/guide.md")];
    expect(judge({ changes }).findings[0]?.paths).toEqual(["docs/guide.md"]);
    const verdict = judge({ changes, paths: srcOnly });
    expect(verdict).toMatchObject({ outcome: "allowed", kind: "intent", findings: [] });
    expect(verdict.paths.map((entry) => [entry.path, entry.origin])).toEqual([
      ["src/auth/login.ts", { kind: "owned" }],
      ["docs/guide.md", "no-intent-needed"],
    ]);
    expect(formatVerdictText(verdict, plainStyle, command)).toBe(
      "✓ intentguard: allowed — INT-001 (Auth), 1 path in scope, 1 needing no intent\n",
    );
  });

  it("always requires an intent for a protected path", () => {
    const verdict = judge({
      intent: null,
      paths: { require_intent: ["src/**"], protected: ["infra/**"] },
      changes: [change("infra/main.tf"), change("docs/guide.md")],
    });
    expect(worded(verdict)).toMatchObject([
      {
        rule: "intent_required",
        message:
          "the commit declares no intent, and 1 path needs one (policy paths.require_intent and paths.protected)",
        paths: ["infra/main.tf"],
      },
    ]);
  });
});

describe("paths.protected", () => {
  const infra = { protected: ["infra/**"] };

  it("protects every spelling a case-insensitive checkout treats as the same file, as forbidden does", () => {
    for (const spelling of ["Infra/main.tf", "INFRA/main.tf"]) {
      const verdict = judge({ intent: "INT-003", paths: infra, changes: [change(spelling)] });
      expect(verdict.outcome, spelling).toBe("blocked");
      expect(verdict.paths[0]).toMatchObject({
        path: spelling,
        pattern: "infra/**",
        origin: "protected",
      });
    }
  });

  it("refuses a protected path an intent admits only through a broad pattern", () => {
    const verdict = judge({ intent: "INT-003", paths: infra, changes: [change("infra/main.tf")] });
    expect(verdict.outcome).toBe("blocked");
    expect(verdict.paths).toEqual([
      {
        path: "infra/main.tf",
        operation: "modify",
        side: null,
        admitted: false,
        pattern: "infra/**",
        origin: "protected",
      },
    ]);
    expect(worded(verdict)).toMatchObject([
      {
        rule: "scope",
        severity: "error",
        message:
          "1 protected path (policy paths.protected) is in the scope of INT-003 (Everything) only through the broad pattern **",
        paths: ["infra/main.tf"],
      },
    ]);
    expect(nextSteps(verdict)).toEqual([
      "INT-004 (Platform) covers it: commit them under it, e.g. npx intentguard select INT-004",
      "split the commit: unstage what is outside the scope with git restore --staged -- :/infra/main.tf",
      "or allow these paths explicitly: add a pattern inside the protected paths (e.g. infra/**) to the owned_scope of INT-003 or to an extended_scope grant, in .orchestration/active_intents.yaml, and commit that file on its own",
    ]);
    expect(formatVerdictText(verdict, plainStyle, command)).toContain(
      "    modify infra/main.tf — protected by infra/**\n",
    );
  });

  it("admits it through a pattern inside the protected paths, and names that pattern", () => {
    // INT-004 owns src/** (broad) and infra: infra lies inside infra/**.
    const verdict = judge({ intent: "INT-004", paths: infra, changes: [change("infra/main.tf")] });
    expect(verdict).toMatchObject({ outcome: "allowed", findings: [] });
    expect(verdict.paths[0]).toMatchObject({ admitted: true, pattern: "infra" });
  });

  it("suggests the intent that lists the protected path", () => {
    const verdict = judge({
      intent: "INT-003",
      paths: { protected: ["infra"] },
      changes: [change("infra/main.tf")],
    });
    expect(nextSteps(verdict)[0]).toBe(
      "INT-004 (Platform) covers it: commit them under it, e.g. npx intentguard select INT-004",
    );
  });

  it("lets forbidden_scope win over a pattern listing a protected path", () => {
    const verdict = judge({
      paths: { protected: ["src/auth/secrets"] },
      changes: [change("src/auth/secrets/key.ts")],
    });
    expect(worded(verdict)).toMatchObject([
      {
        message: "1 path outside the scope of INT-001 (Auth) (1 path forbidden by forbidden_scope)",
      },
    ]);
    expect(verdict.paths[0]).toMatchObject({ origin: "forbidden", pattern: "src/auth/secrets" });
  });

  it("reads a pattern as a path to decide whether it lies inside the protected paths", () => {
    const inside = pathPolicy({
      require_intent: ["**"],
      protected: ["infra/**", "**/*.pem"],
    }).liesInside;
    for (const pattern of ["infra", "infra/**", "infra/*.tf", "infra/prod", "certs/a.pem"]) {
      expect(inside(pattern), pattern).toBe(true);
    }
    for (const pattern of [
      "**",
      "src/**",
      "*",
      "infrastructure",
      "certs",
      "**/*.tf",
      "{infra,x}",
    ]) {
      expect(inside(pattern), pattern).toBe(false);
    }
    // Listing the protected pattern itself always counts.
    const nested = pathPolicy({ require_intent: ["**"], protected: ["**/secrets/**"] }).liesInside;
    expect([nested("**/secrets/**"), nested("a/secrets"), nested("**")]).toEqual([
      true,
      true,
      false,
    ]);
    expect(
      ["infra/**", "src/*.ts", "**/x", "app/[id]/page.ts", "a/{b}/c"].map(staticPrefix),
    ).toEqual(["infra", "src", "", "app", "a/{b}/c"]);
  });

  it("follows the scope rule's severity", () => {
    const verdict = judge({
      intent: "INT-003",
      paths: infra,
      changes: [change("infra/main.tf")],
      governance: compileGovernance(
        intents,
        {
          ...defaultPolicy,
          rules: { ...defaultPolicy.rules, scope: "warn" },
          paths: { ...defaultPolicy.paths, ...infra },
        },
        true,
      ),
    });
    expect(verdict).toMatchObject({ outcome: "allowed", findings: [{ severity: "warn" }] });
  });
});

describe("blocked paths a grant of the intent would admit", () => {
  const approvers = { approvers: ["alice@example.com"] };

  it("names an unapproved grant and the command that approves it, numbered from 1", () => {
    const verdict = judge({ file: narrow, changes: [change("src/utils/retry.ts")] });
    expect(verdict.findings[0]?.advice[0]).toEqual({
      kind: "approve-grant",
      intent: "INT-001",
      grant: 2,
      grantPaths: ["src/utils"],
      state: "not approved",
      approvedBy: null,
      paths: ["src/utils/retry.ts"],
      reviewer: null,
      signed: false,
    });
    // The grant is the way: no "add an extended_scope grant" beside it.
    expect(nextSteps(verdict)).toEqual([
      "grant 2 of INT-001 (src/utils) would admit src/utils/retry.ts, but it is not approved: approve it with npx intentguard scope approve INT-001 --grant 2, then commit .orchestration/active_intents.yaml on its own",
      "split the commit: unstage what is outside the scope with git restore --staged -- :/src/utils/retry.ts",
    ]);
  });

  it("offers the reviewer when the policy has one, and says when the commit must be signed", () => {
    const verdict = judge({
      file: narrow,
      changes: [change("src/utils/retry.ts")],
      extended: { reviewer: { name: "bot", command: "./review.sh", timeout_seconds: 120 } },
      signed: true,
    });
    expect(nextSteps(verdict)[0]).toBe(
      "grant 2 of INT-001 (src/utils) would admit src/utils/retry.ts, but it is not approved: approve it with npx intentguard scope approve INT-001 --grant 2 or have the reviewer decide with npx intentguard scope review INT-001 --grant 2, then commit .orchestration/active_intents.yaml on its own, signed by an approver (git commit -S)",
    );
  });

  it("says a grant whose paths were edited after its approval is stale", () => {
    const verdict = judge({
      file: narrow,
      changes: [change("src/cache/lru.ts"), change("src/db/pool.ts")],
    });
    expect(nextSteps(verdict)[0]).toBe(
      "grant 3 of INT-001 (src/db, src/cache) would admit src/cache/lru.ts, src/db/pool.ts, but its approval is stale: its paths were edited after it was approved, so the signature no longer matches them; approve it again with npx intentguard scope approve INT-001 --grant 3, then commit .orchestration/active_intents.yaml on its own",
    );
  });

  it("names an approver the policy does not allow", () => {
    const verdict = judge({
      file: narrow,
      changes: [change("src/mail/send.ts")],
      extended: approvers,
    });
    expect(nextSteps(verdict)[0]).toBe(
      "grant 4 of INT-001 (src/mail) would admit src/mail/send.ts, but it was approved by mallory@example.com, who is not in extended_scope.approvers of policies/intentguard.yaml: have an approver run npx intentguard scope approve INT-001 --grant 4, then commit .orchestration/active_intents.yaml on its own",
    );
    // Without an approvers list the approval counts, and the path is in scope.
    expect(judge({ file: narrow, changes: [change("src/mail/send.ts")] }).outcome).toBe("allowed");
  });

  it("never suggests a grant, pending or new, for a forbidden path", () => {
    const forbidden = judge({ file: narrow, changes: [change("src/auth/secrets/rotate.ts")] });
    expect(forbidden.findings[0]?.advice).toEqual([
      { kind: "unstage", paths: ["src/auth/secrets/rotate.ts"] },
    ]);
    // Beside other paths, the new grant it suggests names only those.
    const mixed = judge({
      file: narrow,
      changes: [change("src/auth/secrets/rotate.ts"), change("src/billing/x.ts")],
    });
    expect(nextSteps(mixed)).toEqual([
      "split the commit: unstage what is outside the scope with git restore --staged -- :/src/auth/secrets/rotate.ts :/src/billing/x.ts",
      'or widen INT-001 with an extended_scope grant: npx intentguard scope request INT-001 src/billing/x.ts --why "…", have it approved (scope approve, or scope review), and commit .orchestration/active_intents.yaml on its own',
    ]);
  });

  it("suggests a new grant only for the paths no pending grant would admit", () => {
    const verdict = judge({
      file: narrow,
      changes: [change("src/utils/retry.ts"), change("src/billing/x.ts")],
    });
    expect(verdict.findings[0]?.advice.map((step) => step.kind)).toEqual([
      "approve-grant",
      "unstage",
      "extend-scope",
    ]);
    expect(verdict.findings[0]?.advice[2]).toEqual({
      kind: "extend-scope",
      intent: "INT-001",
      paths: ["src/billing/x.ts"],
    });
  });

  it("counts a pending grant for a protected path only when its pattern lies inside it", () => {
    // INT-004's grant 1 (ops/**) lists ops explicitly; INT-003's ** does not, so it covers nothing.
    const verdict = judge({
      intent: "INT-004",
      paths: { protected: ["ops"] },
      changes: [change("ops/deploy.sh")],
    });
    expect(verdict.findings[0]?.advice.map((step) => step.kind)).toEqual([
      "approve-grant",
      "unstage",
    ]);
    expect(nextSteps(verdict)[0]).toBe(
      "grant 1 of INT-004 (ops/**) would admit ops/deploy.sh, but it is not approved: approve it with npx intentguard scope approve INT-004 --grant 1, then commit .orchestration/active_intents.yaml on its own",
    );
  });

  it("suggests the pending grant that lists a protected path, not a broad one", () => {
    const verdict = judge({
      intent: "INT-005",
      paths: { protected: ["infra/**"] },
      changes: [change("infra/main.tf")],
    });
    expect(worded(verdict)[0]?.message).toBe(
      "1 protected path (policy paths.protected) is in the scope of INT-005 (Wide) only through the broad pattern **",
    );
    // Grant 1 (**/*.tf) matches the path but is broad; grant 2 lists infra. Once it is
    // approved the path is listed, so "list it explicitly" is not suggested beside it.
    expect(nextSteps(verdict)).toEqual([
      "grant 2 of INT-005 (infra/**) would admit infra/main.tf, but it is not approved: approve it with npx intentguard scope approve INT-005 --grant 2, then commit .orchestration/active_intents.yaml on its own",
      "INT-004 (Platform) covers it: commit them under it, e.g. npx intentguard select INT-004",
      "split the commit: unstage what is outside the scope with git restore --staged -- :/infra/main.tf",
    ]);
  });
});

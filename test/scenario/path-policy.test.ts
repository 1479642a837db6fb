import { describe, expect, it } from "vitest";
import { scopeSignature } from "../../src/core/scope/scope-signature.js";
import { createGovernedRepo, refusedByHook, type TestRepo } from "../support/test-repo.js";

const intentsPath = ".orchestration/active_intents.yaml";
const policyPath = "policies/intentguard.yaml";

const files = {
  "src/auth/login.ts": "export const login = 1;\n",
  "src/billing/invoice.ts": "export const invoice = 1;\n",
  "docs/index.md": "# Docs\n",
  "infra/main.tf": "# infra\n",
};

/** A policy file with the given `paths` section (and anything else after it). */
function policy(paths: string, rest = ""): string {
  return `version: 1\npaths:\n${paths}${rest}`;
}

function intent(id: string, name: string, fields: string): string {
  return `  - id: "${id}"\n    name: "${name}"\n    status: "IN_PROGRESS"\n${fields}`;
}

async function repoWith(intents: string[], policyText?: string): Promise<TestRepo> {
  return createGovernedRepo({
    intents: `active_intents:\n${intents.join("")}`,
    files: { ...files, ...(policyText ? { [policyPath]: policyText } : {}) },
  });
}

/** Stages everything and commits, under `intent` when given (INTENTGUARD_INTENT). */
function commitAll(repo: TestRepo, message: string, intentId?: string) {
  repo.git("add", "-A");
  return repo.commit(message, [], { env: { INTENTGUARD_INTENT: intentId } });
}

/** Rewrites the intents file and commits it on its own (a governance change). */
function commitIntents(repo: TestRepo, intents: string[]): void {
  repo.write(intentsPath, `active_intents:\n${intents.join("")}`);
  repo.git("add", intentsPath);
  const result = repo.commit("Rules");
  expect(result.status, result.stderr).toBe(0);
}

describe("paths.require_intent against real git", () => {
  const auth = intent("INT-001", "Auth", '    owned_scope: ["src/auth"]\n');
  const srcOnly = policy('  require_intent: ["src/**"]\n');

  it("lets a commit touching only docs through without an intent", async () => {
    const repo = await repoWith([auth], srcOnly);
    repo.write("docs/guide.md", "# Guide\n");
    repo.write("README.md", "# Read me\n");
    const result = commitAll(repo, "Docs");
    expect(result.status, result.stderr).toBe(0);
    expect(result.stderr).toBe(
      "✓ intentguard: allowed — no intent required by policy, 2 paths\n" +
        "  note: no path here needs an intent (policy paths.require_intent)\n",
    );
    expect(repo.lastMessage()).toBe("Docs\n");
  });

  it("judges a commit that also touches src/: without an intent it is refused", async () => {
    const repo = await repoWith([auth], srcOnly);
    repo.write("docs/guide.md", "# Guide\n");
    repo.write("src/billing/invoice.ts", "changed\n");
    const result = commitAll(repo, "Docs and billing");
    expect(result.status).toBe(refusedByHook);
    expect(result.stderr).toContain(
      "✗ intentguard: blocked — the commit declares no intent, and 1 path needs one (policy paths.require_intent)\n" +
        "  rule: intent_required (error)\n" +
        "  paths:\n" +
        "    modify src/billing/invoice.ts\n",
    );
  });

  it("checks only the paths that need an intent against the intent's scope", async () => {
    const repo = await repoWith([auth], srcOnly);
    repo.write("docs/guide.md", "# Guide\n");
    repo.write("src/auth/login.ts", "changed\n");
    const allowed = commitAll(repo, "Login and its guide", "INT-001");
    expect(allowed.status, allowed.stderr).toBe(0);
    expect(allowed.stderr).toBe(
      "✓ intentguard: allowed — INT-001 (Auth), 1 path in scope, 1 needing no intent\n",
    );
    repo.write("docs/guide.md", "# Guide, again\n");
    repo.write("src/billing/invoice.ts", "changed\n");
    const blocked = commitAll(repo, "Billing and the guide", "INT-001");
    expect(blocked.status).toBe(refusedByHook);
    expect(blocked.stderr).toContain(
      "✗ intentguard: blocked — 1 path outside the scope of INT-001 (Auth)\n" +
        "  rule: scope (error)\n" +
        "  paths:\n" +
        "    modify src/billing/invoice.ts\n" +
        "  next:\n",
    );
  });
});

describe("paths.protected against real git", () => {
  const everything = intent("INT-001", "Everything", '    owned_scope: ["**"]\n');
  const listed = intent("INT-001", "Everything", '    owned_scope: ["**", "infra"]\n');
  const protectInfra = policy('  protected: ["infra/**"]\n');

  it("refuses a protected path admitted only by **, and allows it once listed explicitly", async () => {
    const repo = await repoWith([everything], protectInfra);
    repo.write("infra/main.tf", "# changed\n");
    const blocked = commitAll(repo, "Infra", "INT-001");
    expect(blocked.status).toBe(refusedByHook);
    expect(blocked.stderr).toBe(
      [
        "✗ intentguard: blocked — 1 protected path (policy paths.protected) is in the scope of INT-001 (Everything) only through the broad pattern **",
        "  rule: scope (error)",
        "  paths:",
        "    modify infra/main.tf — protected by infra/**",
        "  next:",
        "    - split the commit: unstage what is outside the scope with git restore --staged -- :/infra/main.tf",
        `    - or allow these paths explicitly: add a pattern inside the protected paths (e.g. infra/**) to the owned_scope of INT-001 or to an extended_scope grant, in ${intentsPath}, and commit that file on its own`,
        "  intent: INT-001 (from the message's Intent: trailer), IN_PROGRESS",
        "    owned scope:     **",
        "    forbidden scope: none",
        `  note: nothing was committed, and your changes are where they were; your message is kept (if you committed with -a or paths, add them again): fix the change, then git commit -e -F "$(git rev-parse --git-path COMMIT_EDITMSG)"`,
        "fatal: ref updates aborted by hook",
        "",
      ].join("\n"),
    );
    // A path outside the protected set is still admitted by **.
    repo.git("restore", "--staged", "--worktree", "infra/main.tf");
    repo.write("src/billing/invoice.ts", "changed\n");
    expect(commitAll(repo, "Billing", "INT-001").status).toBe(0);

    commitIntents(repo, [listed]);
    repo.write("infra/main.tf", "# changed\n");
    const allowed = commitAll(repo, "Infra", "INT-001");
    expect(allowed.status, allowed.stderr).toBe(0);
    expect(allowed.stderr).toBe("✓ intentguard: allowed — INT-001 (Everything), 1 path in scope\n");
  });
});

describe("a block that an extended_scope grant of the intent would lift", () => {
  const grant = (fields: string) =>
    intent(
      "INT-001",
      "Auth",
      '    owned_scope: ["src/auth"]\n' +
        '    forbidden_scope: ["src/auth/secrets"]\n' +
        "    extended_scope:\n" +
        '      - paths: ["src/billing"]\n' +
        '        justification: "login writes the first invoice"\n' +
        fields,
    );
  const approval = (paths: string[]) =>
    `        approval: { by: "alice@example.com", at: "2026-02-17T15:30:00Z", signature: "${scopeSignature("INT-001", paths)}" }\n`;
  const approveCommand = "intentguard scope approve INT-001 --grant 1";

  it("names an unapproved grant and the command that approves it", async () => {
    const repo = await repoWith([grant("")]);
    repo.write("src/billing/invoice.ts", "changed\n");
    const result = commitAll(repo, "Billing", "INT-001");
    expect(result.status).toBe(refusedByHook);
    expect(result.stderr).toContain(
      "  next:\n" +
        `    - grant 1 of INT-001 (src/billing) would admit src/billing/invoice.ts, but it is not approved: approve it with ${approveCommand}, then commit ${intentsPath} on its own\n` +
        "    - split the commit: unstage what is outside the scope with git restore --staged -- :/src/billing/invoice.ts\n" +
        "  intent:",
    );
  });

  it("offers the policy's reviewer beside the approval", async () => {
    const reviewer = "extended_scope:\n  reviewer:\n    name: bot\n    command: ./review.sh\n";
    const repo = await repoWith([grant("")], `version: 1\n${reviewer}`);
    repo.write("src/billing/invoice.ts", "changed\n");
    const result = commitAll(repo, "Billing", "INT-001");
    expect(result.status).toBe(refusedByHook);
    expect(result.stderr).toContain(
      `    - grant 1 of INT-001 (src/billing) would admit src/billing/invoice.ts, but it is not approved: approve it with ${approveCommand} or have the reviewer decide with intentguard scope review INT-001 --grant 1, then commit ${intentsPath} on its own\n`,
    );
  });

  it("lets the commit through once approved, and says stale once the grant's paths are edited", async () => {
    const repo = await repoWith([grant("")]);
    commitIntents(repo, [grant(approval(["src/billing"]))]);
    repo.write("src/billing/invoice.ts", "changed\n");
    expect(commitAll(repo, "Billing", "INT-001").status).toBe(0);

    // The grant's paths edited after the approval: the signature no longer matches them.
    commitIntents(repo, [
      grant(approval(["src/billing"])).replace('["src/billing"]', '["src/billing", "src/tax"]'),
    ]);
    repo.write("src/billing/invoice.ts", "changed again\n");
    const stale = commitAll(repo, "Billing again", "INT-001");
    expect(stale.status).toBe(refusedByHook);
    expect(stale.stderr).toContain(
      `    - grant 1 of INT-001 (src/billing, src/tax) would admit src/billing/invoice.ts, but its approval is stale: its paths were edited after it was approved, so the signature no longer matches them; approve it again with ${approveCommand}, then commit ${intentsPath} on its own\n`,
    );
  });

  it("never suggests a grant for a forbidden path, even one a grant lists", async () => {
    const forbiddenGrant = intent(
      "INT-001",
      "Auth",
      '    owned_scope: ["src/auth"]\n' +
        '    forbidden_scope: ["src/auth/secrets"]\n' +
        "    extended_scope:\n" +
        '      - paths: ["src/auth/secrets"]\n' +
        '        justification: "rotate the keys"\n',
    );
    const repo = await repoWith([forbiddenGrant]);
    repo.write("src/auth/secrets/key.ts", "k\n");
    const result = commitAll(repo, "Keys", "INT-001");
    expect(result.status).toBe(refusedByHook);
    expect(result.stderr).toContain(
      "  next:\n" +
        "    - split the commit: unstage what is outside the scope with git restore --staged -- :/src/auth/secrets/key.ts\n" +
        "  intent:",
    );
    expect(result.stderr).not.toContain("grant");
  });
});

describe("a typo in the policy's paths section", () => {
  it("is an error naming the key it was probably meant to be", async () => {
    const repo = await repoWith([intent("INT-001", "Auth", '    owned_scope: ["src/auth"]\n')]);
    repo.write(policyPath, policy('  protect: ["infra/**"]\n'));
    repo.git("add", "-A");
    expect(
      repo.tryGit(["commit", "-q", "-m", "Policy"], { env: { INTENTGUARD: "0" } }).status,
    ).toBe(0);
    repo.write("src/auth/login.ts", "changed\n");
    repo.git("add", "-A");
    const result = repo.intentguard(["check", "--staged", "--intent", "INT-001"]);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain(
      `HEAD:${policyPath}:3:3: paths: unknown key "protect"; did you mean "protected"?`,
    );
  });
});

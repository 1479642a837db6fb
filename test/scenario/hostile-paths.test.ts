import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createGovernedRepo, refusedByHook, type TestRepo } from "../support/test-repo.js";

const intentsPath = ".orchestration/active_intents.yaml";
const policyPath = "policies/intentguard.yaml";

const spellingIntents = `active_intents:
  - id: "INT-001"
    name: "Docs and auth"
    status: "IN_PROGRESS"
    owned_scope: ["src/auth", "docs"]
    forbidden_scope: ["src/auth/secrets.ts", "docs/café.md", "docs/private/**"]
`;

async function spellingRepo(): Promise<TestRepo> {
  const repo = await createGovernedRepo({ intents: spellingIntents });
  expect(repo.intentguard(["select", "INT-001"]).status).toBe(0);
  return repo;
}

function check(repo: TestRepo, ...paths: string[]) {
  return repo.intentguard(["check", "--format", "json", "--paths", ...paths]);
}

describe("deny wins across spellings another OS treats as one file", () => {
  it("refuses a case variant of a forbidden file, through the hooks", async () => {
    const repo = await spellingRepo();
    repo.write("src/auth/Secrets.ts", "export const key = 1;\n");
    repo.git("add", "-A");
    const result = repo.commit("A secret by another case");
    expect(result.status).toBe(refusedByHook);
    expect(result.stderr).toContain("src/auth/Secrets.ts");
    expect(result.stderr).toContain("forbidden");
  });

  it.each([
    ["NFD é", "docs/cafe\u0301.md"],
    ["upper case", "DOCS/CAFÉ.md"],
    ["a case variant under a forbidden glob", "docs/Private/notes.md"],
  ])("refuses %s", async (_what, spelling) => {
    const repo = await spellingRepo();
    const result = check(repo, spelling);
    expect(result.status).toBe(1);
    const verdict = JSON.parse(result.stdout);
    expect(verdict.findings[0]).toMatchObject({ rule: "scope", paths: [spelling] });
    expect(JSON.stringify(verdict)).toContain("forbidden");
  });

  it("keeps owned_scope exact: another case of an owned folder is outside", async () => {
    const repo = await spellingRepo();
    expect(check(repo, "src/auth/login.ts").status).toBe(0);
    const other = check(repo, "SRC/auth/login.ts");
    expect(other.status).toBe(1);
    expect(JSON.stringify(JSON.parse(other.stdout).findings)).toContain("outside");
  });
});

describe("governance paths are exactly the files intentguard reads", () => {
  it("a file elsewhere under policies/ needs an intent like any file", async () => {
    const repo = await createGovernedRepo();
    repo.write("policies/node_modules/x/index.js", "module.exports = 1;\n");
    repo.git("add", "-A");
    const result = repo.commit("Sneak a file in as governance");
    expect(result.status).toBe(refusedByHook);
    expect(result.stderr).toContain("declares no intent");
  });

  it("the policy file alone is a governance change", async () => {
    const repo = await createGovernedRepo();
    repo.write(policyPath, "version: 1\nrules:\n  assigned_agent: warn\n");
    repo.git("add", "-A");
    const result = repo.commit("Adopt a policy");
    expect(result.status).toBe(0);
    expect(result.stderr).toContain("governance change");
  });

  it("names the policy file, not the intents file, when only the policy differs", async () => {
    const repo = await createGovernedRepo();
    expect(repo.intentguard(["select", "INT-001"]).status).toBe(0);
    repo.write(policyPath, "version: 1\nrules:\n  scope: warn\n");
    repo.write("src/billing/invoice.ts", "changed\n");
    repo.git("add", "src/billing/invoice.ts");
    const result = repo.commit("Billing under a relaxed policy");
    expect(result.status).toBe(refusedByHook);
    expect(result.stderr).toContain(
      "the rules in the working tree differ from the committed ones and would allow this commit",
    );
    expect(result.stderr).toContain(`-- :/${policyPath})`);
    expect(result.stderr).not.toContain(`-- :/${intentsPath}`);
  });

  it("a directory at the intents path is named as such, never printed as bytes", async () => {
    const repo = await createGovernedRepo({ hooks: false });
    rmSync(path.join(repo.dir, intentsPath));
    mkdirSync(path.join(repo.dir, intentsPath));
    repo.write(`${intentsPath}/inner.yaml`, "active_intents: []\n");
    repo.git("add", "-A");
    const env = { INTENTGUARD_INTENT: "INT-001" };
    const staged = repo.intentguard(["check", "--staged"], { env });
    expect(staged.status).toBe(2);
    expect(staged.stderr).toContain(`${intentsPath}: it is a directory`);
    repo.git("commit", "-q", "-m", "A directory where the rules were (no hooks)");
    rmSync(path.join(repo.dir, intentsPath), { recursive: true });
    repo.git("checkout", "-q", "--", ".");
    rmSync(path.join(repo.dir, intentsPath), { recursive: true });
    const committed = repo.intentguard(["check", "--paths", "src/auth/login.ts"], { env });
    expect(committed.status).toBe(2);
    expect(committed.stderr).toContain(`HEAD:${intentsPath}: is a directory, not a file`);
    expect(committed.stderr).toContain(`Put the intents file itself at ${intentsPath}`);
    for (const output of [staged.stderr, committed.stderr]) {
      // biome-ignore lint/suspicious/noControlCharactersInRegex: raw tree bytes must not appear
      expect(output).not.toMatch(/[\u0000-\u0008]/);
    }
  });
});

describe("intent-to-add entries are left out, as git leaves them out of the commit", () => {
  it("an out-of-scope `git add -N` file does not block an in-scope commit", async () => {
    const repo = await createGovernedRepo();
    expect(repo.intentguard(["select", "INT-001"]).status).toBe(0);
    repo.write("src/billing/later.ts", "not yet\n");
    repo.git("add", "-N", "src/billing/later.ts");
    repo.write("src/auth/login.ts", "export const login = 2;\n");
    repo.git("add", "src/auth/login.ts");
    expect(repo.intentguard(["check", "--staged"]).status).toBe(0);
    const result = repo.commit("Login only");
    expect(result.status, result.stderr).toBe(0);
    expect(repo.git("show", "--name-only", "--format=", "HEAD").trim()).toBe("src/auth/login.ts");
  });
});

import { describe, expect, it } from "vitest";
import {
  createGovernedRepo,
  createRepo,
  refusedByHook,
  standardIntents,
} from "../support/test-repo.js";

const intentsPath = ".orchestration/active_intents.yaml";

describe("where the rules come from", () => {
  it("allows the first commit of a repository as the adoption commit, and says so", async () => {
    const repo = await createRepo();
    expect(repo.intentguard(["init"]).status).toBe(0);
    repo.write("src/app.ts", "export {};\n");
    repo.git("add", "-A");
    const result = repo.commit("Adopt intentguard");
    expect(result.status).toBe(0);
    expect(repo.commitCount()).toBe(1);
    expect(result.stderr).toContain("✓ intentguard: allowed — adoption commit");
    expect(result.stderr).toContain("history before it is ungoverned");
    expect(repo.lastMessage()).toBe("Adopt intentguard\n");
  });

  it("allows adoption in a repository that already has history", async () => {
    const repo = await createRepo();
    repo.write("README.md", "# Project\n");
    repo.git("add", "-A");
    repo.git("commit", "-q", "-m", "Before intentguard");
    expect(repo.intentguard(["init"]).status).toBe(0);
    repo.git("add", "-A");
    const result = repo.commit("Adopt intentguard");
    expect(result.status).toBe(0);
    expect(result.stderr).toContain("adoption commit");
  });

  it("blocks the first commit when the staged intents are invalid, naming file and line", async () => {
    const repo = await createRepo();
    expect(repo.intentguard(["install"]).status).toBe(0);
    repo.write(
      intentsPath,
      "active_intents:\n  - id: INT-1\n    name: x\n    status: DONE\n    owned_scope: []\n",
    );
    repo.git("add", "-A");
    const result = repo.commit("Adopt with a typo");
    expect(result.status).toBe(refusedByHook);
    expect(repo.commitCount()).toBe(0);
    // The commit exists as the hook judges it: its own file is named by the commit's ID.
    expect(result.stderr).toMatch(
      /[0-9a-f]{12}:\.orchestration\/active_intents\.yaml:4:13: active_intents\[0\]\.status: got "DONE"; expected one of PENDING, IN_PROGRESS, BLOCKED, COMPLETED, ABANDONED/,
    );
  });

  it("allows a governance change on its own, with no intent", async () => {
    const repo = await createGovernedRepo();
    repo.write(intentsPath, standardIntents.replace('status: "PENDING"', 'status: "IN_PROGRESS"'));
    repo.git("add", "-A");
    const result = repo.commit("Start INT-003");
    expect(result.status).toBe(0);
    expect(result.stderr).toContain("✓ intentguard: allowed — governance change, 1 path");
    expect(repo.lastMessage()).toBe("Start INT-003\n");
  });

  it("blocks a governance change that touches anything else, and says how to split it", async () => {
    const repo = await createGovernedRepo();
    expect(repo.intentguard(["select", "INT-001"]).status).toBe(0);
    repo.write(intentsPath, `${standardIntents}\n`);
    repo.write("src/auth/login.ts", "changed\n");
    repo.git("add", "-A");
    const result = repo.commit("Rules and code together");
    expect(result.status).toBe(refusedByHook);
    expect(result.stderr).toContain(
      "a governance change (.orchestration/active_intents.yaml) must touch nothing else",
    );
    expect(result.stderr).toContain("git commit -- :/.orchestration/active_intents.yaml");
  });

  it("judges by HEAD's rules when the working copy widens the scope, and explains it", async () => {
    const repo = await createGovernedRepo();
    expect(repo.intentguard(["select", "INT-001"]).status).toBe(0);
    repo.write(
      intentsPath,
      standardIntents.replace(
        'owned_scope: ["src/auth", "test/auth/**"]',
        'owned_scope: ["src/auth", "src/billing", "test/auth/**"]',
      ),
    );
    repo.write("src/billing/invoice.ts", "changed\n");
    repo.git("add", "src/billing/invoice.ts");
    const result = repo.commit("Billing under a widened scope");
    expect(result.status).toBe(refusedByHook);
    expect(result.stderr).toContain("outside the scope of INT-001 (Auth)");
    expect(result.stderr).toContain(
      "the rules in the working tree differ from the committed ones and would allow this commit",
    );
    expect(result.stderr).toContain("no commit can widen its own scope");
    // Following the advice works: the rules first, on their own, then the change.
    expect(repo.commit("Widen INT-001", ["--", intentsPath]).status).toBe(0);
    expect(repo.commit("Billing, now in scope").status).toBe(0);
  });

  it("lets a governance change repair committed rules that are malformed, and nothing else", async () => {
    const repo = await createGovernedRepo({ hooks: false });
    repo.write(intentsPath, "active_intents: [\n");
    repo.git("add", "-A");
    repo.git("commit", "-q", "-m", "Break the rules (no hooks installed)");
    expect(repo.intentguard(["install"]).status).toBe(0);
    repo.write("src/auth/login.ts", "changed\n");
    repo.git("add", "-A");
    const env = { INTENTGUARD_INTENT: "INT-001" };
    const blocked = repo.commit("Code while the rules are broken", [], { env });
    expect(blocked.status).toBe(refusedByHook); // git's code for a refused update; the hook's is 2:
    expect(repo.intentguard(["check", "--staged"], { env }).status).toBe(2);
    expect(blocked.stderr).toContain(`HEAD:${intentsPath}:2:1: YAML syntax`);
    repo.git("reset", "-q");
    repo.git("checkout", "-q", "--", "src");
    repo.write(intentsPath, standardIntents);
    repo.git("add", "-A");
    const repaired = repo.commit("Repair the rules");
    expect(repaired.status).toBe(0);
    expect(repaired.stderr).toContain(
      "the committed rules are malformed; this governance change replaces them",
    );
  });

  it("asks for intentguard init when there are no intents at all", async () => {
    const repo = await createRepo();
    expect(repo.intentguard(["install"]).status).toBe(0);
    repo.write("a.txt", "a\n");
    repo.git("add", "-A");
    const result = repo.commit("First");
    expect(result.status).toBe(refusedByHook);
    expect(repo.intentguard(["check", "--staged"]).status).toBe(2);
    expect(repo.commitCount()).toBe(0);
    expect(result.stderr).toContain("Run `intentguard init` to create it");
  });
});

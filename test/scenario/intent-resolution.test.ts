import { describe, expect, it } from "vitest";
import {
  createGovernedRepo,
  refusedByHook,
  standardIntents,
  type TestRepo,
} from "../support/test-repo.js";

function stage(repo: TestRepo, file: string, content = "changed\n"): void {
  repo.write(file, content);
  repo.git("add", "-A");
}

describe("which intent a commit serves", () => {
  it("lets the message's Intent: trailer decide when nothing is selected, without duplicating it", async () => {
    const repo = await createGovernedRepo();
    stage(repo, "docs/guide.md");
    const result = repo.commit("Write the guide\n\nIntent: INT-002");
    expect(result.status).toBe(0);
    expect(result.stderr).toBe("✓ intentguard: allowed — INT-002 (Docs), 1 path in scope\n");
    expect(repo.lastMessage()).toBe("Write the guide\n\nIntent: INT-002\n");
  });

  it("starts Node once for an allowed commit: commit-msg adds the trailer in sh", async () => {
    const repo = await createGovernedRepo();
    expect(repo.intentguard(["select", "INT-002"]).status).toBe(0);
    stage(repo, "docs/guide.md");
    const result = repo.commit("Write the guide");
    expect(result.status).toBe(0);
    expect(result.stderr.match(/intentguard: allowed/g)).toHaveLength(1);
    expect(repo.lastMessage()).toBe("Write the guide\n\nIntent: INT-002\n");
  });

  it("lets a trailer outrank the selection, and says nothing about the selection then", async () => {
    const repo = await createGovernedRepo();
    expect(repo.intentguard(["select", "INT-001"]).status).toBe(0);
    stage(repo, "docs/guide.md");
    const docs = repo.commit("Docs, declared in the message\n\nIntent: INT-002");
    expect(docs.status).toBe(0);
    expect(docs.stderr).toBe("✓ intentguard: allowed — INT-002 (Docs), 1 path in scope\n");
    stage(repo, "docs/other.md");
    const undeclared = repo.commit("Docs, not declared");
    expect(undeclared.status).toBe(refusedByHook);
    expect(undeclared.stderr).toContain("1 path outside the scope of INT-001 (Auth)");
    expect(undeclared.stderr).toContain(
      'your message is kept (if you committed with -a or paths, add them again): fix the change, then git commit -e -F "$(git rev-parse --git-path COMMIT_EDITMSG)"',
    );
    repo.git("reset", "-q", "--hard");
    stage(repo, "src/auth/login.ts");
    const blocked = repo.commit("Auth code, declared as docs\n\nIntent: INT-002");
    expect(blocked.status).toBe(refusedByHook);
    expect(blocked.stderr).toContain("1 path outside the scope of INT-002 (Docs)");
    expect(blocked.stderr).toContain("INT-001 (Auth) covers it");
  });

  it("blocks a commit with no intent at commit-msg, listing the selectable intents", async () => {
    const repo = await createGovernedRepo();
    stage(repo, "src/auth/login.ts");
    const result = repo.commit("No intent");
    expect(result.status).toBe(refusedByHook);
    expect(result.stderr).toContain("✗ intentguard: blocked — the commit declares no intent");
    expect(result.stderr).toContain(
      "intentguard select <ID>, one of: INT-001 (Auth), INT-002 (Docs)",
    );
    expect(repo.commitCount()).toBe(1);
  });

  it("blocks an unknown intent in a trailer and suggests the closest one", async () => {
    const repo = await createGovernedRepo();
    stage(repo, "src/auth/login.ts");
    const result = repo.commit("Typo\n\nIntent: INT-01");
    expect(result.status).toBe(refusedByHook);
    expect(result.stderr).toContain(
      "intent INT-01 (from the message's Intent: trailer) does not exist",
    );
    expect(result.stderr).toContain("did you mean INT-001?");
  });

  it.each([
    ["INT-003", "PENDING"],
    ["INT-004", "COMPLETED"],
    ["INT-005", "BLOCKED"],
    ["INT-006", "ABANDONED"],
  ])("blocks a commit under %s, which is %s", async (id, status) => {
    const repo = await createGovernedRepo();
    stage(repo, "src/billing/invoice.ts");
    const result = repo.commit(`Work under ${id}\n\nIntent: ${id}`);
    expect(result.status).toBe(refusedByHook);
    expect(result.stderr).toContain(`is ${status}; only an IN_PROGRESS intent authorises commits`);
  });

  it("takes INTENTGUARD_INTENT over the selection, and blocks when the message contradicts it", async () => {
    const repo = await createGovernedRepo();
    expect(repo.intentguard(["select", "INT-001"]).status).toBe(0);
    stage(repo, "docs/guide.md");
    const env = { INTENTGUARD_INTENT: "INT-002" };
    expect(repo.commit("Docs via the environment", [], { env }).status).toBe(0);
    expect(repo.lastMessage()).toContain("Intent: INT-002");
    stage(repo, "docs/more.md");
    const conflict = repo.commit("Contradiction\n\nIntent: INT-001", [], { env });
    expect(conflict.status).toBe(refusedByHook);
    expect(conflict.stderr).toContain(
      "INTENTGUARD_INTENT says INT-002 but the message's Intent: trailer says INT-001",
    );
  });

  it("blocks a message that declares two intents", async () => {
    const repo = await createGovernedRepo();
    stage(repo, "docs/guide.md");
    const result = repo.commit("Two\n\nIntent: INT-001\nIntent: INT-002");
    expect(result.status).toBe(refusedByHook);
    expect(result.stderr).toContain("the message declares 2 intents");
  });

  it("never turns an aborted empty message into a commit with only a trailer", async () => {
    const repo = await createGovernedRepo();
    expect(repo.intentguard(["select", "INT-002"]).status).toBe(0);
    stage(repo, "docs/guide.md");
    const editorless = repo.tryGit(["commit"]);
    expect(editorless.status).toBe(1);
    expect(editorless.stderr).toContain("Aborting commit due to empty commit message");
    const verbose = repo.tryGit(["commit", "-v"]);
    expect(verbose.status).toBe(1);
    expect(repo.commitCount()).toBe(1);
  });

  it("places the trailer before the scissors line of commit -v", async () => {
    const repo = await createGovernedRepo();
    expect(repo.intentguard(["select", "INT-002"]).status).toBe(0);
    stage(repo, "docs/guide.md");
    const editor = `sh -c 'printf "Verbose commit\\n" | cat - "$1" > "$1.new" && mv "$1.new" "$1"' editor`;
    const result = repo.tryGit(["commit", "-v"], { env: { GIT_EDITOR: editor } });
    expect(result.status).toBe(0);
    expect(repo.lastMessage()).toBe("Verbose commit\n\nIntent: INT-002\n");
  });

  it("skips every hook for one command with INTENTGUARD=0", async () => {
    const repo = await createGovernedRepo();
    stage(repo, "src/billing/invoice.ts");
    const result = repo.commit("Emergency fix", [], { env: { INTENTGUARD: "0" } });
    expect(result.status).toBe(0);
    expect(result.stderr).not.toContain("intentguard");
    expect(repo.lastMessage()).toBe("Emergency fix\n");
  });

  it("judges an amend as the whole amended commit, against its parent", async () => {
    const repo = await createGovernedRepo();
    repo.write(".orchestration/active_intents.yaml", `${standardIntents}# reviewed\n`);
    repo.git("add", "-A");
    expect(repo.commit("Governance").status).toBe(0);
    stage(repo, "src/auth/login.ts");
    const env = { INTENTGUARD_INTENT: "INT-001" };
    const amend = repo.tryGit(["commit", "--amend", "--no-edit"], { env });
    expect(amend.status).toBe(refusedByHook);
    expect(amend.stderr).toContain(
      "a governance change (.orchestration/active_intents.yaml) must touch nothing else",
    );
    expect(repo.lastMessage()).toBe("Governance\n");
  });

  it("allows an in-scope amend and keeps the trailer single", async () => {
    const repo = await createGovernedRepo();
    expect(repo.intentguard(["select", "INT-001"]).status).toBe(0);
    stage(repo, "src/auth/login.ts");
    expect(repo.commit("Auth").status).toBe(0);
    stage(repo, "src/auth/login.ts", "again\n");
    const amend = repo.tryGit(["commit", "--amend", "--no-edit"]);
    expect(amend.status).toBe(0);
    expect(repo.lastMessage()).toBe("Auth\n\nIntent: INT-001\n");
    stage(repo, "src/billing/invoice.ts");
    expect(repo.tryGit(["commit", "--amend", "--no-edit"]).status).toBe(refusedByHook);
  });
});

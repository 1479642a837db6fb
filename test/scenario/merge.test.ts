import { describe, expect, it } from "vitest";
import { createGovernedRepo, refusedByHook, type TestRepo } from "../support/test-repo.js";

/** Commits with every hook skipped (INTENTGUARD=0): the setup of a scenario, not its subject. */
function commitUnchecked(repo: TestRepo, message: string, args: string[] = []): void {
  const result = repo.tryGit(["commit", "-q", ...args, "-m", message], {
    env: { INTENTGUARD: "0" },
  });
  if (result.status !== 0) throw new Error(`commit "${message}" failed: ${result.stderr}`);
}

/** A repo with a `feature` branch: `onFeature` runs there, `onMain` on main, then main is checked out. */
async function branched(
  onFeature: (repo: TestRepo) => void,
  onMain: (repo: TestRepo) => void = () => {},
): Promise<TestRepo> {
  const repo = await createGovernedRepo();
  repo.git("checkout", "-q", "-b", "feature");
  onFeature(repo);
  repo.git("add", "-A");
  commitUnchecked(repo, "Feature work");
  repo.git("checkout", "-q", "main");
  onMain(repo);
  repo.git("add", "-A");
  if (repo.git("status", "--porcelain").trim()) commitUnchecked(repo, "Main work");
  return repo;
}

/**
 * A governed repository where `feature` and `main` each changed a different line of
 * src/billing/invoice.ts (INT-003's, outside the selected INT-001), with hooks off.
 */
async function bothSidesChangedBilling() {
  const repo = await createGovernedRepo();
  const lines = "1\n2\n3\n4\n5\n6\n7\n8\n";
  repo.write("src/billing/invoice.ts", lines);
  repo.git("add", "-A");
  commitUnchecked(repo, "Base");
  repo.git("checkout", "-q", "-b", "feature");
  repo.write("src/billing/invoice.ts", lines.replace("1\n", "feature\n"));
  commitUnchecked(repo, "Feature side", ["-a"]);
  repo.git("checkout", "-q", "main");
  repo.write("src/billing/invoice.ts", lines.replace("8\n", "main\n"));
  commitUnchecked(repo, "Main side", ["-a"]);
  expect(repo.intentguard(["select", "INT-001"]).status).toBe(0);
  return repo;
}

describe("merges", () => {
  it("allows a clean merge that only brings commits already made, with no intent needed", async () => {
    const repo = await branched((r) => r.write("docs/feature.md", "# Feature\n"));
    repo.write("src/auth/login.ts", "main side\n");
    repo.git("add", "-A");
    commitUnchecked(repo, "Main side");
    const result = repo.tryGit(["merge", "--no-ff", "-m", "Merge feature", "feature"]);
    expect(result.status).toBe(0);
    expect(result.stderr).toContain("✓ intentguard: allowed — merge, 0 paths");
    expect(repo.git("rev-list", "--parents", "-n1", "HEAD").trim().split(" ")).toHaveLength(3);
    expect(repo.lastMessage()).toBe("Merge feature\n");
  });

  it("says a clean merge is allowed once, with no word about a later hook deciding", async () => {
    const repo = await branched((r) => r.write("docs/feature.md", "# Feature\n"));
    // --edit opens the editor (GIT_EDITOR=true keeps git's message): the hooks that run then
    // must not speak before the merge lands.
    const result = repo.tryGit(["merge", "--no-ff", "--edit", "feature"]);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stderr).not.toContain("decides");
    expect(result.stderr.match(/intentguard:/g)).toHaveLength(1);
    expect(result.stderr).toContain("✓ intentguard: allowed — merge");
  });

  it("allows a clean merge of a path both sides changed: git's own merge authors nothing", async () => {
    const repo = await bothSidesChangedBilling();
    // Each side's change is its own commit's (judged there, and by CI); the merge only combines them.
    const result = repo.tryGit(["merge", "--no-ff", "-m", "Merge feature", "feature"]);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stderr).toContain("merge, 0 paths");
    expect(repo.read("src/billing/invoice.ts")).toBe("feature\n2\n3\n4\n5\n6\n7\nmain\n");
  });

  it("judges an edit made while merging a path both sides changed", async () => {
    const repo = await bothSidesChangedBilling();
    repo.git("merge", "-q", "--no-ff", "--no-commit", "feature");
    repo.write("src/billing/invoice.ts", "feature\n2\n3\n4\nedited while merging\n6\n7\nmain\n");
    repo.git("add", "src/billing/invoice.ts");
    const result = repo.tryGit(["commit", "--no-edit"]);
    expect(result.status).toBe(refusedByHook);
    expect(result.stderr).toContain("1 path outside the scope of INT-001 (Auth)");
    expect(result.stderr).toContain("modify src/billing/invoice.ts");
    expect(repo.git("rev-parse", "-q", "--verify", "MERGE_HEAD").trim()).toMatch(/^[0-9a-f]{40}$/);
  });

  it("judges the resolution of a conflicted merge when it is committed", async () => {
    const repo = await branched(
      (r) => r.write("src/auth/login.ts", "feature\n"),
      (r) => r.write("src/auth/login.ts", "main\n"),
    );
    expect(repo.tryGit(["merge", "feature"]).status).toBe(1);
    repo.write("src/auth/login.ts", "resolved\n");
    repo.git("add", "src/auth/login.ts");
    const noIntent = repo.tryGit(["commit", "--no-edit"]);
    expect(noIntent.status).toBe(refusedByHook);
    expect(noIntent.stderr).toContain("the commit declares no intent");
    const allowed = repo.tryGit(["commit", "--no-edit"], {
      env: { INTENTGUARD_INTENT: "INT-001" },
    });
    expect(allowed.status).toBe(0);
    expect(repo.lastMessage()).toContain("Merge branch 'feature'");
    expect(repo.git("log", "-1", "--format=%(trailers:key=Intent,valueonly)").trim()).toBe(
      "INT-001",
    );
  });
});

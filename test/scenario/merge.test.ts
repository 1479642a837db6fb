import { describe, expect, it } from "vitest";
import { createGovernedRepo, refusedByHook, type TestRepo } from "../support/test-repo.js";

/**
 * Commits with every hook skipped (INTENTGUARD=0): the setup of a scenario, not its subject. The
 * message names the intent that owns the change: commits a merge brings onto a branch are judged
 * as they land there, under their own trailers.
 */
function commitUnchecked(repo: TestRepo, message: string, args: string[] = [], intent = "INT-001") {
  const result = repo.tryGit(["commit", "-q", ...args, "-m", `${message}\n\nIntent: ${intent}`], {
    env: { INTENTGUARD: "0" },
  });
  if (result.status !== 0) throw new Error(`commit "${message}" failed: ${result.stderr}`);
}

/** A repo with a `feature` branch: `onFeature` runs there, `onMain` on main, then main is checked out. */
async function branched(
  onFeature: (repo: TestRepo) => void,
  onMain: (repo: TestRepo) => void = () => {},
  intent = "INT-001",
): Promise<TestRepo> {
  const repo = await createGovernedRepo();
  repo.git("checkout", "-q", "-b", "feature");
  onFeature(repo);
  repo.git("add", "-A");
  commitUnchecked(repo, "Feature work", [], intent);
  repo.git("checkout", "-q", "main");
  onMain(repo);
  repo.git("add", "-A");
  if (repo.git("status", "--porcelain").trim()) commitUnchecked(repo, "Main work", [], intent);
  return repo;
}

/**
 * A governed repository where `feature` and `main` each changed a different line of
 * docs/guide.md under INT-002 (outside the selected INT-001), with hooks off.
 */
async function bothSidesChangedDocs() {
  const repo = await createGovernedRepo();
  const lines = "1\n2\n3\n4\n5\n6\n7\n8\n";
  repo.write("docs/guide.md", lines);
  repo.git("add", "-A");
  commitUnchecked(repo, "Base", [], "INT-002");
  repo.git("checkout", "-q", "-b", "feature");
  repo.write("docs/guide.md", lines.replace("1\n", "feature\n"));
  commitUnchecked(repo, "Feature side", ["-a"], "INT-002");
  repo.git("checkout", "-q", "main");
  repo.write("docs/guide.md", lines.replace("8\n", "main\n"));
  commitUnchecked(repo, "Main side", ["-a"], "INT-002");
  expect(repo.intentguard(["select", "INT-001"]).status).toBe(0);
  return repo;
}

describe("merges", () => {
  it("allows a clean merge that only brings commits already made, with no intent needed", async () => {
    const repo = await branched(
      (r) => r.write("docs/feature.md", "# Feature\n"),
      undefined,
      "INT-002",
    );
    repo.write("src/auth/login.ts", "main side\n");
    repo.git("add", "-A");
    commitUnchecked(repo, "Main side");
    const result = repo.tryGit(["merge", "--no-ff", "-m", "Merge feature", "feature"]);
    expect(result.status, result.stderr).toBe(0);
    // The branch's commit lands with the merge, judged under its own trailer; the merge itself
    // authors nothing (its verdict: merge, 0 paths — in the range check below).
    expect(result.stderr).toContain("✓ intentguard: 2 commits allowed and traced");
    expect(repo.git("rev-list", "--parents", "-n1", "HEAD").trim().split(" ")).toHaveLength(3);
    const range = repo.intentguard(["check", "--commit", "HEAD", "--format", "json"]);
    expect(JSON.parse(range.stdout).commits[0].verdict.kind).toBe("merge");
    expect(repo.lastMessage()).toBe("Merge feature\n");
  });

  it("says a clean merge is allowed once, with no word about a later hook deciding", async () => {
    const repo = await branched(
      (r) => r.write("docs/feature.md", "# Feature\n"),
      undefined,
      "INT-002",
    );
    // --edit opens the editor (GIT_EDITOR=true keeps git's message): the hooks that run then
    // must not speak before the merge lands.
    const result = repo.tryGit(["merge", "--no-ff", "--edit", "feature"]);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stderr).not.toContain("decides");
    expect(result.stderr.match(/intentguard:/g)).toHaveLength(1);
    expect(result.stderr).toContain("✓ intentguard: 2 commits allowed and traced");
  });

  it("allows a clean merge of a path both sides changed: git's own merge authors nothing", async () => {
    const repo = await bothSidesChangedDocs();
    // Each side's change is its own commit's (judged there, and by CI); the merge only combines them.
    const result = repo.tryGit(["merge", "--no-ff", "-m", "Merge feature", "feature"]);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stderr).toContain("✓ intentguard: 2 commits allowed and traced");
    const merge = repo.intentguard(["check", "--commit", "HEAD", "--format", "json"]);
    expect(JSON.parse(merge.stdout).commits[0].verdict.path_count).toBe(0);
    expect(repo.read("docs/guide.md")).toBe("feature\n2\n3\n4\n5\n6\n7\nmain\n");
  });

  it("judges an edit made while merging a path both sides changed", async () => {
    const repo = await bothSidesChangedDocs();
    repo.git("merge", "-q", "--no-ff", "--no-commit", "feature");
    repo.write("docs/guide.md", "feature\n2\n3\n4\nedited while merging\n6\n7\nmain\n");
    repo.git("add", "docs/guide.md");
    const result = repo.tryGit(["commit", "--no-edit"]);
    expect(result.status).toBe(refusedByHook);
    expect(result.stderr).toContain("1 path outside the scope of INT-001 (Auth)");
    expect(result.stderr).toContain("modify docs/guide.md");
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

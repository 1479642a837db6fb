import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  createSelectedRepo,
  type Run,
  refusedByHook,
  type TestRepo,
} from "../support/test-repo.js";
import { expectRangesMatchContent, ledgerEvents, noteRecords } from "../support/traces.js";

const intentsPath = ".orchestration/active_intents.yaml";

/** What a refused landing must leave: git failed, the hook said why, and the branch stayed. */
function expectRefused(repo: TestRepo, result: Run, branchBefore: string, ...said: string[]) {
  expect(result.status, result.stderr).not.toBe(0);
  expect(result.stderr).toContain("✗ intentguard: blocked");
  expect(result.stderr).toContain("fatal: ref updates aborted by hook");
  for (const text of said) expect(result.stderr).toContain(text);
  expect(repo.git("rev-parse", "refs/heads/main").trim()).toBe(branchBefore);
}

/** Exactly one valid record per commit since `since`, and `trace verify` green. */
function expectTracedOnce(repo: TestRepo, since: string): void {
  const commits = repo.git("rev-list", `${since}..HEAD`).trim().split("\n").filter(Boolean);
  for (const commit of commits) {
    const records = noteRecords(repo, commit);
    expect(
      records.map((record) => record.vcs.revision_id),
      commit,
    ).toEqual([commit]);
    expectRangesMatchContent(repo, records[0] as never);
  }
  const verify = repo.intentguard(["trace", "verify"]);
  expect(verify.status, verify.stdout).toBe(0);
}

/** A branch `other` with one commit under INT-002 (docs), made and traced through the hooks. */
function docsCommitOnBranch(repo: TestRepo, file = "docs/guide.md"): string {
  repo.git("checkout", "-q", "-b", "other");
  const commit = repo.commitFile(file, "# Guide\n", "Write the guide", {
    env: { INTENTGUARD_INTENT: "INT-002" },
  });
  repo.git("checkout", "-q", "main");
  return commit;
}

describe("commits that never run pre-commit or commit-msg are judged as they land", () => {
  it("refuses a cherry-pick of another intent's commit, and allows it under that intent", async () => {
    const repo = await createSelectedRepo();
    const picked = docsCommitOnBranch(repo);
    const before = repo.head();
    // The pick keeps the original's trailer (INT-002): judged under it, and INT-002 owns docs/.
    const allowed = repo.tryGit(["cherry-pick", picked], {
      env: { GIT_COMMITTER_DATE: "2030-01-01T00:00:00Z" },
    });
    expect(allowed.status, allowed.stderr).toBe(0);
    expect(repo.head()).not.toBe(picked);
    expect(repo.git("log", "-1", "--format=%(trailers:key=Intent,valueonly)").trim()).toBe(
      "INT-002",
    );
    expectTracedOnce(repo, before);
  });

  it("refuses a cherry-pick -e whose Intent: trailer was edited to an intent that does not own it", async () => {
    const repo = await createSelectedRepo();
    const picked = docsCommitOnBranch(repo);
    const before = repo.head();
    const editor = `sed -i 's/^Intent: INT-002$/Intent: INT-001/'`;
    const result = repo.tryGit(["cherry-pick", "-e", picked], { env: { GIT_EDITOR: editor } });
    expectRefused(repo, result, before, "outside the scope of INT-001 (Auth)", "docs/guide.md");
    expect(result.stderr).toContain("git cherry-pick --abort");
    expect(repo.tryGit(["cherry-pick", "--abort"]).status).toBe(0);
    expect(repo.head()).toBe(before);
  });

  it("judges a cherry-pick of a stash's index commit under the selected intent", async () => {
    const repo = await createSelectedRepo();
    repo.write("src/billing/invoice.ts", "stashed\n");
    repo.git("add", "-A");
    repo.git("stash", "-q");
    const before = repo.head();
    const result = repo.tryGit(["cherry-pick", "-n", "stash^2"]);
    expect(result.status).toBe(0);
    const commit = repo.tryGit(["commit", "-m", "From the stash"]);
    expectRefused(repo, commit, before, "src/billing/invoice.ts");
    const direct = repo.tryGit(["cherry-pick", "-m", "1", "stash"]);
    expect(direct.status).not.toBe(0);
    expect(repo.git("rev-parse", "refs/heads/main").trim()).toBe(before);
  });

  it("refuses a revert under an intent that does not own what it reverts, and allows it under one that does", async () => {
    const repo = await createSelectedRepo();
    const before = repo.commitFile("docs/guide.md", "# Guide\n", "Docs", {
      env: { INTENTGUARD_INTENT: "INT-002" },
    });
    const refused = repo.tryGit(["revert", "--no-edit", "HEAD"]);
    expectRefused(repo, refused, before, "outside the scope of INT-001 (Auth)");
    expect(refused.stderr).toContain("git reset --merge");
    expect(repo.tryGit(["reset", "-q", "--merge"]).status).toBe(0);
    const allowed = repo.tryGit(["revert", "--no-edit", "HEAD"], {
      env: { INTENTGUARD_INTENT: "INT-002" },
    });
    expect(allowed.status, allowed.stderr).toBe(0);
    expect(repo.lastMessage()).toContain("Intent: INT-002");
    expectTracedOnce(repo, before);
  });

  it("refuses a revert -e whose Intent: trailer was edited to an intent that does not own it", async () => {
    const repo = await createSelectedRepo();
    const before = repo.commitFile("docs/guide.md", "# Guide\n", "Docs", {
      env: { INTENTGUARD_INTENT: "INT-002" },
    });
    const editor = `sh -c 'printf "\\nIntent: INT-001\\n" >> "$1"' editor`;
    const result = repo.tryGit(["revert", "-e", "HEAD"], { env: { GIT_EDITOR: editor } });
    expectRefused(repo, result, before, "outside the scope of INT-001 (Auth)", "docs/guide.md");
  });

  it("judges commit -C <rev> as an ordinary commit on HEAD, and amend -F as an amend", async () => {
    const repo = await createSelectedRepo();
    const docs = repo.commitFile("docs/guide.md", "# Guide\n", "Docs", {
      env: { INTENTGUARD_INTENT: "INT-002" },
    });
    repo.write("src/auth/login.ts", "reusing a message\n");
    repo.git("add", "-A");
    // The reused message says INT-002; the change is auth code: judged under INT-002, refused.
    const reused = repo.tryGit(["commit", "-C", docs]);
    expectRefused(repo, reused, docs, "outside the scope of INT-002 (Docs)");
    const message = path.join(repo.base, "message.txt");
    repo.write(path.relative(repo.dir, message), "Docs, amended\n\nIntent: INT-001\n");
    const amended = repo.tryGit(["commit", "--amend", "-F", message]);
    // The whole amended commit is judged: its docs file is outside INT-001, its auth file inside.
    expectRefused(
      repo,
      amended,
      docs,
      "1 path outside the scope of INT-001 (Auth)",
      "docs/guide.md",
    );
  });

  it("refuses a rebase whose conflict resolution adds a forbidden file; the branch stays", async () => {
    const repo = await createSelectedRepo();
    repo.commitOnBranch("topic", "src/auth/login.ts", "topic\n", "Topic side");
    repo.commitFile("src/auth/login.ts", "main\n", "Main side");
    repo.git("checkout", "-q", "topic");
    const topicBefore = repo.git("rev-parse", "topic").trim();
    expect(repo.tryGit(["rebase", "main"]).status).not.toBe(0);
    repo.write("src/auth/login.ts", "resolved\n");
    repo.write("src/auth/secrets/key.ts", "leaked\n");
    repo.git("add", "-A");
    const result = repo.tryGit(["rebase", "--continue"], { env: { GIT_EDITOR: "true" } });
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain("forbidden by src/auth/secrets");
    expect(result.stderr).toContain("git rebase --abort");
    expect(repo.git("rev-parse", "topic").trim()).toBe(topicBefore);
    expect(repo.tryGit(["rebase", "--abort"]).status).toBe(0);
    expect(repo.head()).toBe(topicBefore);
  });

  it("refuses git am of a patch that touches another intent's files", async () => {
    const repo = await createSelectedRepo();
    repo.git("checkout", "-q", "-b", "other");
    repo.commitFile("src/billing/invoice.ts", "billed\n", "Billing change\n\nIntent: INT-001", {
      env: { INTENTGUARD: "0" },
    });
    const patch = path.join(repo.base, "billing.patch");
    repo.run("sh", ["-c", `git format-patch -1 --stdout > '${patch}'`]);
    repo.git("checkout", "-q", "main");
    // Without the branch, the patch's commit is new to every branch even if git am recreates it
    // with the same ID (same second): it is judged.
    repo.git("branch", "-q", "-D", "other");
    const before = repo.head();
    const result = repo.tryGit(["am", patch]);
    expectRefused(repo, result, before, "src/billing/invoice.ts", "git am --abort");
    expect(repo.tryGit(["am", "--abort"]).status).toBe(0);
  });

  it("refuses a fixup made under one intent and autosquashed into another intent's commit", async () => {
    const repo = await createSelectedRepo();
    const base = repo.head();
    repo.commitFile("docs/guide.md", "# Guide\n", "Docs", {
      env: { INTENTGUARD_INTENT: "INT-002" },
    });
    const auth = repo.commitFile("src/auth/login.ts", "auth\n", "Auth");
    repo.write("src/auth/extra.ts", "the fix\n");
    repo.git("add", "-A");
    expect(repo.tryGit(["commit", "-q", `--fixup=${auth}`]).status).toBe(0);
    // Move the fixup onto the docs commit: one commit would now span two scopes.
    const before = repo.head();
    const todo = `sed -i -e '/fixup! Auth/d' -e '1a fixup ${repo.head().slice(0, 12)} fixup! Auth'`;
    const result = repo.tryGit(["rebase", "-i", "--autosquash", base], {
      env: { GIT_SEQUENCE_EDITOR: todo },
    });
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain("outside the scope of INT-002 (Docs)");
    expect(repo.git("rev-parse", "main").trim()).toBe(before);
    expect(repo.tryGit(["rebase", "--abort"]).status).toBe(0);
  });

  it("judges --amend -m as the whole amended commit, and keeps its trailer with nothing staged", async () => {
    const repo = await createSelectedRepo();
    const base = repo.head();
    repo.commitFile("src/auth/login.ts", "auth\n", "Auth");
    const reworded = repo.tryGit(["commit", "--amend", "-m", "Auth, reworded"]);
    expect(reworded.status, reworded.stderr).toBe(0);
    expect(repo.lastMessage()).toBe("Auth, reworded\n\nIntent: INT-001\n");
    expectTracedOnce(repo, base);
    repo.write("docs/x.md", "x\n");
    repo.git("add", "-A");
    const before = repo.head();
    const widened = repo.tryGit(["commit", "--amend", "-m", "Auth and docs"]);
    expectRefused(repo, widened, before, "docs/x.md");
  });

  it("refuses to amend code into a governance commit", async () => {
    const repo = await createSelectedRepo();
    repo.write(intentsPath, `${repo.read(intentsPath)}\n`);
    repo.git("add", "-A");
    expect(repo.tryGit(["commit", "-q", "-m", "Touch the intents"]).status).toBe(0);
    repo.write("src/auth/login.ts", "code\n");
    repo.git("add", "-A");
    const before = repo.head();
    const result = repo.tryGit(["commit", "--amend", "-m", "Intents and code"]);
    expectRefused(
      repo,
      result,
      before,
      "a governance change (.orchestration/active_intents.yaml) must touch nothing else",
    );
  });

  it("needs more than --no-verify to land an out-of-scope commit", async () => {
    const repo = await createSelectedRepo();
    const before = repo.head();
    repo.write("src/billing/invoice.ts", "unchecked\n");
    repo.git("add", "-A");
    const skipped = repo.tryGit(["commit", "--no-verify", "-m", "Skip the gate"]);
    expectRefused(repo, skipped, before, "outside the scope of INT-001 (Auth)");
    const disabled = repo.tryGit(["commit", "-q", "-m", "Really skip it"], {
      env: { INTENTGUARD: "0" },
    });
    expect(disabled.status).toBe(0);
  });
});

describe("the intents file can change, never vanish", () => {
  it.each([
    ["deleting", (repo: TestRepo) => repo.git("rm", "-q", intentsPath)],
    ["renaming", (repo: TestRepo) => repo.git("mv", intentsPath, ".orchestration/old.yaml")],
  ])("refuses %s it", async (_what, change) => {
    const repo = await createSelectedRepo();
    const before = repo.head();
    change(repo);
    const result = repo.tryGit(["commit", "-m", "Drop the rules"]);
    expectRefused(repo, result, before, `the change removes ${intentsPath}`);
  });

  it("judges the commit after a removal made with the hooks off by the governance before it", async () => {
    const repo = await createSelectedRepo();
    repo.git("rm", "-q", intentsPath);
    const off = repo.tryGit(["commit", "-q", "-m", "Drop the rules"], {
      env: { INTENTGUARD: "0" },
    });
    expect(off.status).toBe(0);
    const removedAt = repo.head();
    repo.write("src/billing/invoice.ts", "free for all?\n");
    repo.git("add", "-A");
    const result = repo.tryGit(["commit", "-m", "Anything goes now"]);
    expectRefused(repo, result, removedAt, "outside the scope of INT-001 (Auth)");
    expect(result.stderr).toContain(`because ${removedAt.slice(0, 12)} removed it`);
  });
});

describe("merges", () => {
  it("refuses a merge that brings in an unrelated history with its own adoption", async () => {
    const repo = await createSelectedRepo();
    repo.startOrphan("elsewhere");
    repo.write(
      intentsPath,
      'active_intents:\n  - id: "INT-001"\n    name: "Everything"\n    status: "IN_PROGRESS"\n    owned_scope: ["**"]\n',
    );
    repo.write("src/billing/invoice.ts", "mine now\n");
    repo.git("add", "-A");
    // A new branch lands on the default branch, where rules are in force: its root is no
    // adoption there, but a rules change mixed with code. Made with the hooks off, it still
    // cannot land on main.
    const adopted = repo.tryGit(["commit", "-q", "-m", "Adopt elsewhere"]);
    expect(adopted.status).toBe(refusedByHook);
    expect(adopted.stderr).toContain("rule: governance_isolation (error)");
    expect(adopted.stderr).toContain("rule: governance_conflict (error)");
    expect(
      repo.tryGit(["commit", "-q", "-m", "Adopt elsewhere"], { env: { INTENTGUARD: "0" } }).status,
    ).toBe(0);
    repo.git("checkout", "-q", "-f", "main");
    const before = repo.head();
    const result = repo.tryGit([
      "merge",
      "--allow-unrelated-histories",
      "-X",
      "theirs",
      "-m",
      "Merge it in",
      "elsewhere",
    ]);
    expectRefused(repo, result, before, "src/billing/invoice.ts");
  });

  it("allows a clean merge made with INTENTGUARD_INTENT set, and traces it", async () => {
    const repo = await createSelectedRepo();
    const base = repo.head();
    docsCommitOnBranch(repo);
    repo.commitFile("src/auth/login.ts", "main side\n", "Main side");
    const result = repo.tryGit(["merge", "--no-ff", "-m", "Merge other", "other"], {
      env: { INTENTGUARD_INTENT: "INT-001" },
    });
    expect(result.status, result.stderr).toBe(0);
    // The branch's commit lands on main too, judged under its own trailer (INT-002), not the
    // environment's: INTENTGUARD_INTENT speaks for the merge this command makes. It carries its
    // record already.
    expect(result.stderr).toContain(
      "✓ intentguard: 2 commits allowed, 1 traced now (the others carry their records)",
    );
    const [record] = noteRecords(repo);
    expect(record?.parents).toHaveLength(2);
    expect(record?.files).toEqual([]);
    expectTracedOnce(repo, base);
  });

  it("traces the merge commit git pull makes", async () => {
    const repo = await createSelectedRepo();
    const remote = path.join(repo.base, "remote.git");
    repo.git("init", "-q", "--bare", remote);
    repo.git("remote", "add", "origin", remote);
    repo.git("push", "-q", "origin", "main");
    const clone = path.join(repo.base, "clone");
    repo.git("clone", "-q", remote, clone);
    repo.run("git", [
      "-C",
      clone,
      "-c",
      "core.hooksPath=/dev/null",
      "commit",
      "-q",
      "--allow-empty",
      "-m",
      "Theirs",
    ]);
    repo.run("git", ["-C", clone, "push", "-q", "origin", "main"]);
    const base = repo.head();
    repo.commitFile("src/auth/login.ts", "ours\n", "Ours");
    const pull = repo.tryGit(["pull", "-q", "--no-rebase", "--no-edit", "origin", "main"]);
    expect(pull.status, pull.stderr).toBe(0);
    expect(repo.git("rev-list", "--parents", "-n1", "HEAD").trim().split(" ")).toHaveLength(3);
    expect(noteRecords(repo).map((record) => record.vcs.revision_id)).toEqual([repo.head()]);
    // The pulled commit came from the remote: not judged or traced here.
    const theirs = repo.git("rev-parse", "HEAD^2").trim();
    expect(noteRecords(repo, theirs)).toEqual([]);
    expect(repo.git("rev-list", "--count", `${base}..HEAD`).trim()).toBe("3");
  });
});

describe("one Node start per commit, and nothing for updates that bring no new commit", () => {
  /** A `node` on PATH that logs each start before running the real one. */
  function countingNode(repo: TestRepo): { env: Record<string, string>; starts: () => string[] } {
    const bin = path.join(repo.base, "counting-bin");
    const log = path.join(repo.base, "node-starts.log");
    repo.write(
      path.relative(repo.dir, path.join(bin, "node")),
      `#!/bin/sh\necho "$*" >> '${log}'\nexec '${process.execPath}' "$@"\n`,
    );
    repo.run("chmod", ["+x", path.join(bin, "node")]);
    const starts = () => {
      const read = repo.run("cat", [log]);
      return read.status === 0 ? read.stdout.split("\n").filter(Boolean) : [];
    };
    return { env: { PATH: `${bin}:${process.env.PATH}` }, starts };
  }

  it("starts Node once for a commit, and never for a branch at an existing commit, a reset to an ancestor, a tag, notes or a stash", async () => {
    const repo = await createSelectedRepo();
    const { env, starts } = countingNode(repo);
    repo.write("src/auth/login.ts", "1\n");
    repo.git("add", "-A");
    expect(repo.tryGit(["commit", "-q", "-m", "One"], { env }).status).toBe(0);
    expect(starts()).toEqual([expect.stringContaining("hook reference-transaction prepared")]);
    for (const args of [
      ["branch", "copy"],
      ["tag", "v1"],
      ["notes", "add", "-m", "a note"],
      ["reset", "-q", "--hard", "HEAD~1"],
      ["checkout", "-q", "-b", "another"],
    ]) {
      expect(repo.tryGit(args, { env }).status, args.join(" ")).toBe(0);
    }
    repo.write("src/auth/login.ts", "stashed\n");
    expect(repo.tryGit(["stash", "-q"], { env }).status).toBe(0);
    expect(starts()).toHaveLength(1);
    // Moving a branch onto another branch's commit lands that commit there: it is judged (once
    // Node), and keeps the record it has.
    const records = noteRecords(repo, repo.git("rev-parse", "copy").trim());
    expect(repo.tryGit(["reset", "-q", "--hard", "copy"], { env }).status).toBe(0);
    expect(starts()).toHaveLength(2);
    expect(noteRecords(repo, repo.head())).toEqual(records);
  });

  it("judges a rebase's commits together, with one Node start when the branch moves", async () => {
    const repo = await createSelectedRepo();
    const base = repo.head();
    for (const n of [1, 2, 3, 4, 5]) repo.commitFile(`src/auth/f${n}.ts`, `${n}\n`, `Commit ${n}`);
    const { env, starts } = countingNode(repo);
    const result = repo.tryGit(["rebase", "-q", "--force-rebase", base], { env });
    expect(result.status, result.stderr).toBe(0);
    expect(starts()).toEqual([expect.stringContaining("hook reference-transaction prepared")]);
    expect(result.stderr).toContain("✓ intentguard: 5 commits allowed and traced");
    expectTracedOnce(repo, base);
  });

  it("judges again a commit that already carries a record (made and traced elsewhere), and keeps its record", async () => {
    const repo = await createSelectedRepo();
    repo.git("checkout", "-q", "-b", "topic");
    repo.commitFile("src/auth/a.ts", "a\n", "A");
    const tip = repo.commitFile("src/auth/b.ts", "b\n", "B");
    repo.git("checkout", "-q", "main");
    repo.git("branch", "-q", "-D", "topic");
    const records = noteRecords(repo, tip).map((record) => record.id);
    const { env, starts } = countingNode(repo);
    const again = repo.tryGit(["branch", "again", tip], { env });
    expect(again.status, again.stderr).toBe(0);
    expect(starts()).toHaveLength(1);
    expect(again.stderr).toContain(
      "✓ intentguard: 2 commits allowed, 0 traced now (the others carry their records)",
    );
    expect(noteRecords(repo, tip).map((record) => record.id)).toEqual(records);
  });
});

describe("a record exists only for a commit that landed", () => {
  it("withdraws the records when git aborts the update after the hook allowed it", async () => {
    const repo = await createSelectedRepo();
    repo.write("src/auth/login.ts", "never lands\n");
    repo.git("add", "-A");
    const tree = repo.git("write-tree").trim();
    const commit = repo
      .run("git", ["commit-tree", tree, "-p", "HEAD", "-m", "Never lands\n\nIntent: INT-001"])
      .stdout.trim();
    const before = repo.head();
    const input = `start\nupdate refs/heads/main ${commit} ${before}\nprepare\nabort\n`;
    const result = repo.tryGit(["update-ref", "--stdin"], { input });
    expect(result.status, result.stderr).toBe(0);
    expect(result.stderr).toContain("✓ intentguard: allowed — INT-001 (Auth), 1 path in scope");
    expect(repo.head()).toBe(before);
    expect(noteRecords(repo, commit)).toEqual([]);
    const events = ledgerEvents(repo);
    const traced = events.find(
      (event) => event.event === "commit_traced" && event.commit === commit,
    );
    expect(events.at(-1)).toMatchObject({
      event: "trace_withdrawn",
      commit,
      record_id: traced?.record_id,
    });
  });
});

describe("history intentguard does not govern", () => {
  it("lets an orphan branch without intents (gh-pages) commit, untraced, once the repository has adopted", async () => {
    const repo = await createSelectedRepo();
    repo.startOrphan("gh-pages");
    repo.write("index.html", "<h1>Docs</h1>\n");
    repo.git("add", "-A");
    const result = repo.tryGit(["commit", "-q", "-m", "Publish"], {
      env: { INTENTGUARD_INTENT: undefined },
    });
    expect(result.status, result.stderr).toBe(0);
    expect(noteRecords(repo)).toEqual([]);
  });
});

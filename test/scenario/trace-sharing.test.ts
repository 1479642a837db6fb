import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createGovernedRepo, type TestRepo } from "../support/test-repo.js";
import { ledgerEvents, noteRecords } from "../support/traces.js";

/** Runs git asynchronously, so that several commits really overlap. */
function gitAsync(
  repo: TestRepo,
  args: string[],
  cwd: string,
): Promise<{ status: number; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn("git", args, { cwd, env: repo.env, stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    child.on("close", (status) => resolve({ status: status ?? -1, stderr }));
  });
}

async function repoWithRemote(): Promise<{ repo: TestRepo; remote: string }> {
  const repo = await createGovernedRepo();
  expect(repo.intentguard(["select", "INT-001"]).status).toBe(0);
  const remote = path.join(repo.base, "remote.git");
  repo.run("git", ["init", "-q", "--bare", remote]);
  repo.git("remote", "add", "origin", remote);
  return { repo, remote };
}

describe("sharing the trace through git notes", () => {
  it("pushes the notes with the branch, and a clone fetches them", async () => {
    const { repo, remote } = await repoWithRemote();
    const head = repo.commitFile("src/auth/login.ts", "shared\n", "Shared change");
    const byHand = repo.intentguard(["trace", "push"]);
    expect(byHand.status).toBe(0);
    expect(byHand.stdout).toBe("intentguard: pushed refs/notes/intentguard to origin\n");
    expect(repo.tryGit(["push", "-q", "origin", "main"]).status).toBe(0);
    const remoteNotes = repo.run("git", [
      "--git-dir",
      remote,
      "notes",
      "--ref=refs/notes/intentguard",
      "list",
      head,
    ]);
    expect(remoteNotes.status).toBe(0);
    const clone = path.join(repo.base, "clone");
    repo.run("git", ["clone", "-q", remote, clone]);
    expect(repo.intentguard(["trace", "show", head], { cwd: clone }).status).toBe(1);
    const fetched = repo.intentguard(["trace", "fetch"], { cwd: clone });
    expect(fetched.stdout).toContain("merged origin's trace notes");
    const show = repo.intentguard(["trace", "show", head, "--json"], { cwd: clone });
    expect(JSON.parse(show.stdout)[0].vcs.revision_id).toBe(head);
  });

  it("says a clone has no notes at all, and how to fetch them, in show, log and verify", async () => {
    const { repo } = await repoWithRemote();
    const head = repo.commitFile("src/auth/login.ts", "local\n", "Change");
    repo.gitWithoutHooks("update-ref", "-d", "refs/notes/intentguard");
    const hint =
      "no trace records in this clone (refs/notes/intentguard does not exist); fetch the team's: intentguard trace fetch";
    const show = repo.intentguard(["trace", "show"]);
    expect(show.status).toBe(1);
    expect(show.stderr).toBe(`intentguard: ${head} has no trace record: ${hint}\n`);
    const log = repo.intentguard(["trace", "log"]);
    expect(log.status).toBe(0);
    expect(log.stdout).toBe("No traced commits.\n");
    expect(log.stderr).toBe(`intentguard: ${hint}\n`);
    const verify = repo.intentguard(["trace", "verify"]);
    expect(verify.status).toBe(1);
    expect(verify.stdout).toContain(`${head.slice(0, 12)} untraced: no trace record`);
    expect(verify.stderr).toBe(`intentguard: ${hint}\n`);
  });

  it("merges notes that diverged from the remote's and pushes without forcing", async () => {
    const { repo, remote } = await repoWithRemote();
    repo.commitFile("src/auth/one.ts", "1\n", "One");
    expect(repo.tryGit(["push", "-q", "origin", "main"]).status).toBe(0);
    const clone = path.join(repo.base, "clone");
    repo.run("git", ["clone", "-q", remote, clone]);
    expect(repo.intentguard(["install"], { cwd: clone }).status).toBe(0);
    expect(repo.intentguard(["trace", "fetch"], { cwd: clone }).status).toBe(0);
    expect(repo.intentguard(["select", "INT-001"], { cwd: clone }).status).toBe(0);
    repo.tryGit(["checkout", "-q", "-b", "other"], { cwd: clone });
    const theirs = repo.commitFile("src/auth/two.ts", "2\n", "Two", { cwd: clone });
    expect(repo.tryGit(["push", "-q", "origin", "other"], { cwd: clone }).status).toBe(0);
    const ours = repo.commitFile("src/auth/three.ts", "3\n", "Three");
    const push = repo.tryGit(["push", "-q", "origin", "main"]);
    expect(push.status).toBe(0);
    expect(push.stderr).not.toContain("could not push");
    for (const commit of [theirs, ours]) {
      const note = repo.run("git", [
        "--git-dir",
        remote,
        "notes",
        "--ref=refs/notes/intentguard",
        "show",
        commit,
      ]);
      expect(JSON.parse(note.stdout.trim()).vcs.revision_id).toBe(commit);
    }
  });

  it("leaves the notes to a push that names them itself: explicit refspec, --mirror", async () => {
    const { repo, remote } = await repoWithRemote();
    repo.commitFile("src/auth/n.ts", "n\n", "N");
    const explicit = repo.tryGit(["push", "-q", "origin", "main", "refs/notes/intentguard"]);
    expect({ status: explicit.status, stderr: explicit.stderr }).toEqual({ status: 0, stderr: "" });
    const local = repo.git("rev-parse", "refs/notes/intentguard").trim();
    const served = () =>
      repo.run("git", ["--git-dir", remote, "rev-parse", "refs/notes/intentguard"]).stdout.trim();
    expect(served()).toBe(local);
    repo.commitFile("src/auth/m.ts", "m\n", "M");
    const mirror = repo.tryGit(["push", "-q", "--mirror", "origin"]);
    expect({ status: mirror.status, stderr: mirror.stderr }).toEqual({ status: 0, stderr: "" });
    expect(served()).toBe(repo.git("rev-parse", "refs/notes/intentguard").trim());
  });

  it("never blocks a push because of the notes", async () => {
    const { repo, remote } = await repoWithRemote();
    // A server that accepts branches but refuses notes.
    const receive = path.join(remote, "hooks", "pre-receive");
    repo.write(
      path.relative(repo.dir, receive),
      '#!/bin/sh\nif grep -q refs/notes/; then echo "notes not accepted here" >&2; exit 1; fi\n',
    );
    repo.run("chmod", ["+x", receive]);
    const head = repo.commitFile("src/auth/x.ts", "x\n", "X");
    const push = repo.tryGit(["push", "-q", "origin", "main"]);
    expect(push.status).toBe(0);
    expect(repo.run("git", ["--git-dir", remote, "rev-parse", "main"]).stdout.trim()).toBe(head);
    // One line, with what the server said (its hook's refusal), not the tail of git's last line.
    const said = push.stderr.split("\n").find((line) => line.startsWith("intentguard: could not"));
    expect(said).toMatch(
      /^intentguard: could not push refs\/notes\/intentguard to origin; git said: .*notes not accepted here.*pre-receive hook declined.*\. Your push goes on; retry the traces with: intentguard trace push origin$/,
    );
  });

  it("escapes a remote's name, and keeps the end of what git said, where its verdict is", async () => {
    const { repo, remote } = await repoWithRemote();
    repo.commitFile("src/auth/z.ts", "z\n", "Z");
    const odd = repo.intentguard(["trace", "push", "ev\u001b[31mil\u202e"]);
    expect(odd.status).toBe(2);
    expect(odd.stderr).toContain("to ev\\u001b[31mil\\u202e; git said:");
    expect([odd.stderr.includes("\u001b"), odd.stderr.includes("\u202e")]).toEqual([false, false]);
    const receive = path.join(remote, "hooks", "pre-receive");
    writeFileSync(receive, `#!/bin/sh\nyes banner | head -c 200000 >&2\nexit 1\n`, { mode: 0o755 });
    const long = repo.intentguard(["trace", "push", "origin"]);
    expect(long.status).toBe(2);
    expect(long.stderr).toMatch(/; git said: ….*pre-receive hook declined.*\n$/);
    expect(long.stderr.length).toBeLessThan(1000);
  });

  it("refuses, rather than crashing, a remote whose notes ref names a blob", async () => {
    const { repo, remote } = await repoWithRemote();
    repo.commitFile("src/auth/b.ts", "b\n", "B");
    const blob = repo
      .run("git", ["--git-dir", remote, "hash-object", "-w", "--stdin"], { input: "x\n" })
      .stdout.trim();
    repo.run("git", ["--git-dir", remote, "update-ref", "refs/notes/intentguard", blob]);
    for (const command of ["fetch", "push"]) {
      const refused = repo.intentguard(["trace", command, "origin"]);
      expect({ status: refused.status, stdout: refused.stdout }).toEqual({ status: 2, stdout: "" });
      expect(refused.stderr).toContain(
        "origin's refs/notes/intentguard names a blob or a tree, not a notes commit",
      );
      expect(refused.stderr).not.toContain("internal error");
    }
    const pushed = repo.tryGit(["push", "-q", "origin", "main"]);
    expect(pushed.status).toBe(0);
    expect(pushed.stderr).toContain("names a blob or a tree, not a notes commit");
  });

  it("says why trace push and trace fetch failed, in git's words, with exit 2", async () => {
    const { repo } = await repoWithRemote();
    repo.commitFile("src/auth/y.ts", "y\n", "Y");
    repo.git("remote", "add", "gone", path.join(repo.base, "no-such-server.git"));
    for (const [command, direction] of [
      ["push", "to"],
      ["fetch", "from"],
    ] as const) {
      const failed = repo.intentguard(["trace", command, "gone"]);
      expect({ status: failed.status, stdout: failed.stdout }).toEqual({ status: 2, stdout: "" });
      expect(failed.stderr).toMatch(
        new RegExp(
          `^intentguard: could not ${command} refs/notes/intentguard ${direction} gone; git said: fatal: '[^']*no-such-server\\.git' does not appear to be a git repository fatal: Could not read from remote repository\\. Please make sure you have the correct access rights and the repository exists\\.\n$`,
        ),
      );
    }
  });

  it("keeps 20 records and an intact ledger when 4 linked work trees commit at once", async () => {
    const repo = await createGovernedRepo();
    const worktrees = [0, 1, 2, 3].map((index) => path.join(repo.base, `wt${index}`));
    worktrees.forEach((dir, index) => {
      repo.git("worktree", "add", "-q", "-b", `w${index}`, dir);
      expect(repo.intentguard(["select", "INT-001"], { cwd: dir }).status).toBe(0);
    });
    await Promise.all(
      worktrees.map(async (dir, index) => {
        for (let round = 0; round < 5; round++) {
          repo.write(
            path.relative(repo.dir, path.join(dir, `src/auth/w${index}-${round}.ts`)),
            `${round}\n`,
          );
          expect((await gitAsync(repo, ["add", "-A"], dir)).status).toBe(0);
          const commit = await gitAsync(
            repo,
            ["commit", "-q", "-m", `w${index} round ${round}`],
            dir,
          );
          expect(commit.status, commit.stderr).toBe(0);
          expect(commit.stderr).not.toContain("could not record");
        }
      }),
    );
    const commits = worktrees.flatMap((_, index) =>
      repo.git("rev-list", `main..w${index}`).trim().split("\n"),
    );
    expect(commits).toHaveLength(20);
    for (const commit of commits)
      expect(noteRecords(repo, commit).map((record) => record.vcs.revision_id)).toEqual([commit]);
    const traced = ledgerEvents(repo).filter((event) => event.event === "commit_traced");
    expect(commits.every((commit) => traced.some((event) => event.commit === commit))).toBe(true);
    for (const [index, dir] of worktrees.entries()) {
      const verify = repo.intentguard(["trace", "verify", "--range", `main..w${index}`], {
        cwd: dir,
      });
      expect(verify.status, verify.stdout).toBe(0);
    }
  }, 180_000); // 20 commits through the hooks at once: minutes on a loaded 2-core machine
});

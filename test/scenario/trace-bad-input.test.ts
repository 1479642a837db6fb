import { spawn } from "node:child_process";
import { appendFileSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createGovernedRepo, type TestRepo } from "../support/test-repo.js";
import { ledgerEvents, noteRecords } from "../support/traces.js";

async function tracedRepo(commits = 2): Promise<TestRepo> {
  const repo = await createGovernedRepo();
  expect(repo.intentguard(["select", "INT-001"]).status).toBe(0);
  for (let index = 0; index < commits; index++) {
    repo.write(`src/auth/file${index}.ts`, `export const value = ${index};\n`);
    repo.git("add", "-A");
    expect(repo.commit(`Commit ${index}`).status).toBe(0);
  }
  expect(repo.intentguard(["trace", "verify"]).status).toBe(0);
  return repo;
}

const ledgerFile = (repo: TestRepo) => path.join(repo.dir, ".orchestration/agent_trace.jsonl");

function verify(repo: TestRepo) {
  const result = repo.intentguard(["trace", "verify"]);
  expect(result.stderr).not.toMatch(/\n\s+at .+:\d+:\d+/);
  return result;
}

describe("trace verify reports what is wrong, each with exit 1", () => {
  it("a garbled line in the middle of the ledger", async () => {
    const repo = await tracedRepo();
    const lines = readFileSync(ledgerFile(repo), "utf8").split("\n");
    lines[1] = "{garbage";
    writeFileSync(ledgerFile(repo), lines.join("\n"));
    const result = verify(repo);
    expect(result.status).toBe(1);
    expect(result.stdout).toContain("line 2: garbled — not JSON: {garbage");
    expect(result.stdout).toContain("line 3: prev mismatch");
  });

  it("an edited line: the next line's prev no longer matches", async () => {
    const repo = await tracedRepo();
    const lines = readFileSync(ledgerFile(repo), "utf8").split("\n");
    lines[1] = (lines[1] ?? "").replace('"intent_id":"INT-001"', '"intent_id":"INT-002"');
    writeFileSync(ledgerFile(repo), lines.join("\n"));
    const result = verify(repo);
    expect(result.status).toBe(1);
    expect(result.stdout).toMatch(/line 3: prev mismatch — prev does not match line 2/);
  });

  it("a torn last line: reported; the next append keeps and marks it", async () => {
    const repo = await tracedRepo();
    appendFileSync(ledgerFile(repo), '{"seq":99,"event":"commit_tr');
    const torn = verify(repo);
    expect(torn.status).toBe(1);
    expect(torn.stdout).toMatch(/line \d+: torn — the last line was never finished/);
    repo.write("src/auth/after.ts", "after\n");
    repo.git("add", "-A");
    const commit = repo.commit("After the crash");
    expect(commit.status).toBe(0);
    expect(commit.stderr).toContain("the ledger's last line");
    const text = readFileSync(ledgerFile(repo), "utf8");
    expect(text).toContain('{"seq":99,"event":"commit_tr\n');
    const marked = verify(repo);
    expect(marked.status, marked.stdout).toBe(0);
    expect(marked.stdout).toMatch(/torn — cut short by a crash, kept and marked/);
  });

  it("a note that is not JSON", async () => {
    const repo = await tracedRepo();
    repo.gitWithoutHooks(
      "notes",
      "--ref=refs/notes/intentguard",
      "add",
      "-f",
      "-m",
      "not json at all",
      "HEAD",
    );
    const result = verify(repo);
    expect(result.status).toBe(1);
    expect(result.stdout).toContain("invalid: note line 1 is not JSON");
  });

  it("a note whose hashes do not match the commit", async () => {
    const repo = await tracedRepo();
    const [record] = noteRecords(repo);
    const tampered = JSON.parse(JSON.stringify(record));
    tampered.files[0].ranges[0].content_hash = `sha256:${"0".repeat(64)}`;
    repo.gitWithoutHooks(
      "notes",
      "--ref=refs/notes/intentguard",
      "add",
      "-f",
      "-m",
      JSON.stringify(tampered),
      "HEAD",
    );
    const result = verify(repo);
    expect(result.status).toBe(1);
    expect(result.stdout).toContain("tampered: src/auth/file1.ts: ranges differ");
  });

  it("a missing notes ref: every commit since adoption is untraced", async () => {
    const repo = await tracedRepo();
    repo.gitWithoutHooks("update-ref", "-d", "refs/notes/intentguard");
    const result = verify(repo);
    expect(result.status).toBe(1);
    expect(result.stdout.match(/untraced: no trace record/g)).toHaveLength(3);
    const show = repo.intentguard(["trace", "show"]);
    expect(show.status).toBe(1);
    expect(show.stderr).toContain("has no trace record");
  });

  it("a notes ref locked by a concurrent writer: the commit stands, reported as untraced", async () => {
    const repo = await tracedRepo(1);
    repo.write(".git/refs/notes/intentguard.lock", "");
    repo.write("src/auth/locked.ts", "x\n");
    repo.git("add", "-A");
    const commit = repo.commit("While the notes are locked");
    expect(commit.status).toBe(0);
    expect(commit.stderr).toContain(
      `reference-transaction could not record the trace of ${repo.head().slice(0, 12)}`,
    );
    expect(ledgerEvents(repo).at(-1)).toMatchObject({
      event: "hook_error",
      hook: "reference-transaction",
    });
    const result = verify(repo);
    expect(result.status).toBe(1);
    expect(result.stdout).toContain(`${repo.head().slice(0, 12)} untraced`);
  });

  it("intentguard's locks held by a live process: the commit says so at once, and lands traced when it ends", async () => {
    const repo = await tracedRepo(1);
    const holder = spawn("tail", ["-f", "/dev/null"]);
    try {
      const since = "2026-03-01T09:00:00.000Z";
      const ledgerLock = `${ledgerFile(repo)}.lock`;
      for (const lock of [ledgerLock, path.join(repo.dir, ".git/intentguard/notes.lock")]) {
        writeFileSync(lock, `${holder.pid} ${os.hostname()} ${since}\n`);
      }
      repo.write("src/auth/waited.ts", "x\n");
      repo.git("add", "-A");
      const commit = spawn("git", ["commit", "-q", "-m", "While the locks are held"], {
        cwd: repo.dir,
        env: repo.env,
      });
      const waiting = `intentguard: waiting for ${ledgerLock}, held by process ${holder.pid} on ${os.hostname()} (since ${since}); up to 10 s.\n`;
      let stderr = "";
      // The holder ends once the hook says it waits for it (after a second of waiting: when,
      // by the clock, is test/unit/file-lock.test.ts's to check), not after some time.
      const said = new Promise<void>((resolve) => {
        commit.stderr.on("data", (chunk) => {
          stderr += chunk;
          if (stderr.includes(waiting)) resolve();
        });
      });
      const exited = new Promise((resolve) => commit.on("close", resolve));
      await Promise.race([said, exited]);
      expect(stderr).toContain(waiting);
      holder.kill("SIGKILL");
      expect(await exited).toBe(0);
      expect(stderr).not.toContain("could not");
      expect(stderr.match(/waiting for/g)).toHaveLength(1);
      expect(noteRecords(repo, "HEAD")).toHaveLength(1);
      expect(verify(repo).status).toBe(0);
    } finally {
      holder.kill("SIGKILL");
    }
  });

  it("a notes ref pointing at a blob: exit 2 with the fix, for every reader", async () => {
    const repo = await tracedRepo(1);
    const blob = repo.git("hash-object", "-w", "--stdin").trim();
    repo.gitWithoutHooks("update-ref", "refs/notes/intentguard", blob);
    for (const args of [
      ["trace", "show", "HEAD"],
      ["trace", "log"],
      ["trace", "verify"],
    ]) {
      expect(repo.intentguard(args)).toMatchObject({
        status: 2,
        stdout: "",
        stderr: `intentguard: refs/notes/intentguard points at ${blob}, which git cannot read as notes (it is no notes commit: written there by hand or by another tool), so no trace record can be read. Point it back at the last good notes commit (git reflog refs/notes/intentguard, then INTENTGUARD=0 git update-ref refs/notes/intentguard <commit>: the hooks refuse any other writer of it), or remove it (INTENTGUARD=0 git update-ref -d refs/notes/intentguard) and fetch the team's notes again with intentguard trace fetch.\n`,
      });
    }
  });

  it("a range git cannot resolve (exit 2)", async () => {
    const repo = await tracedRepo(0);
    const result = repo.intentguard(["trace", "verify", "--range", "nope..HEAD"]);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('"nope..HEAD" is not a commit range git can resolve');
  });
});

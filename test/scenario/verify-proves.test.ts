import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { TraceRecord, TraceRecordV2 } from "../../src/core/trace/record-schema.js";
import { createGovernedRepo, type TestRepo } from "../support/test-repo.js";
import {
  expectRangesMatchContent,
  independentLineHashes,
  ledgerEvents,
  noteRecords,
} from "../support/traces.js";

/**
 * Each claim of docs/trust-model.md's "What verify proves", against real git: an edit of each kind is found
 * (exit 1, the issue named), and what is out of reach stays documented as such.
 */

async function tracedRepo(commits = 2): Promise<TestRepo> {
  const repo = await createGovernedRepo();
  expect(repo.intentguard(["select", "INT-001"]).status).toBe(0);
  for (let index = 0; index < commits; index++) {
    repo.commitFile(
      `src/auth/file${index}.ts`,
      `export const value = ${index};\n`,
      `Commit ${index}`,
    );
  }
  expect(verify(repo).status).toBe(0);
  return repo;
}

const ledgerFile = (repo: TestRepo) => path.join(repo.dir, ".orchestration/agent_trace.jsonl");

function verify(repo: TestRepo, args: string[] = []) {
  const result = repo.intentguard(["trace", "verify", ...args]);
  expect(result.stderr).not.toMatch(/\n\s+at .+:\d+:\d+/);
  return result;
}

function replaceNote(repo: TestRepo, record: unknown, rev = "HEAD"): void {
  const text = JSON.stringify(record);
  repo.gitWithoutHooks("notes", "--ref=refs/notes/intentguard", "add", "-f", "-m", text, rev);
}

/** A version-2 record as version 1 wrote it: no version, a contributor on every file. */
function asVersion1(record: TraceRecord): TraceRecord {
  const { version: _version, contributor, ...rest } = record as TraceRecordV2;
  return {
    ...rest,
    files: rest.files.map((file) => ({
      ...file,
      contributor: file.contributor ?? contributor,
      ranges: file.ranges.map(({ contributor: _who, evidence: _evidence, ...range }) => range),
    })),
  } as TraceRecord;
}

function headRecord(repo: TestRepo): TraceRecord {
  const [record] = noteRecords(repo);
  if (!record) throw new Error("HEAD has no record");
  return record;
}

const everything = `active_intents:\n  - id: "INT-001"\n    name: "All"\n    status: "IN_PROGRESS"\n    owned_scope: ["**"]\n`;

/** JSON with every object's keys sorted: the record digest's canonical form, written here anew. */
function sortedJson(value: unknown): string {
  return JSON.stringify(value, (_key, field) =>
    field && typeof field === "object" && !Array.isArray(field)
      ? Object.fromEntries(Object.entries(field).sort(([a], [b]) => a.localeCompare(b, "en")))
      : field,
  );
}

const ledgerLines = (repo: TestRepo) => readFileSync(ledgerFile(repo), "utf8").split("\n");

describe("verify holds each record to its commit", () => {
  it("an intent_id edited by hand differs from the commit's Intent: trailer", async () => {
    const repo = await tracedRepo();
    const { ledger: _anchor, ...record } = headRecord(repo);
    replaceNote(repo, { ...record, intent_id: "INT-002" });
    const result = verify(repo);
    expect(result.status).toBe(1);
    expect(result.stdout).toContain(
      `tampered: intent_id is "INT-002", but the commit's Intent: trailer says "INT-001"`,
    );
  });

  it("parents and object IDs are checked with the hashes", async () => {
    const repo = await tracedRepo();
    const record = headRecord(repo);
    const file = record.files[0];
    if (!file?.after) throw new Error("no file");
    replaceNote(repo, {
      ...record,
      parents: [record.vcs.revision_id],
      files: [{ ...file, after: { ...file.after, oid: "0".repeat(40) } }],
    });
    const result = verify(repo);
    expect(result.status).toBe(1);
    expect(result.stdout).toContain("tampered: parents differ from the commit's");
    expect(result.stdout).toContain("src/auth/file1.ts: operation, modes or blob hashes differ");
  });
});

describe("verify holds line_hashes to the content, and does not require them", () => {
  /** The record with one range's line hashes replaced (or removed, with undefined). */
  function withLineHashes(record: TraceRecord, lineHashes: string[] | undefined): TraceRecord {
    // Only version 1 lets a range go without line hashes: such a record is rewritten as one.
    const shaped = lineHashes === undefined ? asVersion1(record) : record;
    return {
      ...shaped,
      files: (shaped.files as TraceRecord["files"][number][]).map((file) => ({
        ...file,
        ranges: file.ranges.map(({ line_hashes: _hashes, ...range }) =>
          lineHashes === undefined ? range : { ...range, line_hashes: lineHashes },
        ),
      })),
    } as TraceRecord;
  }

  it("an edited line hash is tampered, naming its range and line", async () => {
    const repo = await tracedRepo();
    const record = headRecord(repo);
    const [recomputed] = independentLineHashes(repo, "HEAD", "src/auth/file1.ts", 1, 1);
    expect(record.files[0]?.ranges[0]?.line_hashes).toEqual([recomputed]);
    replaceNote(repo, withLineHashes(record, ["0".repeat(16)]));
    const result = verify(repo);
    expect(result.status).toBe(1);
    expect(result.stdout).toContain(
      `tampered: src/auth/file1.ts: line_hashes of range 1-1 differ from the content (line 1: recorded ${"0".repeat(16)}, recomputed ${recomputed})`,
    );
  });

  it("a record without line_hashes (an older intentguard's, from a teammate) verifies", async () => {
    const repo = await withTeammateCommit();
    const record = headRecord(repo);
    expect(record.files[0]?.ranges[0]?.line_hashes).toHaveLength(1);
    replaceNote(repo, withLineHashes(record, undefined));
    expect(noteRecords(repo)[0]?.files[0]?.ranges[0]).not.toHaveProperty("line_hashes");
    const result = verify(repo);
    expect(result.status, result.stdout).toBe(0);
  });

  it("removed from a record written here: not tampered, but no longer the record the ledger logged", async () => {
    const repo = await tracedRepo();
    replaceNote(repo, withLineHashes(headRecord(repo), undefined));
    const result = verify(repo);
    expect(result.stdout).not.toContain("tampered:");
    expect(result.stdout).toMatch(/the record is not the one ledger line \d+ recorded/);
  });
});

describe("verify holds each record written here to this clone's ledger", () => {
  it("each record anchors its commit_traced line, which carries the record's digest", async () => {
    const repo = await tracedRepo();
    const record = headRecord(repo);
    const line = ledgerLines(repo)[(record.ledger?.seq ?? 0) - 1] ?? "";
    expect(JSON.parse(line)).toMatchObject({
      event: "commit_traced",
      commit: repo.head(),
      record_id: record.id,
    });
    expect(record.ledger?.line_hash).toBe(
      `sha256:${createHash("sha256").update(line).digest("hex")}`,
    );
    const { ledger: _anchor, ...rest } = record;
    expect(JSON.parse(line).record_sha256).toBe(
      `sha256:${createHash("sha256").update(sortedJson(rest)).digest("hex")}`,
    );
    const result = verify(repo);
    expect(result.stdout).toContain(
      "records: 3 anchored in this clone's ledger (checked against it)",
    );
  });

  it.each([
    ["id", { id: "6f1c1d2e-1111-4222-8333-944455556666" }],
    ["timestamp", { timestamp: "2020-01-01T00:00:00.000Z" }],
  ])("an edited %s no longer matches the digest the ledger recorded", async (_field, edit) => {
    const repo = await tracedRepo();
    const record = headRecord(repo);
    replaceNote(repo, { ...record, ...edit });
    const result = verify(repo);
    expect(result.status).toBe(1);
    expect(result.stdout).toMatch(
      /ledger: (ledger line \d+ does not record this commit's record|the record is not the one ledger line \d+ recorded)/,
    );
  });

  it("an edited contributor, even with the anchor removed, is found against the ledger's line", async () => {
    const repo = await tracedRepo();
    const { ledger: anchor, ...record } = headRecord(repo);
    const edited = {
      ...record,
      contributor: { entity_type: "AI", model_identifier: "someone/else" },
    };
    replaceNote(repo, { ...edited, ledger: anchor });
    expect(verify(repo).stdout).toContain(
      `the record is not the one ledger line ${anchor?.seq} recorded (its digest differs): it was edited after it was written`,
    );
    replaceNote(repo, edited);
    const stripped = verify(repo);
    expect(stripped.status).toBe(1);
    expect(stripped.stdout).toContain(
      `the record is not the one ledger line ${anchor?.seq} recorded`,
    );
  });

  it("a record id swapped for another, anchor removed: the ledger traced the commit as a different record", async () => {
    const repo = await tracedRepo();
    const { ledger: _anchor, ...record } = headRecord(repo);
    replaceNote(repo, { ...record, id: "6f1c1d2e-1111-4222-8333-944455556666" });
    const result = verify(repo);
    expect(result.status).toBe(1);
    expect(result.stdout).toContain(
      `traced the commit as record ${record.id}, but its note holds record 6f1c1d2e-1111-4222-8333-944455556666`,
    );
  });

  it("the ledger's last line edited", async () => {
    const repo = await tracedRepo();
    const lines = ledgerLines(repo);
    const last = lines.length - 2; // the file ends with a newline
    lines[last] = (lines[last] ?? "").replace('"lines":1', '"lines":7');
    writeFileSync(ledgerFile(repo), lines.join("\n"));
    const result = verify(repo);
    expect(result.status).toBe(1);
    expect(result.stdout).toContain(
      `ledger line ${last + 1} is not the line the record anchors: it was edited`,
    );
  });

  it("the ledger's tail truncated", async () => {
    const repo = await tracedRepo();
    const lines = ledgerLines(repo);
    writeFileSync(ledgerFile(repo), `${lines.slice(0, -2).join("\n")}\n`);
    const result = verify(repo);
    expect(result.status).toBe(1);
    expect(result.stdout).toContain(
      `the record anchors ledger line ${lines.length - 1}, but this clone's ledger has ${lines.length - 2} lines: it was truncated or deleted`,
    );
  });

  it("the ledger deleted: every record written here names a line that is gone", async () => {
    const repo = await tracedRepo();
    rmSync(ledgerFile(repo));
    const result = verify(repo);
    expect(result.status).toBe(1);
    // The adoption commit's record and the two commits'.
    expect(result.stdout.match(/it was truncated or deleted/g)).toHaveLength(3);
  });

  it("an update aborted after its records were written: they are withdrawn, and nothing is missing", async () => {
    const repo = await tracedRepo(1);
    repo.write("src/auth/file0.ts", "export const value = 2;\n");
    repo.git("add", "-A");
    const abort = repo.run("git", ["update-ref", "--stdin"], {
      input: `start\nupdate refs/heads/main ${repo.git("commit-tree", repo.git("write-tree").trim(), "-p", "HEAD", "-m", "Pick\n\nIntent: INT-001").trim()}\nprepare\nabort\n`,
    });
    expect(abort.status).toBe(0);
    expect(ledgerEvents(repo).at(-1)).toMatchObject({ event: "trace_withdrawn" });
    expect(verify(repo).status).toBe(0);
  });
});

/** A repository whose HEAD is a teammate's commit, traced in the teammate's clone and fetched. */
async function withTeammateCommit(): Promise<TestRepo> {
  const repo = await tracedRepo(1);
  const remote = path.join(repo.base, "remote.git");
  repo.git("init", "-q", "--bare", remote);
  repo.git("remote", "add", "origin", remote);
  repo.git("push", "-q", "-u", "origin", "main");
  const clone = path.join(repo.base, "clone");
  repo.run("git", ["clone", "-q", remote, clone]);
  expect(repo.intentguard(["install"], { cwd: clone }).status).toBe(0);
  expect(repo.intentguard(["select", "INT-001"], { cwd: clone }).status).toBe(0);
  repo.commitFile("src/auth/theirs.ts", "theirs\n", "Theirs", { cwd: clone });
  expect(repo.tryGit(["push", "-q", "origin", "main"], { cwd: clone }).status).toBe(0);
  expect(repo.tryGit(["pull", "-q", "--ff-only"]).status).toBe(0);
  expect(repo.intentguard(["trace", "fetch"]).status).toBe(0);
  return repo;
}

describe("what reaches verify from other clones", () => {
  it("a teammate's records are recomputed and counted apart; their anchors are theirs", async () => {
    const repo = await withTeammateCommit();
    const result = verify(repo);
    expect(result.status, result.stdout).toBe(0);
    expect(result.stdout).toContain(
      "records: 2 anchored in this clone's ledger (checked against it), 1 in other clones' ledgers, 0 without an anchor",
    );
    const record = headRecord(repo);
    replaceNote(repo, { ...record, intent_id: "INT-002" });
    expect(verify(repo).stdout).toContain(`tampered: intent_id is "INT-002"`);
  });

  it("out of reach: a teammate's record forged with a new id and contributor verifies", async () => {
    const repo = await withTeammateCommit();
    const record = headRecord(repo);
    replaceNote(repo, {
      ...record,
      id: "6f1c1d2e-1111-4222-8333-944455556666",
      contributor: { entity_type: "HUMAN", name: "Someone Else" },
    });
    expect(verify(repo).status).toBe(0);
  });

  it("out of reach: the ledger and the clone's identity both deleted, records look like another clone's", async () => {
    const repo = await tracedRepo(1);
    rmSync(ledgerFile(repo));
    rmSync(path.join(repo.dir, ".git/intentguard/clone-id"));
    const result = verify(repo);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain(
      "records: 0 anchored in this clone's ledger (checked against it), 2 in other clones' ledgers",
    );
  });

  it("out of reach: a line appended to the ledger by hand, chained correctly, verifies", async () => {
    const repo = await tracedRepo(1);
    const lines = ledgerLines(repo);
    const last = lines.at(-2) ?? "";
    const forged = JSON.stringify({
      seq: lines.length,
      prev: `sha256:${createHash("sha256").update(last).digest("hex")}`,
      timestamp: "2026-03-01T09:00:00.000Z",
      event: "intent_selected",
      intent_id: "INT-002",
      work_tree: repo.dir,
    });
    writeFileSync(ledgerFile(repo), `${lines.join("\n")}${forged}\n`);
    expect(verify(repo).status).toBe(0);
  });
});

describe("records are computed from content, never from attributes or configuration", () => {
  it("-diff, binary and a textconv driver, in .gitattributes and info/attributes, change nothing", async () => {
    const repo = await createGovernedRepo({ intents: everything });
    expect(repo.intentguard(["select", "INT-001"]).status).toBe(0);
    repo.git("config", "diff.upper.textconv", "tr a-z A-Z");
    repo.git("config", "diff.noprefix", "true");
    repo.git("config", "diff.renames", "false");
    repo.git("config", "core.quotePath", "false");
    repo
      .commitFile(".gitattributes", "*.ts diff=upper\n", "Attributes", {
        env: { INTENTGUARD_INTENT: "INT-001" },
      })
      .toString();
    repo.write(".git/info/attributes", "*.ts -diff\nsrc/auth/b.ts binary\n");
    repo.write("src/auth/b.ts", "one\ntwo\n");
    repo.commitFile("src/auth/a.ts", "alpha\nbeta\n", "Two files");
    const record = headRecord(repo);
    expect(record.files.map((file) => [file.relative_path, file.ranges.length])).toEqual([
      ["src/auth/a.ts", 1],
      ["src/auth/b.ts", 1],
    ]);
    expect(expectRangesMatchContent(repo, record)).toBe(2);
    expect(verify(repo).status).toBe(0);
    rmSync(path.join(repo.dir, ".git/info/attributes"));
    repo.git("config", "--unset", "diff.upper.textconv");
    expect(verify(repo).status).toBe(0);
  });

  it("a file is binary by its content (a NUL in its first 8000 bytes), not by its name", async () => {
    const repo = await createGovernedRepo();
    expect(repo.intentguard(["select", "INT-001"]).status).toBe(0);
    repo.write(".git/info/attributes", "*.bin text diff\n");
    repo.write("src/auth/data.bin", Buffer.from([0x61, 0x0a, 0x00, 0x62, 0x0a]));
    repo.commitFile("src/auth/text.bin", "plain\n", "Data");
    const record = headRecord(repo);
    const ranges = Object.fromEntries(
      record.files.map((file) => [file.relative_path, file.ranges.length]),
    );
    expect(ranges).toEqual({ "src/auth/data.bin": 0, "src/auth/text.bin": 1 });
    expect(verify(repo).status).toBe(0);
  });
});

describe("file names are bytes", () => {
  it("two names that are not UTF-8 are two entries, stored losslessly, and verify", async () => {
    const repo = await createGovernedRepo({
      intents: everything,
    });
    expect(repo.intentguard(["select", "INT-001"]).status).toBe(0);
    const dir = Buffer.from(path.join(repo.dir, "weird"));
    mkdirSync(dir);
    for (const byte of [0xff, 0xfe]) {
      const name = Buffer.concat([dir, Buffer.from([0x2f, byte])]);
      writeFileSync(name, `byte ${byte}\n`);
    }
    repo.git("add", "-A");
    expect(repo.commit("Two names").status).toBe(0);
    const files = headRecord(repo).files;
    expect(files.map((file) => [file.relative_path, file.relative_path_base64])).toEqual([
      ["weird/\ufffd", Buffer.from([...Buffer.from("weird/"), 0xfe]).toString("base64")],
      ["weird/\ufffd", Buffer.from([...Buffer.from("weird/"), 0xff]).toString("base64")],
    ]);
    expect(files.map((file) => file.ranges.length)).toEqual([1, 1]);
    expect(verify(repo).status).toBe(0);
  });
});

describe("a ledger that cannot be written leaves the commit traced, and says so", () => {
  it("the append fails (a full disk): the records are written and name lines the ledger lacks", async () => {
    const repo = await tracedRepo(1);
    rmSync(ledgerFile(repo));
    symlinkSync("/dev/full", ledgerFile(repo));
    repo.write("src/auth/full.ts", "full\n");
    repo.git("add", "-A");
    const commit = repo.commit("On a full disk");
    expect(commit.status).toBe(0);
    expect(commit.stderr).toContain(
      `the trace of ${repo.head().slice(0, 12)} is written, but not to this clone's ledger (cannot write the ledger ${ledgerFile(repo)}: no space left on the device`,
    );
    expect(commit.stderr).toContain(
      "intentguard trace verify will report their ledger lines as missing",
    );
    expect(headRecord(repo).ledger?.seq).toBe(1);
    const device = verify(repo);
    expect(device.status).toBe(2);
    expect(device.stderr).toContain(`the ledger ${ledgerFile(repo)} is not a regular file`);
    rmSync(ledgerFile(repo));
    const result = verify(repo);
    expect(result.status).toBe(1);
    expect(result.stdout.match(/it was truncated or deleted/g)).toHaveLength(3);
  });

  it("the ledger cannot be read (a directory in its place): the records are written without an anchor", async () => {
    const repo = await tracedRepo(1);
    rmSync(ledgerFile(repo));
    mkdirSync(ledgerFile(repo));
    repo.write("src/auth/dir.ts", "dir\n");
    repo.git("add", "-A");
    const commit = repo.commit("With a directory for a ledger");
    expect(commit.status).toBe(0);
    expect(commit.stderr).toContain(
      `the trace of ${repo.head().slice(0, 12)} is written, but not to this clone's ledger (cannot read the ledger ${ledgerFile(repo)}: it is a directory`,
    );
    expect(commit.stderr).toContain("they carry no ledger anchor");
    const record = headRecord(repo);
    expect(record.ledger).toBeUndefined();
    expect(record.vcs.revision_id).toBe(repo.head());
  });
});

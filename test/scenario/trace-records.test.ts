import { describe, expect, it } from "vitest";
import { type TraceRecord, TraceRecordV2 } from "../../src/core/trace/record-schema.js";
import { agentTraceValidator, traceRecordValidator } from "../support/schema-validators.js";
import {
  createGovernedRepo,
  createRepo,
  createSelectedRepo,
  expectSuccess,
  standardIntents,
} from "../support/test-repo.js";
import {
  expectRangesMatchContent,
  fileContributorOf,
  ledgerEvents,
  noteRecords,
} from "../support/traces.js";

/** A sequence editor that rewrites the rebase todo with sed expressions. */
function sequenceEditor(...expressions: string[]): string {
  return `sed -i ${expressions.map((expression) => `-e '${expression}'`).join(" ")}`;
}

describe("post-commit writes the trace record", () => {
  it("keys one valid record to HEAD whose every range hash matches the content git stores", async () => {
    const repo = await createSelectedRepo();
    const head = repo.commitFile(
      "src/auth/login.ts",
      "export const login = 2;\nconst a = 1;\r\nconst b = 'ü';\n\nlast line",
      "Rework login",
    );
    const records = noteRecords(repo);
    expect(records).toHaveLength(1);
    const [record] = records;
    expect(TraceRecordV2.safeParse(record).success).toBe(true);
    expect(record).toMatchObject({
      version: 2,
      contributor: { entity_type: "HUMAN", name: "Test Author", email: "author@example.com" },
    });
    expect(record?.vcs).toEqual({ type: "git", revision_id: head });
    expect(record?.intent_id).toBe("INT-001");
    expect(record?.files).toEqual([
      expect.objectContaining({
        relative_path: "src/auth/login.ts",
        operation: "modify",
        mutation_class: "AST_REFACTOR",
        ranges: [expect.objectContaining({ start_line: 1, end_line: 5 })],
        related: [{ type: "intent", value: "INT-001" }],
      }),
    ]);
    expect(expectRangesMatchContent(repo, record as TraceRecord)).toBe(1);
    const traced = ledgerEvents(repo).filter((event) => event.event === "commit_traced");
    expect(traced.at(-1)).toMatchObject({
      commit: head,
      intent_id: "INT-001",
      record_id: record?.id,
      files: 1,
      lines: 5,
    });
  });

  it("records blob SHA-256s and modes on both sides, and a rename's old path", async () => {
    const repo = await createSelectedRepo();
    repo.git("mv", "src/auth/login.ts", "src/auth/session.ts");
    repo.git("commit", "-q", "-m", "Rename login");
    const [record] = noteRecords(repo);
    const file = record?.files[0];
    expect(file).toMatchObject({
      operation: "rename",
      relative_path: "src/auth/session.ts",
      old_path: "src/auth/login.ts",
      ranges: [],
      mutation_class: "AST_REFACTOR",
    });
    const blob = repo.git("rev-parse", "HEAD:src/auth/session.ts").trim();
    const content = repo.git("show", "HEAD:src/auth/session.ts");
    const sha = `sha256:${(await import("node:crypto")).createHash("sha256").update(content).digest("hex")}`;
    expect(file?.after).toEqual({ sha256: sha, mode: "100644", oid: blob });
    expect(file?.before).toEqual({ sha256: sha, mode: "100644", oid: blob });
  });

  it("classes an edit of configuration as INTENT_EVOLUTION and one of source code as AST_REFACTOR", async () => {
    const repo = await createSelectedRepo();
    repo.commitFile("src/auth/settings.yaml", "timeout: 5\n", "Add settings");
    repo.write("src/auth/settings.yaml", "timeout: 50\n");
    repo.write("src/auth/login.ts", "export const login = 3;\n");
    repo.git("commit", "-qam", "Longer timeout");
    const classes = (record: TraceRecord | undefined) =>
      Object.fromEntries(
        (record?.files ?? []).map((file) => [
          file.relative_path,
          [file.operation, file.mutation_class],
        ]),
      );
    const [created] = noteRecords(repo, "HEAD~1");
    const [edited] = noteRecords(repo);
    expect(classes(created)).toEqual({ "src/auth/settings.yaml": ["create", "INTENT_EVOLUTION"] });
    expect(classes(edited)).toEqual({
      "src/auth/login.ts": ["modify", "AST_REFACTOR"],
      "src/auth/settings.yaml": ["modify", "INTENT_EVOLUTION"],
    });
  });

  it("records a commit that declares no intent with a null intent, and shows it", async () => {
    const repo = await createGovernedRepo();
    repo.write(".orchestration/active_intents.yaml", `${standardIntents}# reviewed\n`);
    repo.git("add", "-A");
    expect(repo.tryGit(["commit", "-q", "-m", "Governance, no intent needed"]).status).toBe(0);
    const head = repo.head();
    const [record] = noteRecords(repo, head);
    expect(record?.intent_id).toBeNull();
    expect(record?.files[0]?.related).toEqual([]);
    const show = repo.intentguard(["trace", "show", head]);
    expect(show.stdout).toContain("intent none (no Intent: trailer)");
  });

  it("attributes to the AI the environment declares, writing it as trailers too", async () => {
    const repo = await createSelectedRepo();
    const env = {
      INTENTGUARD_MODEL: "anthropic/claude-sonnet-4-6",
      INTENTGUARD_AGENT: "agent-builder-01",
    };
    const head = repo.commitFile("src/auth/login.ts", "export const login = 9;\n", "AI change", {
      env,
    });
    expect(repo.lastMessage()).toBe(
      "AI change\n\nIntent: INT-001\nContributor-Type: AI\nContributor-Model: anthropic/claude-sonnet-4-6\nContributor-Agent: agent-builder-01\n",
    );
    expect(fileContributorOf(noteRecords(repo, head)[0])).toEqual({
      entity_type: "AI",
      model_identifier: "anthropic/claude-sonnet-4-6",
      agent_id: "agent-builder-01",
    });
  });

  it("recognises a known AI Co-authored-by trailer", async () => {
    const repo = await createSelectedRepo();
    const head = repo.commitFile(
      "src/auth/login.ts",
      "x\n",
      "Pairing\n\nCo-authored-by: Claude <noreply@anthropic.com>",
    );
    expect(fileContributorOf(noteRecords(repo, head)[0])).toEqual({
      entity_type: "AI",
      model_identifier: "anthropic/claude",
    });
  });

  it("records only the lines a merge itself wrote, not the commits it brings in", async () => {
    const repo = await createSelectedRepo();
    repo.git("checkout", "-q", "-b", "feature");
    repo.commitFile("src/auth/login.ts", "feature 1\nshared\nfeature 3\n", "Feature", {
      env: {
        INTENTGUARD_MODEL: "openai/gpt-5",
      },
    });
    repo.git("checkout", "-q", "main");
    repo.commitFile("src/auth/login.ts", "main 1\nshared\nmain 3\n", "Main");
    expect(repo.tryGit(["merge", "feature"]).status).toBe(1);
    repo.write("src/auth/login.ts", "resolved 1\nshared\nmain 3\n");
    repo.git("add", "-A");
    expect(repo.tryGit(["commit", "--no-edit"]).status).toBe(0);
    const [record] = noteRecords(repo);
    expect(record?.parents).toHaveLength(2);
    expect(record?.files).toHaveLength(1);
    expect(record?.files[0]?.ranges).toEqual([
      expect.objectContaining({ start_line: 1, end_line: 1 }),
    ]);
    expect(fileContributorOf(record)?.entity_type).toBe("HUMAN");
    expectRangesMatchContent(repo, record as TraceRecord);
  });
});

describe("rewrites keep exactly one correct record per commit", () => {
  it("re-keys an amend to the new commit", async () => {
    const repo = await createSelectedRepo();
    const before = repo.commitFile("src/auth/login.ts", "one\n", "First try");
    repo.write("src/auth/login.ts", "one\ntwo\n");
    repo.git("add", "-A");
    expect(repo.tryGit(["commit", "--amend", "--no-edit"]).status).toBe(0);
    const after = repo.head();
    const records = noteRecords(repo, after);
    expect(records).toHaveLength(1);
    expect(records[0]?.vcs.revision_id).toBe(after);
    expect(records[0]?.files[0]?.ranges).toEqual([
      expect.objectContaining({ start_line: 1, end_line: 2 }),
    ]);
    expectRangesMatchContent(repo, records[0] as TraceRecord);
    expect(noteRecords(repo, before)[0]?.vcs.revision_id).toBe(before);
    expect(repo.intentguard(["trace", "verify"]).status).toBe(0);
  });

  it("gives reworded, squashed and fixed-up commits of rebase -i one record each", async () => {
    const repo = await createSelectedRepo();
    const base = repo.head();
    const ai = { INTENTGUARD_MODEL: "anthropic/claude-sonnet-4-6" };
    repo.commitFile("src/auth/a.ts", "a\n", "Add a", { env: ai });
    repo.commitFile("src/auth/b.ts", "b\n", "Add b");
    repo.commitFile("src/auth/c.ts", "c\n", "Add c");
    repo.commitFile("src/auth/a.ts", "a\na2\n", "Fix a");
    const editor = sequenceEditor("2s/^pick/squash/", "4s/^pick/fixup/", "3s/^pick/reword/");
    const result = repo.tryGit(["rebase", "-i", base], {
      env: { GIT_SEQUENCE_EDITOR: editor, GIT_EDITOR: "sed -i -e '1s/.*/Reworded c/'" },
    });
    expect(result.status, result.stderr).toBe(0);
    const commits = repo.git("rev-list", `${base}..HEAD`).trim().split("\n").reverse();
    expect(commits).toHaveLength(2);
    const [squashed, reworded] = commits.map((commit) => noteRecords(repo, commit));
    expect(squashed).toHaveLength(1);
    expect(reworded).toHaveLength(1);
    expect(squashed?.[0]?.vcs.revision_id).toBe(commits[0]);
    expect(squashed?.[0]?.files.map((file) => file.relative_path).sort()).toEqual([
      "src/auth/a.ts",
      "src/auth/b.ts",
    ]);
    expect(fileContributorOf(squashed?.[0], "src/auth/a.ts")).toEqual({
      entity_type: "AI",
      model_identifier: "anthropic/claude-sonnet-4-6",
    });
    expect(reworded?.[0]?.vcs.revision_id).toBe(commits[1]);
    expect(reworded?.[0]?.intent_id).toBe("INT-001");
    for (const records of [squashed, reworded])
      expectRangesMatchContent(repo, records?.[0] as TraceRecord);
    const verify = repo.intentguard(["trace", "verify", "--range", `${base}..HEAD`]);
    expect(verify.status, verify.stdout).toBe(0);
  });

  it("gives a cherry-picked commit a record from its trailer and its own diff", async () => {
    const repo = await createSelectedRepo();
    repo.git("checkout", "-q", "-b", "topic");
    const picked = repo.commitFile("src/auth/pick.ts", "picked\n", "To pick", {
      env: {
        INTENTGUARD_AGENT: "agent-7",
      },
    });
    repo.git("checkout", "-q", "main");
    repo.commitFile("src/auth/other.ts", "other\n", "Diverge");
    expect(repo.tryGit(["cherry-pick", picked]).status).toBe(0);
    const records = noteRecords(repo);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ vcs: { revision_id: repo.head() }, intent_id: "INT-001" });
    expect(fileContributorOf(records[0])).toEqual({ entity_type: "AI", agent_id: "agent-7" });
    expectRangesMatchContent(repo, records[0] as TraceRecord);
  });
});

describe("trace export", () => {
  it("writes records that validate against the shipped schema, and Agent Trace that validates too", async () => {
    const repo = await createSelectedRepo();
    repo.commitFile("src/auth/a.ts", "1\n2\n", "AI lines", {
      env: {
        INTENTGUARD_MODEL: "anthropic/claude-sonnet-4-6",
      },
    });
    repo.git("rm", "-q", "src/auth/login.ts");
    repo.git("commit", "-q", "-m", "Remove login");
    const jsonl = repo.intentguard(["trace", "export"]);
    expect(jsonl.status).toBe(0);
    const records = jsonl.stdout
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(records).toHaveLength(3);
    const validateRecord = traceRecordValidator();
    for (const record of records)
      expect(validateRecord(record), JSON.stringify(validateRecord.errors)).toBe(true);
    const agentTrace = repo.intentguard(["trace", "export", "--format", "agent-trace"]);
    const exported = agentTrace.stdout
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    const validate = agentTraceValidator();
    for (const record of exported)
      expect(validate(record), JSON.stringify(validate.errors)).toBe(true);
    expect(exported[1].files[0].conversations[0].contributor).toEqual({
      type: "ai",
      model_id: "anthropic/claude-sonnet-4-6",
    });
    expect(exported[1].metadata["dev.intentguard"].intent_id).toBe("INT-001");
    expect(exported[2].files).toEqual([]);
    expect(exported[2].metadata["dev.intentguard"].files[0]).toMatchObject({
      path: "src/auth/login.ts",
      operation: "delete",
    });
  });

  it("rejects an unknown format (exit 2)", async () => {
    const repo = await createSelectedRepo();
    const result = repo.intentguard(["trace", "export", "--format", "csv"]);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain(
      '--format "csv" is not an export format; use jsonl or agent-trace',
    );
  });
});

describe("trace map", () => {
  it("writes the intent map, and committing it alone needs no intent", async () => {
    const repo = await createSelectedRepo();
    repo.commitFile("src/auth/a.ts", "1\n2\n", "Two lines");
    expect(repo.intentguard(["trace", "map"]).status).toBe(0);
    const map = repo.read(".orchestration/intent_map.md");
    expect(map).toContain("## INT-001 — Auth (IN_PROGRESS)");
    expect(map).toContain("| `src/auth/a.ts` | 1 | 2 |");
    expect(map).toMatch(/```mermaid\ngraph LR\n/);
    repo.git("add", ".orchestration/intent_map.md");
    const commit = repo.tryGit(["commit", "-m", "Update the intent map"], {
      env: { INTENTGUARD_INTENT: undefined },
    });
    expect(commit.status, commit.stderr).toBe(0);
    // Generated from the traces, it is no rule: the verdict says what it is.
    expect(commit.stderr).toContain(
      "  note: generated intent map: it is derived from the traces and needs no intent\n",
    );
    expect(commit.stderr).not.toContain("edits the rules");
    expect(repo.intentguard(["trace", "map"]).status).toBe(0);
    const regenerated = repo.read(".orchestration/intent_map.md");
    expect(repo.intentguard(["trace", "map"]).status).toBe(0);
    expect(repo.read(".orchestration/intent_map.md")).toBe(regenerated);
  });
});

describe("trace log and show", () => {
  it("summarises commits per intent with AI and human lines", async () => {
    const repo = await createSelectedRepo();
    repo.commitFile("src/auth/a.ts", "1\n2\n3\n", "AI lines", {
      env: { INTENTGUARD_MODEL: "m/1" },
    });
    repo.commitFile("src/auth/b.ts", "1\n", "Human line");
    const log = JSON.parse(
      repo.intentguard(["trace", "log", "--intent", "INT-001", "--json"]).stdout,
    );
    expect(log.intents).toEqual([
      expect.objectContaining({
        intent_id: "INT-001",
        files: 2,
        lines: 4,
        ai_lines: 3,
        human_lines: 1,
      }),
    ]);
    expect(log.intents[0].commits.map((commit: { subject: string }) => commit.subject)).toEqual([
      "Human line",
      "AI lines",
    ]);
  });

  it("counts one file and one line in the singular, more in the plural", async () => {
    const repo = await createSelectedRepo();
    const one = repo.commitFile("src/auth/a.ts", "1\n", "One line");
    repo.write("src/auth/b.ts", "1\n");
    const two = repo.commitFile("src/auth/c.ts", "1\n2\n", "Two files");
    const log = repo.intentguard(["trace", "log", "--intent", "INT-001"]);
    expect(log.status).toBe(0);
    const lines = log.stdout.split("\n");
    expect(lines[0]).toBe("INT-001: 2 commits, 3 files, 4 lines (AI 0, human 4)");
    expect(lines[1]).toMatch(
      new RegExp(`^  ${two.slice(0, 10)} .* Two files  2 files, \\+3 lines, `),
    );
    expect(lines[2]).toMatch(new RegExp(`^  ${one.slice(0, 10)} .* One line  1 file, \\+1 line, `));
  });

  it("refuses an --intent no intent file or record knows (exit 2); a known one may have no commits", async () => {
    const repo = await createSelectedRepo();
    repo.commitFile("src/auth/a.ts", "1\n", "Auth");
    const unknown = repo.intentguard(["trace", "log", "--intent", "INT-999"]);
    expect(unknown.status).toBe(2);
    expect(unknown.stdout).toBe("");
    expect(unknown.stderr).toBe(
      "intentguard: There is no intent INT-999 in .orchestration/active_intents.yaml. Known intents: INT-001 (Auth), INT-002 (Docs), INT-003 (Billing), INT-004 (Old work), INT-005 (Stuck work), INT-006 (Dropped work).\n",
    );
    const typo = repo.intentguard(["trace", "log", "--intent", "INT-01"]);
    expect(typo.status).toBe(2);
    expect(typo.stderr).toContain("; did you mean INT-001?");
    const none = repo.intentguard(["trace", "log", "--intent", "INT-002"]);
    expect(none.status).toBe(0);
    expect(none.stdout).toBe("No traced commits for INT-002.\n");
  });

  it("says a commit made before adoption predates it; keeps the causes for one after (exit 1)", async () => {
    const repo = await createRepo();
    const legacy = repo.commitFile("legacy.txt", "old\n", "Before adoption");
    repo.write(".orchestration/active_intents.yaml", standardIntents);
    expectSuccess(repo.intentguard(["install"]), "install");
    repo.git("add", "-A");
    repo.git("commit", "-q", "-m", "Adopt");
    const untraced = repo.commitFile("src/auth/a.ts", "1\n", "Hooks off", {
      env: { INTENTGUARD: "0" },
    });
    const before = repo.intentguard(["trace", "show", legacy]);
    expect(before.status).toBe(1);
    expect(before.stderr).toBe(
      `intentguard: ${legacy} was made before this history adopted intentguard, so it has no trace record.\n`,
    );
    const after = repo.intentguard(["trace", "show", untraced]);
    expect(after.status).toBe(1);
    expect(after.stderr).toBe(
      `intentguard: ${untraced} has no trace record (untraced: made with hooks off, or its notes were not fetched: intentguard trace fetch).\n`,
    );
    const verify = repo.intentguard(["trace", "verify"]);
    expect(verify.stdout).toContain(
      "commits in HEAD: 3 checked, 1 traced; 1 commit before adoption skipped\n",
    );
  });
});

import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { scopeSignature } from "../../src/core/scope/scope-signature.js";
import { createGovernedRepo, expectSuccess } from "../support/test-repo.js";

const intentsFile = ".orchestration/active_intents.yaml";
const at = "2026-02-17T15:30:00Z";

const files = {
  "src/auth/login.ts": "export const login = 1;\n",
  "src/shared/util.ts": "export const util = 1;\n",
  "lib/http/h.ts": "export const h = 1;\n",
  "lib/log/l.ts": "export const l = 1;\n",
  "lib/db/d.ts": "export const d = 1;\n",
  "docs/index.md": "# Docs\n",
  "policies/intentguard.yaml": 'version: 1\nextended_scope:\n  approvers: ["alice@example.com"]\n',
};

async function linted(intents: string, extra: Record<string, string> = {}) {
  const repo = await createGovernedRepo({ intents, files: { ...files, ...extra }, hooks: false });
  return {
    repo,
    text: repo.intentguard(["intent", "lint"]),
    json: repo.intentguard(["intent", "lint", "--format", "json"]),
  };
}

describe("intent lint", () => {
  it("passes a clean file (exit 0) and says what it read", async () => {
    const { text, json } = await linted(`active_intents:
  - id: "INT-001"
    name: "Auth"
    status: "IN_PROGRESS"
    owned_scope: ["src/auth"]
    assigned_agent: "agent-a"
  - id: "INT-002"
    name: "Docs"
    status: "IN_PROGRESS"
    owned_scope: ["docs/**"]
    assigned_agent: "agent-b"
`);
    expect(text.status).toBe(0);
    expect(text.stdout).toBe(
      "intentguard intent lint: no problems in the working copy's .orchestration/active_intents.yaml (2 intents)\n",
    );
    expect(json.status).toBe(0);
    expect(JSON.parse(json.stdout)).toEqual({
      version: 1,
      file: intentsFile,
      source: "working copy",
      intents: 2,
      outcome: "passed",
      errors: 0,
      warnings: 0,
      findings: [],
    });
  });

  it("reports every kind of finding, at its line, and exits 1 on an error", async () => {
    const intents = `# every problem at once
active_intents:
  - id: "INT-001"
    name: "Auth"
    status: "IN_PROGRESS"
    owned_scope: ["src/auth", "src/shared/**"]
    assigned_agent: "agent-a"
    extended_scope:
      - paths: ["lib/http"]
        justification: "Headers."
      - paths: ["lib/log"]
        justification: "Edited after the approval."
        approval: { by: "alice@example.com", at: "${at}", signature: "${scopeSignature("INT-001", ["lib/other"])}" }
      - paths: ["lib/db"]
        justification: "Approved by the wrong person."
        approval: { by: "mallory@example.com", at: "${at}", signature: "${scopeSignature("INT-001", ["lib/db"])}" }
  - id: "INT-002"
    name: "Shared"
    status: "IN_PROGRESS"
    owned_scope: ["src/shared", "src/typo-dir"]
    assigned_agent: "agent-b"
  - id: "INT-003"
    name: "Auth again"
    status: "IN_PROGRESS"
    owned_scope: ["src/auth"]
    assigned_agent: "agent-c"
  - id: "INT-002"
    name: "Copy"
    status: "PENDING"
    owned_scope: ["docs"]
  - id: "INT-005"
    name: "Done"
    status: "COMPLETED"
    owned_scope: ["gone/**"]
`;
    const { text, json } = await linted(intents);
    const file = ".orchestration/active_intents.yaml";
    expect(text.status).toBe(1);
    expect(text.stderr).toBe("");
    expect(text.stdout).toBe(
      [
        `${file}:9:9: warn: extended_scope grant 1 of INT-001 ("lib/http") is not approved, so it admits nothing: intentguard scope approve INT-001 --grant 1 [grant_not_approved]`,
        `${file}:11:9: error: extended_scope grant 2 of INT-001 ("lib/log") has a stale approval: alice@example.com signed other paths (the grant was edited after the approval), so it admits nothing. Approve it again: intentguard scope approve INT-001 --grant 2 [grant_stale]`,
        `${file}:14:9: error: extended_scope grant 3 of INT-001 ("lib/db") was approved by mallory@example.com, who is not one of the policy's approvers (alice@example.com), so it admits nothing. Have one of them approve it: intentguard scope approve INT-001 --grant 3 [grant_approver_not_allowed]`,
        `${file}:17:9: error: INT-002 (agent agent-b) and INT-001 (agent agent-a) are both IN_PROGRESS and their scopes overlap: 1 tracked file admitted by both (src/shared/util.ts). Two agents may then change the same files: narrow one scope (forbidden_scope), or assign both to one agent [scope_overlap]`,
        `${file}:20:33: warn: INT-002's owned_scope pattern "src/typo-dir" matches no tracked file (a typo, or files still to be added?) [pattern_matches_nothing]`,
        `${file}:22:9: error: INT-003 (agent agent-c) and INT-001 (agent agent-a) are both IN_PROGRESS and their scopes overlap: the same pattern "src/auth"; 1 tracked file admitted by both (src/auth/login.ts). Two agents may then change the same files: narrow one scope (forbidden_scope), or assign both to one agent [scope_overlap]`,
        `${file}:27:9: error: INT-002 is defined twice (first at line 17); IDs must be unique, and the file does not load until one is renamed or removed [duplicate_id]`,
        `intentguard intent lint: 5 errors, 2 warnings in the working copy's ${file} (5 intents)`,
        "",
      ].join("\n"),
    );
    expect(json.status).toBe(1);
    const report = JSON.parse(json.stdout);
    expect(report).toMatchObject({
      version: 1,
      file,
      source: "working copy",
      intents: 5,
      outcome: "failed",
      errors: 5,
      warnings: 2,
    });
    expect(
      report.findings.map(
        (finding: { level: string; code: string; line: number; intent: string }) =>
          [finding.level, finding.code, finding.line, finding.intent].join(" "),
      ),
    ).toEqual([
      "warn grant_not_approved 9 INT-001",
      "error grant_stale 11 INT-001",
      "error grant_approver_not_allowed 14 INT-001",
      "error scope_overlap 17 INT-002",
      "warn pattern_matches_nothing 20 INT-002",
      "error scope_overlap 22 INT-003",
      "error duplicate_id 27 INT-002",
    ]);
    // Each finding has its message, as the text has it, and its details.
    expect(report.findings[5]).toEqual({
      level: "error",
      code: "scope_overlap",
      file,
      line: 22,
      column: 9,
      intent: "INT-003",
      message:
        'INT-003 (agent agent-c) and INT-001 (agent agent-a) are both IN_PROGRESS and their scopes overlap: the same pattern "src/auth"; 1 tracked file admitted by both (src/auth/login.ts). Two agents may then change the same files: narrow one scope (forbidden_scope), or assign both to one agent',
      other_intent: "INT-001",
      agents: ["agent-c", "agent-a"],
      patterns: ["src/auth"],
      files: ["src/auth/login.ts"],
      file_count: 1,
    });
    expect(report.findings[4]).toEqual({
      level: "warn",
      code: "pattern_matches_nothing",
      file,
      line: 20,
      column: 33,
      intent: "INT-002",
      message:
        'INT-002\'s owned_scope pattern "src/typo-dir" matches no tracked file (a typo, or files still to be added?)',
      field: "owned_scope",
      grant: null,
      pattern: "src/typo-dir",
    });
    expect(report.findings[6]).toMatchObject({ code: "duplicate_id", first_line: 17 });
    expect(report.findings[1]).toMatchObject({
      approved_by: "alice@example.com",
      paths: ["lib/log"],
    });
  });

  it("exits 0 on warnings alone; overlaps count only between different agents' IN_PROGRESS intents", async () => {
    const { text } = await linted(`active_intents:
  - id: "INT-001"
    name: "A"
    status: "IN_PROGRESS"
    owned_scope: ["src/auth", "planned/**"]
    forbidden_scope: ["SRC/AUTH/LOGIN.TS", "src/auth/never"]
    assigned_agent: "agent-a"
    extended_scope:
      - paths: ["lib/new"]
        justification: "Rejected."
        review: { by: "reviewer:bot", at: "${at}", decision: "REJECTED", reasons: "No." }
  - id: "INT-002"
    name: "Same agent"
    status: "IN_PROGRESS"
    owned_scope: ["src/auth"]
    assigned_agent: "agent-a"
  - id: "INT-003"
    name: "No agent"
    status: "IN_PROGRESS"
    owned_scope: ["src/auth"]
  - id: "INT-004"
    name: "Not started"
    status: "PENDING"
    owned_scope: ["src/auth"]
    assigned_agent: "agent-b"
`);
    const file = ".orchestration/active_intents.yaml";
    expect(text.stdout).toBe(
      [
        `${file}:5:31: warn: INT-001's owned_scope pattern "planned/**" matches no tracked file (a typo, or files still to be added?) [pattern_matches_nothing]`,
        `${file}:6:44: warn: INT-001's forbidden_scope pattern "src/auth/never" matches no tracked file (a typo, or files still to be added?) [pattern_matches_nothing]`,
        `${file}:9:9: warn: extended_scope grant 1 of INT-001 ("lib/new") is not approved; reviewer:bot rejected it, so it admits nothing: intentguard scope approve INT-001 --grant 1 [grant_not_approved]`,
        `${file}:9:17: warn: INT-001's extended_scope grant 1 pattern "lib/new" matches no tracked file (a typo, or files still to be added?) [pattern_matches_nothing]`,
        `intentguard intent lint: 0 errors, 4 warnings in the working copy's ${file} (4 intents)`,
        "",
      ].join("\n"),
    );
    expect(text.status).toBe(0);
  });

  it("reports an identical pattern of two agents even when no tracked file matches it", async () => {
    const { json } = await linted(`active_intents:
  - id: "INT-001"
    name: "A"
    status: "IN_PROGRESS"
    owned_scope: ["planned/**"]
    assigned_agent: "agent-a"
  - id: "INT-002"
    name: "B"
    status: "IN_PROGRESS"
    owned_scope: ["./planned/**"]
    assigned_agent: "agent-b"
`);
    expect(json.status).toBe(1);
    const overlap = JSON.parse(json.stdout).findings.find(
      (finding: { code: string }) => finding.code === "scope_overlap",
    );
    expect(overlap).toMatchObject({
      intent: "INT-002",
      other_intent: "INT-001",
      patterns: ["planned/**"],
      files: [],
      file_count: 0,
      message:
        'INT-002 (agent agent-b) and INT-001 (agent agent-a) are both IN_PROGRESS and their scopes overlap: the same pattern "planned/**". Two agents may then change the same files: narrow one scope (forbidden_scope), or assign both to one agent',
    });
  });

  it("reports a file that does not load as findings, and checks what it can of the rest", async () => {
    const { text } = await linted(`active_intents:
  - id: "INT-001"
    name: "A"
    status: "IN_PROGRESS"
    owned_scope: ["src/auth"]
    forbiden_scope: ["src/auth/keys"]
  - id: "INT-002"
    name: "B"
    status: "IN_PROGRESS"
    owned_scope: ["src/typo"]
`);
    const file = ".orchestration/active_intents.yaml";
    expect(text.status).toBe(1);
    expect(text.stdout).toBe(
      [
        `${file}:6:5: error: active_intents[0]: unknown key "forbiden_scope"; did you mean "forbidden_scope"? [invalid]`,
        `${file}:10:19: warn: INT-002's owned_scope pattern "src/typo" matches no tracked file (a typo, or files still to be added?) [pattern_matches_nothing]`,
        `intentguard intent lint: 1 error, 1 warning in the working copy's ${file} (2 intents)`,
        "",
      ].join("\n"),
    );
  });

  it("reports YAML that does not parse, and a policy that does not load, without crashing", async () => {
    const { repo, text } = await linted(
      'active_intents:\n  - id: "INT-001"\n    owned_scope: [src\n',
    );
    expect(text.status).toBe(1);
    expect(text.stdout).toMatch(
      /^\.orchestration\/active_intents\.yaml:\d+:\d+: error: YAML syntax: .* \[invalid\]\n/,
    );
    expect(text.stdout).toContain(
      "in the working copy's .orchestration/active_intents.yaml (0 intents)\n",
    );
    writeFileSync(
      path.join(repo.dir, intentsFile),
      'active_intents:\n  - id: "INT-001"\n    name: "A"\n    status: "PENDING"\n    owned_scope: ["src/auth"]\n',
    );
    writeFileSync(path.join(repo.dir, "policies/intentguard.yaml"), "version: 1\nrulez: {}\n");
    const policy = repo.intentguard(["intent", "lint"]);
    expect(policy.status).toBe(1);
    expect(policy.stdout).toBe(
      [
        'policies/intentguard.yaml:2:1: error: unknown key "rulez"; did you mean "rules"? [invalid]',
        "intentguard intent lint: 1 error, 0 warnings in the working copy's .orchestration/active_intents.yaml (1 intent)",
        "",
      ].join("\n"),
    );
  });

  it("warns about an intent selected in any work tree that no longer authorises commits", async () => {
    const { repo } = await linted(`active_intents:
  - id: "INT-001"
    name: "Auth"
    status: "IN_PROGRESS"
    owned_scope: ["src/auth"]
  - id: "INT-002"
    name: "Docs"
    status: "IN_PROGRESS"
    owned_scope: ["docs"]
`);
    const linked = path.join(repo.base, "linked");
    const other = path.join(repo.base, "other");
    const broken = path.join(repo.base, "broken");
    repo.git("worktree", "add", "-q", linked);
    repo.git("worktree", "add", "-q", other);
    repo.git("worktree", "add", "-q", broken);
    expectSuccess(repo.intentguard(["select", "INT-001"]), "select in the main work tree");
    expectSuccess(repo.intentguard(["select", "INT-002"], { cwd: linked }), "select in linked");
    const gitDir = (cwd: string) =>
      repo.tryGit(["rev-parse", "--absolute-git-dir"], { cwd }).stdout.trim();
    mkdirSync(path.join(gitDir(other), "intentguard"));
    writeFileSync(
      path.join(gitDir(other), "intentguard", "selection.json"),
      '{"version":1,"intent":"INT-009","selected_at":"2026-01-01T00:00:00.000Z"}\n',
    );
    expectSuccess(repo.intentguard(["select", "INT-001"], { cwd: broken }), "select in broken");
    writeFileSync(path.join(gitDir(broken), "intentguard", "selection.json"), "not json\n");
    // While both are IN_PROGRESS, only the unknown and the unreadable selections are found.
    expect(repo.intentguard(["intent", "lint"]).stdout).toContain("0 errors, 2 warnings");
    expectSuccess(repo.intentguard(["intent", "block", "INT-001"]), "block");
    expectSuccess(repo.intentguard(["intent", "complete", "INT-002"]), "complete");
    const result = repo.intentguard(["intent", "lint"]);
    const file = ".orchestration/active_intents.yaml";
    expect(result.status).toBe(0);
    expect(result.stdout).toBe(
      [
        `${file}:2:9: warn: INT-001 is selected in the work tree ${repo.dir}, but it is BLOCKED in the intents file: commits there will be refused. There, select an IN_PROGRESS intent (intentguard select <ID>) or clear it (intentguard select --clear) [selection_inactive]`,
        `${file}:7:9: warn: INT-002 is selected in the work tree ${linked}, but it is COMPLETED in the intents file: commits there will be refused. There, select an IN_PROGRESS intent (intentguard select <ID>) or clear it (intentguard select --clear) [selection_inactive]`,
        `${file}: warn: the intent selection of the work tree ${broken} cannot be read: ${path.join(gitDir(broken), "intentguard", "selection.json")} is not a valid intent selection (expected JSON like {"version":1,"intent":"INT-001",…}). Choose again with \`intentguard select <ID>\`, or remove it with \`intentguard select --clear\`. [selection_unreadable]`,
        `${file}: warn: INT-009 is selected in the work tree ${other}, but the intents file has no such intent: commits there will be refused. There, select an IN_PROGRESS intent (intentguard select <ID>) or clear it (intentguard select --clear) [selection_inactive]`,
        `intentguard intent lint: 0 errors, 4 warnings in the working copy's ${file} (2 intents)`,
        "",
      ].join("\n"),
    );
    const json = JSON.parse(repo.intentguard(["intent", "lint", "--format", "json"]).stdout);
    expect(json.findings[1]).toMatchObject({
      code: "selection_inactive",
      level: "warn",
      intent: "INT-002",
      work_tree: linked,
      status: "COMPLETED",
    });
    expect(json.findings[3]).toMatchObject({ intent: "INT-009", status: null, line: null });
    expect(json.findings[2]).toMatchObject({ code: "selection_unreadable", work_tree: broken });
  });

  it("refuses an unknown format and a work tree without an intents file (exit 2)", async () => {
    const { repo } = await linted("active_intents: []\n");
    const format = repo.intentguard(["intent", "lint", "--format", "sarif"]);
    expect(format.status).toBe(2);
    expect(format.stderr).toBe(
      'intentguard intent lint: --format "sarif" is not one of text, json.\n',
    );
    repo.git("rm", "-q", intentsFile);
    const missing = repo.intentguard(["intent", "lint"]);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toBe(
      "intentguard: There is no .orchestration/active_intents.yaml in this work tree: nothing to lint. Run intentguard init to create one.\n",
    );
  });
});

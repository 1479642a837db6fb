import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { scopeSignature } from "../../src/core/scope/scope-signature.js";
import { cliPath, createGovernedRepo, expectSuccess, type TestRepo } from "../support/test-repo.js";

const intentsFile = ".orchestration/active_intents.yaml";

const sign = (id: string, paths: string[]) => scopeSignature(id, paths);

/** Two intents; INT-001 has a grant in each state. */
const intents = `# hand-written
active_intents:
  - id: "INT-001"
    name: "Auth"
    description: "Move login to JWT"
    status: "IN_PROGRESS"
    owned_scope: ["src/auth", "test/auth/**"]
    forbidden_scope: ["src/auth/secrets.ts"]
    extended_scope:
      - paths: ["src/utils"]
        justification: "The retry helper moves there."
        approval: { by: "alice@example.com", at: "2026-02-17T15:30:00Z", signature: "${sign("INT-001", ["src/utils"])}" }
      - paths: ["lib/http"]
        justification: "A header helper."
      - paths: ["lib/log", "lib/trace"]
        justification: "Edited after the approval."
        approval: { by: "alice@example.com", at: "2026-02-17T15:31:00Z", signature: "${sign("INT-001", ["lib/log"])}" }
      - paths: ["lib/db"]
        justification: "Approved by someone not allowed."
        approval: { by: "mallory@example.com", at: "2026-02-17T15:32:00Z", signature: "${sign("INT-001", ["lib/db"])}" }
        review: { by: "reviewer:bot", at: "2026-02-17T15:32:00Z", decision: "REJECTED", reasons: "Too wide." }
    constraints: ["No new dependencies"]
    acceptance_criteria: ["test/auth passes"]
    assigned_agent: "agent-7"
    related_specs: [{ type: "issue", value: "12" }]
    created_at: "2026-02-16T12:00:00Z"
    updated_at: "2026-02-17T15:32:00Z"
  - id: "INT-002"
    name: "Docs"
    status: "PENDING"
    owned_scope: ["docs/**"]
`;

const policy = `version: 1
extended_scope:
  approvers: ["alice@example.com"]
`;

async function governed(): Promise<TestRepo> {
  return createGovernedRepo({
    intents,
    files: {
      "src/auth/login.ts": "export const login = 1;\n",
      "docs/index.md": "# Docs\n",
      "policies/intentguard.yaml": policy,
    },
  });
}

describe("intent list", () => {
  it("shows every intent with its scope size and traced commits", async () => {
    const repo = await governed();
    repo.commitFile("src/auth/login.ts", "export const login = 2;\n", "Login v2", {
      env: { INTENTGUARD_INTENT: "INT-001" },
    });
    repo.commitFile("src/utils/retry.ts", "export const retry = 1;\n", "Retry", {
      env: { INTENTGUARD_INTENT: "INT-001" },
    });
    const result = repo.intentguard(["intent", "list"]);
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
    expect(result.stdout).toBe(
      [
        "ID       STATUS       AGENT    SCOPE  COMMITS  NAME",
        "INT-001  IN_PROGRESS  agent-7      3        2  Auth",
        "INT-002  PENDING      -            1        0  Docs",
        "",
      ].join("\n"),
    );
    const json = JSON.parse(repo.intentguard(["intent", "list", "--json"]).stdout);
    expect(json).toEqual({
      version: 1,
      file: intentsFile,
      source: "working copy",
      uncommitted: false,
      intents: [
        {
          id: "INT-001",
          status: "IN_PROGRESS",
          name: "Auth",
          assigned_agent: "agent-7",
          scope_size: 3,
          commits: 2,
        },
        {
          id: "INT-002",
          status: "PENDING",
          name: "Docs",
          assigned_agent: null,
          scope_size: 1,
          commits: 0,
        },
      ],
    });
  });

  it("reads the working copy, and says when it is not HEAD's", async () => {
    const repo = await governed();
    expectSuccess(repo.intentguard(["intent", "start", "INT-002"]), "start");
    const result = repo.intentguard(["intent", "list"]);
    expect(result.stdout).toBe(
      [
        "ID       STATUS       AGENT    SCOPE  COMMITS  NAME",
        "INT-001  IN_PROGRESS  agent-7      3        0  Auth",
        "INT-002  IN_PROGRESS  -            1        0  Docs",
        "note: the working copy's .orchestration/active_intents.yaml differs from HEAD's (these are the working copy's intents); commits are judged by the committed file until it is committed.",
        "",
      ].join("\n"),
    );
    expect(JSON.parse(repo.intentguard(["intent", "list", "--json"]).stdout).uncommitted).toBe(
      true,
    );
  });

  it("lists 130,000 intents: no call spreads them into as many arguments", async () => {
    // 126,000 is the fewest that overflowed the stack before (found by bisection; 125,600 did
    // not): 130,000 keeps a margin, and runs in under 20 s, most of it parsing the YAML.
    const count = 130_000;
    const rows: string[] = [];
    for (let n = 1; n <= count; n++) {
      rows.push(`  - {id: I-${n}, name: n, status: PENDING, owned_scope: []}\n`);
    }
    const repo = await createGovernedRepo({ hooks: false });
    repo.write(intentsFile, `active_intents:\n${rows.join("")}`);
    // Into a file: the list is more than spawnSync holds of a child's output.
    const listed = path.join(repo.base, "list.txt");
    const command = `"$0" "$1" intent list > "$2"`;
    const result = repo.run("sh", ["-c", command, process.execPath, cliPath, listed]);
    expect(result.status, result.stderr).toBe(0);
    const lines = readFileSync(listed, "utf8").split("\n");
    expect(lines).toHaveLength(count + 3);
    expect(lines.slice(0, 2)).toEqual([
      "ID        STATUS   AGENT  SCOPE  COMMITS  NAME",
      "I-1       PENDING  -          0        0  n",
    ]);
    expect(lines[count]).toBe("I-130000  PENDING  -          0        0  n");
  });

  it("says so when there are no intents, and fails (exit 2) without an intents file", async () => {
    const repo = await createGovernedRepo({ intents: "active_intents: []\n", hooks: false });
    expect(repo.intentguard(["intent", "list"]).stdout).toBe(
      "No intents in the working copy's .orchestration/active_intents.yaml.\n",
    );
    repo.git("rm", "-q", intentsFile);
    const missing = repo.intentguard(["intent", "list"]);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toBe(
      "intentguard: There is no .orchestration/active_intents.yaml in this work tree. Run intentguard init to create one.\n",
    );
  });
});

describe("intent show", () => {
  it("shows every field and how each grant stands", async () => {
    const repo = await governed();
    const result = repo.intentguard(["intent", "show", "INT-001"]);
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
    expect(result.stdout).toBe(
      [
        "INT-001 — Auth (IN_PROGRESS)",
        "  description:         Move login to JWT",
        "  assigned agent:      agent-7",
        "  created:             2026-02-16T12:00:00Z",
        "  updated:             2026-02-17T15:32:00Z",
        "  traced commits:      0",
        "  scope size:          3 (owned patterns and approved grant paths)",
        "  owned scope:         src/auth, test/auth/**",
        "  forbidden scope:     src/auth/secrets.ts",
        "  grants:",
        "    1. src/utils — approved by alice@example.com at 2026-02-17T15:30:00Z",
        "       why: The retry helper moves there.",
        "    2. lib/http — not approved, admits nothing: intentguard scope approve INT-001 --grant 2",
        "       why: A header helper.",
        "    3. lib/log, lib/trace — stale, admits nothing: alice@example.com approved other paths (edited since); approve again: intentguard scope approve INT-001 --grant 3",
        "       why: Edited after the approval.",
        "    4. lib/db — approver not allowed, admits nothing: mallory@example.com is not one of the policy's approvers (alice@example.com)",
        "       why: Approved by someone not allowed.",
        "       review: REJECTED by reviewer:bot at 2026-02-17T15:32:00Z: Too wide.",
        "  constraints:",
        "    - No new dependencies",
        "  acceptance criteria:",
        "    - test/auth passes",
        "  related:             issue 12",
        "",
      ].join("\n"),
    );
    const minimal = repo.intentguard(["intent", "show", "INT-002"]);
    expect(minimal.stdout).toBe(
      [
        "INT-002 — Docs (PENDING)",
        "  assigned agent:      none",
        "  created:             unknown",
        "  updated:             unknown",
        "  traced commits:      0",
        "  scope size:          1 (owned patterns and approved grant paths)",
        "  owned scope:         docs/**",
        "  forbidden scope:     none",
        "  grants:              none",
        "  constraints:         none",
        "  acceptance criteria: none",
        "  related:             none",
        "",
      ].join("\n"),
    );
  });

  it("gives the intent as JSON, each grant with its number and state", async () => {
    const repo = await governed();
    const json = JSON.parse(repo.intentguard(["intent", "show", "INT-001", "--json"]).stdout);
    expect(json).toMatchObject({
      version: 1,
      file: intentsFile,
      source: "working copy",
      uncommitted: false,
      scope_size: 3,
      commits: 0,
      intent: {
        id: "INT-001",
        name: "Auth",
        description: "Move login to JWT",
        status: "IN_PROGRESS",
        owned_scope: ["src/auth", "test/auth/**"],
        forbidden_scope: ["src/auth/secrets.ts"],
        assigned_agent: "agent-7",
        created_at: "2026-02-16T12:00:00Z",
      },
    });
    expect(
      json.intent.extended_scope.map(
        (grant: { number: number; state: string; paths: string[] }) => [
          grant.number,
          grant.state,
          grant.paths,
        ],
      ),
    ).toEqual([
      [1, "approved", ["src/utils"]],
      [2, "not_approved", ["lib/http"]],
      [3, "stale", ["lib/log", "lib/trace"]],
      [4, "approver_not_allowed", ["lib/db"]],
    ]);
    expect(json.intent.extended_scope[3].review.decision).toBe("REJECTED");
  });

  it("refuses an unknown intent (exit 2) and a missing ID", async () => {
    const repo = await governed();
    const unknown = repo.intentguard(["intent", "show", "INT-003"]);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toBe(
      "intentguard: There is no intent INT-003 in .orchestration/active_intents.yaml; did you mean INT-001? Known intents: INT-001 (Auth), INT-002 (Docs).\n",
    );
    const missing = repo.intentguard(["intent", "show"]);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain("needs an intent ID");
  });
});

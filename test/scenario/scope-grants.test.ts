import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it, onTestFinished } from "vitest";
import { locateRepo } from "../../src/git/repo.js";
import { reviewGrant } from "../../src/governance/grants.js";
import { TestClock, waitUntil } from "../support/clock.js";
import {
  createGovernedRepo,
  expectSuccess,
  refusedByHook,
  type TestRepo,
  useHermeticProcessEnv,
} from "../support/test-repo.js";

/** A hand-written intents file: its comments must survive every scope command. */
const intents = `# The team's intents (a hand-written comment that must survive)
active_intents:
  - id: "INT-001" # the auth work
    name: "Auth"
    status: "IN_PROGRESS"
    owned_scope: ["src/auth"]
    forbidden_scope: ["src/auth/secrets.ts"]
    assigned_agent: "agent-7"
    updated_at: "2026-01-01T00:00:00Z"
  # Billing has no grants yet.
  - id: "INT-002"
    name: "Billing"
    status: "IN_PROGRESS"
    owned_scope: ["src/billing"]
`;

const intentsFile = ".orchestration/active_intents.yaml";

async function governed(policy = ""): Promise<TestRepo> {
  const repo = await createGovernedRepo({
    intents,
    files: {
      "src/auth/login.ts": "export const login = 1;\n",
      "src/utils/retry.ts": "export const retry = 1;\n",
      "src/billing/invoice.ts": "export const invoice = 1;\n",
      ...(policy ? { "policies/intentguard.yaml": policy } : {}),
    },
  });
  return repo;
}

/** The grant's scope signature, computed here from its definition, not by intentguard. */
function signature(id: string, paths: string[]): string {
  const canonical = JSON.stringify([id, [...new Set(paths)].sort()]);
  return `sha256:${createHash("sha256").update(canonical, "utf8").digest("hex")}`;
}

function commitRules(repo: TestRepo, message: string): void {
  expectSuccess(repo.commit(message, ["--", intentsFile]), message);
}

function commitRetryChange(repo: TestRepo, content: string) {
  repo.write("src/utils/retry.ts", content);
  repo.git("add", "src/utils/retry.ts");
  return repo.commit("Move the retry helper", [], { env: { INTENTGUARD_INTENT: "INT-001" } });
}

/** Whether a process runs: a zombie (killed, not yet reaped by its parent) does not. */
function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return !/^[ZX]/.test(stat.slice(stat.lastIndexOf(")") + 2));
  } catch {
    return false;
  }
}

/** Kills the process group of process `pid`, if it is still there. */
function killGroup(pid: number): void {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const group = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[2]);
    process.kill(-group, "SIGKILL");
  } catch {
    // gone already
  }
}

function ledgerEvents(repo: TestRepo): { event: string }[] {
  return readFileSync(path.join(repo.dir, ".orchestration/agent_trace.jsonl"), "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line));
}

describe("scope request", () => {
  it("appends an unapproved grant, keeping every comment, and says how it counts", async () => {
    const repo = await governed();
    const request = repo.intentguard([
      "scope",
      "request",
      "INT-001",
      "./src/utils/",
      "--why",
      "The retry helper moves to src/utils",
    ]);
    expect(request.status, request.stderr).toBe(0);
    expect(request.stdout).toBe(
      [
        "intentguard: requested grant 1 of INT-001 (Auth): src/utils",
        "It counts once approved:",
        "  a person: intentguard scope approve INT-001 --grant 1",
        // No reviewer in this policy: scope review is not suggested.
        'Commit it on its own (a governance change): git commit -m "…" -- :/.orchestration/active_intents.yaml',
        "",
      ].join("\n"),
    );
    const text = repo.read(intentsFile);
    for (const comment of [
      "# The team's intents (a hand-written comment that must survive)",
      '  - id: "INT-001" # the auth work',
      "  # Billing has no grants yet.",
      '    owned_scope: ["src/auth"]',
    ]) {
      expect(text).toContain(comment);
    }
    expect(text).toMatch(/updated_at: "20\d\d-\d\d-\d\dT\d\d:\d\d:\d\dZ"/);
    expect(text).not.toContain("2026-01-01T00:00:00Z");
    expect(text).toContain(
      "    extended_scope:\n      - paths:\n          - src/utils\n        justification: The retry helper moves to src/utils\n",
    );
    expect(ledgerEvents(repo).at(-1)).toMatchObject({
      event: "scope_requested",
      intent_id: "INT-001",
      grant: 1,
      paths: ["src/utils"],
    });
  });

  it.each([
    [
      "a path the intent forbids",
      ["src/auth/secrets.ts"],
      1,
      "intentguard: INT-001 forbids src/auth/secrets.ts (forbidden_scope), and a forbidden path is never granted: deny wins over every grant. Change forbidden_scope in .orchestration/active_intents.yaml in a governance commit if the intent really needs it.\n",
    ],
    [
      "paths the intent already owns",
      ["src/auth/login.ts", "src/auth/**"],
      1,
      "intentguard: INT-001 already covers src/auth/login.ts, src/auth/**, so this grant would add nothing. Commit the change under INT-001 as it is.\n",
    ],
    [
      "a path leaving the repository",
      ["../elsewhere"],
      2,
      'intentguard: The path "../elsewhere" has a ".." segment; write the path from the repository root without leaving it.\n',
    ],
  ])("refuses %s, and writes nothing", async (_what, paths, status, message) => {
    const repo = await governed();
    const before = repo.read(intentsFile);
    const refused = repo.intentguard(["scope", "request", "INT-001", ...paths, "--why", "x"]);
    expect({ status: refused.status, stderr: refused.stderr }).toEqual({ status, stderr: message });
    expect(repo.read(intentsFile)).toBe(before);
  });

  it("asks for a signed commit when the policy requires signed rule changes", async () => {
    const repo = await governed("version: 1\ngovernance:\n  require_signed_by_approver: true\n");
    const request = repo.intentguard(["scope", "request", "INT-001", "src/utils", "--why", "x"]);
    expect(request.status, request.stderr).toBe(0);
    expect(request.stdout).toContain(
      'Commit it on its own (a governance change): git commit -S -m "…" -- :/.orchestration/active_intents.yaml (the policy requires governance commits signed by an approver)\n',
    );
  });

  it("refuses the paths of an existing grant, naming it", async () => {
    const repo = await governed();
    expectSuccess(
      repo.intentguard(["scope", "request", "INT-001", "src/utils", "--why", "x"]),
      "request",
    );
    const again = repo.intentguard(["scope", "request", "INT-001", "src/utils/", "--why", "y"]);
    expect(again.status).toBe(1);
    expect(again.stderr).toBe(
      // No reviewer in this policy: approving is the one way.
      "intentguard: Grant 1 of INT-001 already asks for these paths: approve it (intentguard scope approve INT-001 --grant 1).\n",
    );
  });
});

describe("scope approve", () => {
  it("blocks a commit outside the scope until the grant is approved and committed; editing its paths voids it", async () => {
    const repo = await governed();
    expectSuccess(
      repo.intentguard(["scope", "request", "INT-001", "src/utils", "--why", "x"]),
      "request",
    );
    commitRules(repo, "Request src/utils for INT-001");
    const blocked = commitRetryChange(repo, "export const retry = 2;\n");
    expect(blocked.status).toBe(refusedByHook);
    expect(blocked.stderr).toContain("1 path outside the scope of INT-001");
    expect(blocked.stderr).toContain(
      "grant 1 of INT-001 (src/utils) would admit src/utils/retry.ts, but it is not approved: approve it with intentguard scope approve INT-001 --grant 1",
    );

    repo.git("reset", "-q", "--hard");
    const approve = repo.intentguard(["scope", "approve", "INT-001"]);
    expect(approve.status, approve.stderr).toBe(0);
    expect(approve.stdout).toBe(
      [
        "intentguard: grant 1 of INT-001 approved by author@example.com",
        'Commit it on its own (a governance change): git commit -m "…" -- :/.orchestration/active_intents.yaml',
        "",
      ].join("\n"),
    );
    const approval =
      /approval: \{ by: author@example\.com, at: (\S+), signature: (sha256:[0-9a-f]{64}) \}/.exec(
        repo.read(intentsFile),
      );
    expect(approval?.[2]).toBe(signature("INT-001", ["src/utils"]));
    expect(repo.intentguard(["scope", "approve", "INT-001", "--grant", "1"])).toMatchObject({
      status: 2,
      stderr:
        "intentguard: Grant 1 of INT-001 is approved already (by author@example.com); nothing was changed.\n",
    });
    commitRules(repo, "Approve src/utils for INT-001");
    expect(commitRetryChange(repo, "export const retry = 2;\n").status).toBe(0);

    // Widening the grant after its approval voids it: the signature no longer matches.
    repo.write(intentsFile, repo.read(intentsFile).replace("- src/utils", "- src"));
    commitRules(repo, "Widen the grant");
    const voided = commitRetryChange(repo, "export const retry = 3;\n");
    expect(voided.status).toBe(refusedByHook);
    expect(voided.stderr).toContain("1 path outside the scope of INT-001");
    expect(voided.stderr).toContain("but its approval is stale");
  });

  it("refuses an approver the policy does not list, and the intent's own agent", async () => {
    const repo = await governed(
      "version: 1\nextended_scope:\n  approvers: [lead@example.com, agent-7]\n",
    );
    expectSuccess(
      repo.intentguard(["scope", "request", "INT-001", "src/utils", "--why", "x"]),
      "request",
    );
    const before = repo.read(intentsFile);
    const outsider = repo.intentguard(["scope", "approve", "INT-001", "--grant", "1"]);
    expect(outsider).toMatchObject({
      status: 1,
      stderr:
        "intentguard: author@example.com is not one of the policy's approvers (lead@example.com, agent-7), so the approval would not count. Ask one of them to run this command.\n",
    });
    // The agent running it is refused as any agent is; approving under its identity, as itself.
    const running = repo.intentguard(["scope", "approve", "INT-001"], {
      env: { INTENTGUARD_AGENT: "agent-7" },
    });
    expect(running).toMatchObject({
      status: 1,
      stderr:
        "intentguard: an agent runs this (agent-7, by INTENTGUARD_AGENT in the environment), and approving a grant is a person's act: a person approves it here, or the policy's reviewer (intentguard scope review INT-001).\n",
    });
    const self = repo.intentguard(["scope", "approve", "INT-001"], {
      env: { GIT_COMMITTER_EMAIL: "agent-7" },
    });
    expect(self).toMatchObject({
      status: 1,
      stderr:
        "intentguard: INT-001 is assigned to agent-7, who may not approve its own grant: a person (or the policy's reviewer) approves it.\n",
    });
    expect(repo.read(intentsFile)).toBe(before);
    const lead = repo.intentguard(["scope", "approve", "INT-001"], {
      env: { GIT_COMMITTER_EMAIL: "lead@example.com" },
    });
    expect(lead.status, lead.stderr).toBe(0);
    expect(ledgerEvents(repo).at(-1)).toMatchObject({
      event: "scope_approved",
      intent_id: "INT-001",
      grant: 1,
      by: "lead@example.com",
      signature: signature("INT-001", ["src/utils"]),
    });
  });

  it("does not count an approval carrying another grant's signature", async () => {
    const repo = await governed();
    for (const grantPath of ["src/utils", "src/tools"]) {
      expectSuccess(
        repo.intentguard(["scope", "request", "INT-001", grantPath, "--why", "x"]),
        "request",
      );
    }
    expectSuccess(repo.intentguard(["scope", "approve", "INT-001", "--grant", "2"]), "approve");
    // The approval of grant 2 (src/tools) pasted onto grant 1 (src/utils).
    const text = repo.read(intentsFile);
    const approval = /\n( +approval: .*)\n?/.exec(text)?.[1] ?? "";
    repo.write(
      intentsFile,
      text.replace(
        "        justification: x\n      - paths:",
        `        justification: x\n${approval}\n      - paths:`,
      ),
    );
    commitRules(repo, "Grants for INT-001");
    const blocked = commitRetryChange(repo, "export const retry = 2;\n");
    expect(blocked.status).toBe(refusedByHook);
    expect(blocked.stderr).toContain("1 path outside the scope of INT-001");
  });

  it("says which grants there are when --grant names none, or several wait", async () => {
    const repo = await governed();
    const none = repo.intentguard(["scope", "approve", "INT-002"]);
    expect(none).toMatchObject({
      status: 2,
      stderr:
        'intentguard: INT-002 has no extended_scope grants. Request one: intentguard scope request INT-002 <path…> --why "<justification>".\n',
    });
    for (const grantPath of ["src/utils", "src/tools"]) {
      expectSuccess(
        repo.intentguard(["scope", "request", "INT-001", grantPath, "--why", "x"]),
        "request",
      );
    }
    expect(repo.intentguard(["scope", "approve", "INT-001"])).toMatchObject({
      status: 2,
      stderr:
        "intentguard: INT-001 has several grants waiting; name one with --grant <N>:\n  1. src/utils — not approved\n  2. src/tools — not approved\n",
    });
    expect(repo.intentguard(["scope", "approve", "INT-001", "--grant", "3"])).toMatchObject({
      status: 2,
      stderr:
        "intentguard: INT-001 has no grant 3; its grants:\n  1. src/utils — not approved\n  2. src/tools — not approved\n",
    });
    expect(repo.intentguard(["scope", "approve", "INT-001", "--grant", "0"]).status).toBe(2);
  });
});

describe("scope review", () => {
  const policyWithReviewer = (command: string, timeout = 30) =>
    `version: 1\nextended_scope:\n  approvers: [lead@example.com]\n  reviewer:\n    name: bot\n    command: ${JSON.stringify(command)}\n    timeout_seconds: ${timeout}\n`;

  /** A grant of INT-001 requested, and `script` the policy's reviewer: ready for a review. */
  async function requested(script: string, timeout = 30) {
    const repo = await governed(policyWithReviewer("sh review.sh", timeout));
    repo.write("review.sh", script);
    const request = repo.intentguard([
      "scope",
      "request",
      "INT-001",
      "src/utils",
      "--why",
      "the helper moves",
    ]);
    expectSuccess(request, "request");
    repo.write("src/utils/retry.ts", "export const retry = 2;\n");
    repo.git("add", "src/utils/retry.ts");
    return { repo, request };
  }

  async function reviewed(script: string) {
    const { repo, request } = await requested(script);
    const review = repo.intentguard(["scope", "review", "INT-001"]);
    return { repo, review, request };
  }

  /**
   * Reviews in process with a clock whose timeout (timeout_seconds) runs out only once each of
   * `started` (files the reviewer writes when it runs) is there: the review times out with the
   * reviewer running, however slowly the machine starts it, and no test waits out a timeout.
   */
  async function reviewedTimingOut(script: string, started: string[]) {
    const { repo } = await requested(script);
    useHermeticProcessEnv(repo);
    const written = (file: string) =>
      existsSync(path.join(repo.dir, file)) && repo.read(file).endsWith("\n");
    const clock = new TestClock("2026-03-01T09:00:00Z", async (ms) => {
      if (ms === 30_000) await waitUntil(() => started.every(written), started.join(" and "));
    });
    // Should the review fail to kill them, they are not left waiting for ever.
    onTestFinished(() => {
      for (const file of started.filter(written)) killGroup(Number(repo.read(file).trim()));
    });
    const result = await reviewGrant(await locateRepo(repo.dir), clock, "INT-001", undefined);
    return { repo, result, clock };
  }

  it("approves when the reviewer says so, with the request on its stdin; the grant then counts", async () => {
    const {
      repo,
      review,
      request: asked,
    } = await reviewed(
      'cat > request.json\necho "The move is needed."\necho "RESOLUTION: APPROVED"\n',
    );
    // With a reviewer in the policy, the request names both ways to approve, and so does the
    // refusal of the same paths again.
    expect(asked.stdout).toContain(
      "  a person: intentguard scope approve INT-001 --grant 1\n  the policy's reviewer: intentguard scope review INT-001 --grant 1\n",
    );
    const again = repo.intentguard(["scope", "request", "INT-001", "src/utils", "--why", "x"]);
    expect(again.stderr).toBe(
      "intentguard: Grant 1 of INT-001 already asks for these paths: approve it (intentguard scope approve INT-001 --grant 1) or have it reviewed (intentguard scope review INT-001 --grant 1).\n",
    );
    expect(review.status, review.stderr).toBe(0);
    expect(review.stdout).toBe(
      [
        "intentguard: reviewer:bot approved grant 1 of INT-001:",
        "  The move is needed.",
        'Commit it on its own (a governance change): git commit -m "…" -- :/.orchestration/active_intents.yaml',
        "",
      ].join("\n"),
    );
    const request = JSON.parse(repo.read("request.json"));
    expect(request).toMatchObject({
      version: 1,
      intent: { id: "INT-001", name: "Auth", owned_scope: ["src/auth"] },
      grant: { number: 1, paths: ["src/utils"], justification: "the helper moves" },
    });
    expect(request.diff).toContain("+export const retry = 2;");
    const text = repo.read(intentsFile);
    expect(text).toContain("decision: APPROVED");
    expect(text).toContain("approval: { by: reviewer:bot,");
    expect(text).toContain(signature("INT-001", ["src/utils"]));
    expect(ledgerEvents(repo).at(-1)).toMatchObject({
      event: "scope_reviewed",
      reviewer: "reviewer:bot",
      decision: "APPROVED",
      reasons: "The move is needed.",
    });
    commitRules(repo, "Reviewed grant");
    const landed = repo.commit("Move the retry helper", [], {
      env: { INTENTGUARD_INTENT: "INT-001" },
    });
    expect(landed.status, landed.stderr).toBe(0);
  });

  it.each([
    ["says so", 'echo "Too broad."\necho "RESOLUTION: REJECTED"\n', "  Too broad."],
    [
      "prints both tokens",
      'echo "RESOLUTION: APPROVED"\necho "RESOLUTION: REJECTED"\n',
      "  intentguard: the reviewer printed both RESOLUTION: APPROVED and RESOLUTION: REJECTED; rejection wins",
    ],
    [
      "prints nothing",
      ":\n",
      "  intentguard: the reviewer printed no RESOLUTION: APPROVED or REJECTED line",
    ],
    ["exits 1", 'echo "RESOLUTION: APPROVED"\nexit 1\n', "  intentguard: the reviewer exited 1"],
    [
      "is not found",
      "no-such-reviewer-command\n",
      "  intentguard: the reviewer command was not found (exit 127)",
    ],
  ])("rejects when the reviewer %s, and records it", async (_what, script, reasons) => {
    const { repo, review } = await reviewed(script);
    expect(review.status).toBe(1);
    expect(review.stdout.split("\n").slice(0, 2)).toEqual([
      "intentguard: reviewer:bot rejected grant 1 of INT-001:",
      reasons,
    ]);
    const text = repo.read(intentsFile);
    expect(text).toContain("decision: REJECTED");
    expect(text).not.toContain("approval:");
    expect(ledgerEvents(repo).at(-1)).toMatchObject({
      event: "scope_reviewed",
      decision: "REJECTED",
    });
  });

  it("rejects a reviewer that hangs past timeout_seconds, killing it", async () => {
    // It would wait until killed, then write `finished` and approve: killed, it never gets to.
    const { repo, result } = await reviewedTimingOut(
      'echo $$ > reviewer.pid\ntail -f /dev/null\ntouch finished\necho "RESOLUTION: APPROVED"\n',
      ["reviewer.pid"],
    );
    expect(result.review).toEqual({
      decision: "REJECTED",
      reasons: "intentguard: the reviewer did not answer within 30 s",
    });
    expect(alive(Number(repo.read("reviewer.pid").trim()))).toBe(false);
    expect(existsSync(path.join(repo.dir, "finished"))).toBe(false);
    expect(repo.read(intentsFile)).not.toContain("approval:");
    // Recorded at the clock's time: the review started at 09:00:00 and timed out 30 s later.
    expect(repo.read(intentsFile)).toContain('    updated_at: "2026-03-01T09:00:30Z"\n');
    expect(repo.read(intentsFile)).toContain(
      "        review:\n          by: reviewer:bot\n          at: 2026-03-01T09:00:30Z\n          decision: REJECTED\n",
    );
  });

  it("reads the tokens from the whole output: a rejection after 2 MB of text is not lost", async () => {
    const { repo, review } = await reviewed(
      'echo "RESOLUTION: APPROVED"\nhead -c 2000000 /dev/zero | tr "\\0" x\necho\necho "RESOLUTION: REJECTED"\n',
    );
    expect(review.status).toBe(1);
    expect(review.stdout.split("\n").slice(0, 2)).toEqual([
      "intentguard: reviewer:bot rejected grant 1 of INT-001:",
      "  intentguard: the reviewer printed more than 1048576 bytes (1 MiB), more than a review may; it was stopped, and nothing it printed counts as a decision",
    ]);
    expect(repo.read(intentsFile)).not.toContain("approval:");
    expect(ledgerEvents(repo).at(-1)).toMatchObject({
      event: "scope_reviewed",
      decision: "REJECTED",
    });
  });

  it("says a reviewer printed too much, not that it printed no token, when its token comes after 1 MiB", async () => {
    const { review } = await reviewed(
      'head -c 1100000 /dev/zero | tr "\\0" x\necho\necho "RESOLUTION: APPROVED"\n',
    );
    expect(review.status).toBe(1);
    expect(review.stdout).toContain(
      "  intentguard: the reviewer printed more than 1048576 bytes (1 MiB), more than a review may",
    );
    expect(review.stdout).not.toContain("printed no RESOLUTION");
  });

  it("finds a rejection that streams in after much output within the limit, and keeps the end of the words", async () => {
    const { review } = await reviewed(
      'echo "RESOLUTION: APPROVED"\nhead -c 900000 /dev/zero | tr "\\0" x\necho\necho "The last word."\necho "RESOLUTION: REJECTED"\n',
    );
    expect(review.status).toBe(1);
    const lines = review.stdout.split("\n");
    expect(lines[0]).toBe("intentguard: reviewer:bot rejected grant 1 of INT-001:");
    expect(lines[1]).toMatch(/^ {2}x{3985}$/);
    expect(lines.slice(2, 4)).toEqual([
      "  The last word.",
      "  intentguard: the reviewer printed both RESOLUTION: APPROVED and RESOLUTION: REJECTED; rejection wins",
    ]);
  });

  // /proc and setsid: Linux, where every process carrying the review's token is killed.
  it.runIf(process.platform === "linux")(
    "kills on timeout what the reviewer started, also a child that left its process group",
    async () => {
      // The detached child writes its pid, then waits until killed.
      const { repo, result } = await reviewedTimingOut(
        `echo $$ > reviewer.pid\nsetsid sh -c 'echo $$ > detached.pid; exec tail -f /dev/null' &\ntail -f /dev/null\n`,
        ["reviewer.pid", "detached.pid"],
      );
      expect(result.review.reasons).toBe("intentguard: the reviewer did not answer within 30 s");
      const pid = Number(repo.read("detached.pid").trim());
      expect(pid).toBeGreaterThan(0);
      expect(alive(pid)).toBe(false);
    },
  );

  it("records nothing when the grant changed while the reviewer ran", async () => {
    const { repo, review } = await reviewed(
      `sed -i 's/- src\\/utils/- src/' ${intentsFile}\necho "RESOLUTION: APPROVED"\n`,
    );
    expect(review.status).toBe(2);
    expect(review.stderr).toBe(
      "intentguard: Grant 1 of INT-001 changed while the reviewer ran, so its decision (APPROVED) was not recorded. Run the review again.\n",
    );
    expect(repo.read(intentsFile)).not.toContain("approval:");
  });

  it("says when the policy names no reviewer", async () => {
    const repo = await governed();
    expectSuccess(
      repo.intentguard(["scope", "request", "INT-001", "src/utils", "--why", "x"]),
      "request",
    );
    expect(repo.intentguard(["scope", "review", "INT-001"])).toMatchObject({
      status: 2,
      stderr:
        "intentguard: The policy names no reviewer (extended_scope.reviewer: { name, command, timeout_seconds } in policies/intentguard.yaml), so there is nothing to run. Approve the grant yourself with intentguard scope approve.\n",
    });
  });
});

describe("the intents file as the user wrote it", () => {
  it("keeps CRLF line ends, and says when its layout could not be kept line for line", async () => {
    const crlf = await governed();
    crlf.write(intentsFile, crlf.read(intentsFile).replaceAll("\n", "\r\n"));
    expectSuccess(
      crlf.intentguard(["scope", "request", "INT-001", "src/utils", "--why", "x"]),
      "request",
    );
    const text = crlf.read(intentsFile);
    expect(text.split("\n").every((line) => line === "" || line.endsWith("\r"))).toBe(true);
    expect(text).toContain('  - id: "INT-001" # the auth work\r\n');

    // A comment right after `active_intents:` is one yaml puts on a line of its own.
    const odd = await governed();
    odd.write(
      intentsFile,
      odd.read(intentsFile).replace("active_intents:\n", "active_intents: # ours\n"),
    );
    const request = odd.intentguard(["scope", "request", "INT-001", "src/utils", "--why", "x"]);
    expect(request.status, request.stderr).toBe(0);
    expect(request.stdout).toContain(
      "note: this layout of .orchestration/active_intents.yaml could not be edited in place, so it was written out anew (comments and key order kept; spacing and quoting may differ): review it with git diff.",
    );
    expect(odd.read(intentsFile)).toContain("# ours");
    expect(odd.read(intentsFile)).toContain("# the auth work");
  });
});

describe("a reviewer that leaves a child holding its output", () => {
  it("is answered when it exits, not when the child lets go of the pipe", async () => {
    const repo = await governed(
      'version: 1\nextended_scope:\n  reviewer:\n    name: bot\n    command: "sh review.sh"\n    timeout_seconds: 60\n',
    );
    // The child holds the reviewer's stdout until this test ends it: a review that waited for
    // the pipe to close would never be answered.
    repo.write(
      "review.sh",
      "echo \"RESOLUTION: APPROVED\"\nsetsid sh -c 'echo $$ > child.pid; tail -f /dev/null; echo late' &\nexit 0\n",
    );
    expectSuccess(
      repo.intentguard(["scope", "request", "INT-001", "src/utils", "--why", "x"]),
      "request",
    );
    const review = repo.intentguard(["scope", "review", "INT-001"]);
    const pidFile = path.join(repo.dir, "child.pid");
    await waitUntil(() => existsSync(pidFile) && repo.read("child.pid").endsWith("\n"), pidFile);
    const child = Number(repo.read("child.pid").trim());
    try {
      expect(review.status, review.stdout + review.stderr).toBe(0);
      expect(review.stdout).not.toContain("late");
      expect(alive(child)).toBe(true);
    } finally {
      killGroup(child);
    }
  });
});

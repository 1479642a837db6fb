import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  createPreReceiveServer,
  createSelectedRepo,
  type Run,
  refusedByHook,
  type TestRepo,
} from "../support/test-repo.js";

const intentsPath = ".orchestration/active_intents.yaml";
const policyPath = "policies/intentguard.yaml";
/** The trailers prepare-commit-msg writes for an agent (INTENTGUARD_AGENT=builder). */
const agentTrailers = "\n\nContributor-Type: AI\nContributor-Agent: builder";

function push(repo: TestRepo, serverDir: string, rev: string): Run {
  return repo.tryGit(["push", "-q", serverDir, `${rev}:refs/heads/main`], {
    env: { INTENTGUARD: "0" },
  });
}

function output(run: Run): string {
  return `${run.stdout}${run.stderr}`;
}

/** Edits the intents file in the work tree. */
function editIntents(repo: TestRepo, edit: (text: string) => string): void {
  const file = path.join(repo.dir, intentsPath);
  const before = readFileSync(file, "utf8");
  const after = edit(before);
  expect(after).not.toBe(before);
  writeFileSync(file, after);
}

/** A rules commit made without hooks (as another clone or a bypass would), with this message. */
function commitRulesUnhooked(repo: TestRepo, message: string): string {
  repo.git("add", "--", intentsPath);
  repo.git("-c", "core.hooksPath=/dev/null", "commit", "-q", "-m", message);
  return repo.head();
}

describe("agents cannot change the rules", () => {
  it("refuses an agent's widening of its own scope locally, in check --range and pre-receive; a person's passes", async () => {
    const repo = await createSelectedRepo();
    const bare = createPreReceiveServer(repo);
    expect(push(repo, bare, "main").status).toBe(0);
    const base = repo.head();
    editIntents(repo, (text) =>
      text.replace('owned_scope: ["src/auth", ', 'owned_scope: ["src", '),
    );
    repo.git("add", "--", intentsPath);
    // Locally: the agent's environment declares it.
    const local = repo.commit("Widen my scope", [], { env: { INTENTGUARD_AGENT: "builder" } });
    expect(local.status, output(local)).toBe(refusedByHook);
    expect(output(local)).toContain("rule: agent_governance (error)");
    expect(output(local)).toContain("an agent (builder, by");
    expect(repo.head()).toBe(base);
    // An agent's own variable says so as well, whatever INTENTGUARD_CONTRIBUTOR claims.
    const claude = repo.commit("Widen my scope", [], {
      env: { CLAUDECODE: "1", INTENTGUARD_CONTRIBUTOR: "human" },
    });
    expect(claude.status, output(claude)).toBe(refusedByHook);
    expect(output(claude)).toContain("an agent (claude-code, by");
    // Past the hooks, its trailers say so: check --range and pre-receive refuse it.
    const widened = commitRulesUnhooked(repo, `Widen my scope${agentTrailers}`);
    const range = repo.intentguard(["check", "--range", `${base}..${widened}`]);
    expect(range.status, output(range)).toBe(1);
    expect(output(range)).toContain("agent_governance: an agent (builder, by its trailers)");
    const pushed = push(repo, bare, widened);
    expect(pushed.status, output(pushed)).not.toBe(0);
    expect(output(pushed)).toContain("agent_governance");
    // The same change by a person lands everywhere.
    repo.git("reset", "-q", "--soft", base);
    const person = repo.commit("Widen the scope");
    expect(person.status, output(person)).toBe(0);
    expect(repo.intentguard(["check", "--range", `${base}..HEAD`]).status).toBe(0);
    expect(push(repo, bare, "HEAD").status).toBe(0);
  });

  it("lets an agent commit its own scope request, not an approval nor a dropped forbidden path", async () => {
    const repo = await createSelectedRepo();
    const agent = { INTENTGUARD_AGENT: "builder" };
    const request = repo.intentguard(
      ["scope", "request", "INT-001", "docs/auth", "--why", "docs"],
      {
        env: agent,
      },
    );
    expect(request.status, output(request)).toBe(0);
    repo.git("add", "--", intentsPath);
    const requested = repo.commit("Ask for docs/auth", [], { env: agent });
    expect(requested.status, output(requested)).toBe(0);
    expect(
      repo.git("log", "-1", "--format=%(trailers:key=Contributor-Agent,valueonly)").trim(),
    ).toBe("builder");
    const base = repo.head();
    // An agent may not approve it: refused before anything is written.
    const approve = repo.intentguard(["scope", "approve", "INT-001", "--grant", "1"], {
      env: { GEMINI_CLI: "1" },
    });
    expect(approve.status, output(approve)).toBe(1);
    expect(output(approve)).toContain("an agent runs this (gemini-cli, by GEMINI_CLI");
    expect(repo.git("status", "--porcelain")).toBe("");
    // A person approves; the agent cannot commit that approval for them.
    expect(repo.intentguard(["scope", "approve", "INT-001", "--grant", "1"]).status).toBe(0);
    repo.git("add", "--", intentsPath);
    const approval = repo.commit("Approve docs/auth", [], { env: agent });
    expect(approval.status, output(approval)).toBe(refusedByHook);
    expect(output(approval)).toContain("agent_governance");
    // Nor drop a forbidden path, even together with a request.
    repo.git("checkout", "-q", "--", intentsPath);
    repo.git("reset", "-q");
    editIntents(repo, (text) =>
      text.replace('forbidden_scope: ["src/auth/secrets"]', "forbidden_scope: []"),
    );
    repo.git("add", "--", intentsPath);
    const dropped = repo.commit("Drop the forbidden path", [], { env: agent });
    expect(dropped.status, output(dropped)).toBe(refusedByHook);
    expect(repo.head()).toBe(base);
  });

  it("is the rules in force's to relax: a person's policy change lets agents change more", async () => {
    const repo = await createSelectedRepo();
    const policy = path.join(repo.dir, policyPath);
    // The shipped policy, committed by a person.
    const text = readFileSync(new URL(`../../${policyPath}`, import.meta.url), "utf8");
    expect(text).toContain("agent_governance: error");
    repo.write(policyPath, text);
    repo.git("add", "--", policyPath);
    expect(repo.commit("Add the policy").status).toBe(0);
    // The agent cannot relax it for itself.
    writeFileSync(policy, text.replace("agent_governance: error", "agent_governance: warn"));
    repo.git("add", "--", policyPath);
    const own = repo.commit("Relax the rule", [], { env: { INTENTGUARD_AGENT: "builder" } });
    expect(own.status, output(own)).toBe(refusedByHook);
    // A person can; then the agent's widening is a warning.
    expect(repo.commit("Relax the rule").status).toBe(0);
    editIntents(repo, (value) =>
      value.replace('owned_scope: ["src/auth", ', 'owned_scope: ["src", '),
    );
    repo.git("add", "--", intentsPath);
    const warned = repo.commit("Widen", [], { env: { INTENTGUARD_AGENT: "builder" } });
    expect(warned.status, output(warned)).toBe(0);
    expect(output(warned)).toContain("rule: agent_governance (warn)");
  });

  it("marks an agent's commit as such wherever it is made, so CI and the server see it (a detached HEAD)", async () => {
    const repo = await createSelectedRepo();
    const base = repo.head();
    repo.git("checkout", "-q", "--detach");
    editIntents(repo, (text) =>
      text.replace('owned_scope: ["src/auth", ', 'owned_scope: ["src", '),
    );
    repo.git("add", "--", intentsPath);
    // No branch moves, so no landing judges it here; its trailers say whose it is.
    const made = repo.commit("Widen (detached)", [], {
      env: { CLAUDECODE: "1", INTENTGUARD_CONTRIBUTOR: "human" },
    });
    expect(made.status, output(made)).toBe(0);
    expect(repo.git("log", "-1", "--format=%(trailers:only,unfold)")).toBe(
      "Contributor-Type: AI\nContributor-Agent: claude-code\n\n",
    );
    const range = repo.intentguard(["check", "--range", `${base}..HEAD`]);
    expect(range.status, output(range)).toBe(1);
    expect(output(range)).toContain("agent_governance: an agent (claude-code, by its trailers)");
  });

  it("reads every declaration the trailers make: a later Contributor-Type: AI, an AI co-author", async () => {
    const repo = await createSelectedRepo();
    const base = repo.head();
    editIntents(repo, (text) =>
      text.replace('owned_scope: ["src/auth", ', 'owned_scope: ["src", '),
    );
    for (const trailers of [
      "Contributor-Type: HUMAN\nContributor-Type: AI",
      "Co-authored-by: Claude <noreply@anthropic.com>",
    ]) {
      const commit = commitRulesUnhooked(repo, `Widen\n\n${trailers}`);
      const range = repo.intentguard(["check", "--range", `${base}..${commit}`]);
      expect(range.status, `${trailers}: ${output(range)}`).toBe(1);
      expect(output(range)).toContain("agent_governance");
      repo.git("reset", "-q", "--soft", base);
    }
  });

  it("measures an agent's request from its own parent when the rules moved on meanwhile", async () => {
    const repo = await createSelectedRepo();
    const fork = repo.head();
    // A person narrows the rules on main.
    editIntents(repo, (text) =>
      text.replace(
        'forbidden_scope: ["src/auth/secrets"]',
        'forbidden_scope: ["src/auth/secrets", "src/auth/legacy"]',
      ),
    );
    repo.git("add", "--", intentsPath);
    expect(repo.commit("Forbid legacy").status).toBe(0);
    // The agent, on a branch from before, asks for docs/auth and merges main in (a person's merge).
    repo.git("checkout", "-q", "-b", "agent", fork);
    const agent = { INTENTGUARD_AGENT: "builder" };
    expect(
      repo.intentguard(["scope", "request", "INT-001", "docs/auth", "--why", "docs"], {
        env: agent,
      }).status,
    ).toBe(0);
    repo.git("add", "--", intentsPath);
    const requested = repo.commit("Ask for docs/auth", [], { env: agent });
    expect(requested.status, output(requested)).toBe(0);
    const merged = repo.tryGit(["merge", "-q", "-m", "Merge main", "main"]);
    expect(merged.status, output(merged)).toBe(0);
    const range = repo.intentguard(["check", "--range", "main..agent"]);
    expect(range.status, output(range)).toBe(0);
  });
});

import {
  chmodSync,
  copyFileSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { installPackageCopy } from "../support/package-copy.js";
import {
  cliPath,
  createGovernedRepo,
  createScratchDir,
  expectSuccess,
  projectRoot,
  standardIntents,
  type TestRepo,
} from "../support/test-repo.js";

/**
 * Every command docs/ shows, run: each page's sh blocks, line by line and verbatim, in a
 * repository set up as the page assumes, each line expected to succeed, then what the commands
 * should have left behind, checked. The README's own blocks are run by first-week.test.ts. A page
 * that gains a block fails here until this file runs it.
 */
const docsDir = path.join(projectRoot, "docs");

/** The lines of each sh block of a page: comment-only and blank lines left out. */
function shBlocks(page: string): string[][] {
  const text = readFileSync(path.join(docsDir, page), "utf8");
  return [...text.matchAll(/```sh\n([\s\S]*?)```/g)].map((block) =>
    (block[1] ?? "").split("\n").filter((line) => line.trim() !== "" && !line.startsWith("#")),
  );
}

const npmEnv = {
  npm_config_prefer_offline: "true",
  npm_config_audit: "false",
  npm_config_fund: "false",
  npm_config_update_notifier: "false",
};

/**
 * Puts `intentguard` on PATH as a global install would, and the package in the repository's
 * node_modules as a project dependency has it (what `npx intentguard` finds).
 */
function commandsFor(repo: TestRepo): Record<string, string> {
  const bin = path.join(createScratchDir("intentguard-bin-"), "bin");
  mkdirSync(bin);
  writeFileSync(
    path.join(bin, "intentguard"),
    `#!/bin/sh\nexec "${process.execPath}" "${cliPath}" "$@"\n`,
  );
  chmodSync(path.join(bin, "intentguard"), 0o755);
  installPackageCopy(path.join(repo.dir, "node_modules"));
  return { ...npmEnv, PATH: `${bin}${path.delimiter}${repo.env.PATH ?? ""}` };
}

/** Runs each line with sh in the repository; every one must exit 0. */
function runBlock(repo: TestRepo, lines: string[], env: Record<string, string>): void {
  for (const line of lines) {
    const result = repo.run("sh", ["-c", line], { env });
    expect({ line, status: result.status, output: result.stderr + result.stdout }).toMatchObject({
      line,
      status: 0,
    });
  }
}

function intentOf(repo: TestRepo, id: string, env: Record<string, string>) {
  const shown = expectSuccess(
    repo.run("sh", ["-c", `intentguard intent show ${id} --format json`], { env }),
    `intent show ${id}`,
  );
  return JSON.parse(shown.stdout).intent;
}

const ignored = { ".gitignore": "node_modules/\n" };

const pages: Record<string, number> = {
  "concepts.md": 2,
  "ci-and-server.md": 2,
  "agents.md": 2,
  "trust-model.md": 1,
};

it("runs every page of docs/ that shows commands, block for block", () => {
  const shown = Object.fromEntries(
    readdirSync(docsDir)
      .filter((page) => page.endsWith(".md"))
      .map((page) => [page, shBlocks(page).length] as const)
      .filter(([, blocks]) => blocks > 0),
  );
  expect(shown).toEqual(pages);
});

describe("docs/concepts.md", () => {
  it("moves an intent through its lifecycle and grants scope, as shown", async () => {
    const policy = `version: 1\nextended_scope:\n  reviewer:\n    name: bot\n    command: "echo 'RESOLUTION: APPROVED'"\n    timeout_seconds: 30\n`;
    const repo = await createGovernedRepo({
      files: {
        ...ignored,
        "policies/intentguard.yaml": policy,
        "src/auth/login.ts": "export const login = 1;\n",
        "src/utils/retry.ts": "export const retry = 1;\n",
        "src/billing/export.ts": "export const exported = 1;\n",
      },
    });
    const env = commandsFor(repo);
    const [lifecycle = [], grants = []] = shBlocks("concepts.md");
    runBlock(repo, lifecycle, env);
    runBlock(repo, grants, env);

    // The grants' commit landed with the intents file alone, and holds what the commands wrote.
    expect(repo.git("show", "--name-only", "--format=%s", "HEAD").trim().split("\n")).toEqual([
      "Grant src/utils and the export to INT-001",
      "",
      ".orchestration/active_intents.yaml",
    ]);
    expect(intentOf(repo, "INT-003", env).status).toBe("ABANDONED");
    expect(intentOf(repo, "INT-007", env)).toMatchObject({
      name: "Billing export",
      status: "PENDING",
      owned_scope: ["src/billing/export/**"],
      forbidden_scope: ["src/billing/keys.ts"],
      assigned_agent: "agent-7",
    });
    const grantsOf = intentOf(repo, "INT-001", env).extended_scope;
    expect(grantsOf.map((grant: { paths: string[] }) => grant.paths)).toEqual([
      ["src/utils"],
      ["src/billing/export.ts"],
    ]);
    expect(grantsOf[0].approval.by).toBe("author@example.com");
    expect(grantsOf[1].approval.by).toBe("reviewer:bot");
  });
});

describe("docs/ci-and-server.md", () => {
  it("checks a pushed branch in CI and on the server, as shown", async () => {
    const repo = await createGovernedRepo({ files: { ...ignored, "src/auth/login.ts": "1\n" } });
    const env = commandsFor(repo);
    const server = path.join(createScratchDir(), "server.git");
    repo.git("init", "-q", "--bare", "--initial-branch=main", server);
    repo.git("remote", "add", "origin", server);
    repo.git("push", "-q", "origin", "main");
    const before = repo.head();
    repo.git("checkout", "-q", "-b", "feature");
    const after = repo.commitFile("src/auth/login.ts", "2\n", "Tighten the login", {
      env: { INTENTGUARD_INTENT: "INT-001" },
    });
    const event = path.join(createScratchDir(), "event.json");
    writeFileSync(
      event,
      JSON.stringify({
        ref: "refs/heads/feature",
        before,
        after,
        repository: { default_branch: "main" },
      }),
    );
    const ci = {
      ...env,
      GITHUB_ACTIONS: "true",
      GITHUB_EVENT_NAME: "push",
      GITHUB_EVENT_PATH: event,
      GITHUB_SHA: after,
    };
    const [checks = [], preReceive = []] = shBlocks("ci-and-server.md");
    runBlock(repo, checks, ci);

    // The hook file, as shown, guards the server: an in-scope branch is taken...
    const hook = path.join(server, "hooks", "pre-receive");
    writeFileSync(hook, `${preReceive.join("\n")}\n`);
    chmodSync(hook, 0o755);
    expectSuccess(repo.tryGit(["push", "-q", "origin", "feature"], { env }), "push");
    expect(repo.git("--git-dir", server, "rev-parse", "feature").trim()).toBe(after);
    // ...and a commit outside its intent's scope is refused.
    repo.commitFile("src/billing/invoice.ts", "2\n", "Reprice", {
      env: { INTENTGUARD: "0", INTENTGUARD_INTENT: "INT-001" },
    });
    const refused = repo.tryGit(["push", "origin", "feature"], { env });
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain("remote: ");
    expect(repo.git("--git-dir", server, "rev-parse", "feature").trim()).toBe(after);
  });
});

describe("docs/agents.md", () => {
  it("wires the agents, commits the wiring, and asks before a write, as shown", async () => {
    const wiring = [".claude", ".codex", ".gemini", ".cursor", ".github/hooks", ".windsurf"];
    const tooling = [...wiring, ".clinerules", ".opencode"].map((dir) => `"${dir}/**"`);
    const intents = standardIntents.replace(
      'owned_scope: ["docs/**"]',
      `owned_scope: ["docs/**", ${tooling.join(", ")}]`,
    );
    const repo = await createGovernedRepo({ intents, files: { ...ignored, "docs/a.md": "a\n" } });
    const env = commandsFor(repo);
    const [wire = [], beforeWrite = []] = shBlocks("agents.md");
    runBlock(repo, wire, env);
    const committed = repo.git("show", "--name-only", "--format=%(trailers:key=Intent)", "HEAD");
    expect(committed).toContain("Intent: INT-002");
    expect(committed).toContain(".claude/settings.json");

    repo.write("src/auth/a.ts", "export const a = 1;\n");
    repo.git("add", "src/auth/a.ts");
    runBlock(repo, beforeWrite, env);
    expect(repo.git("log", "-1", "--format=%(trailers:key=Intent,key=Contributor-Agent)")).toBe(
      "Intent: INT-001\nContributor-Agent: agent-builder-01\n\n",
    );
  });
});

describe("docs/trust-model.md", () => {
  it("signs a rules change as an approver, as shown, and it lands", async () => {
    const policy =
      "version: 1\nextended_scope:\n  approvers: [alice@example.com]\ngovernance:\n  require_signed_by_approver: true\n";
    const repo = await createGovernedRepo({
      files: { ...ignored, "policies/intentguard.yaml": policy, "src/utils/retry.ts": "1\n" },
    });
    const env = {
      ...commandsFor(repo),
      GIT_AUTHOR_EMAIL: "alice@example.com",
      GIT_COMMITTER_EMAIL: "alice@example.com",
    };
    const ssh = path.join(repo.base, "home", ".ssh");
    mkdirSync(ssh, { recursive: true });
    const key = path.join(ssh, "id_ed25519");
    expectSuccess(repo.run("ssh-keygen", ["-q", "-t", "ed25519", "-N", "", "-f", key]), "keygen");
    copyFileSync(`${key}.pub`, path.join(repo.dir, "alice_id_ed25519.pub"));
    for (const command of ["scope request INT-001 src/utils --why x", "scope approve INT-001"]) {
      expectSuccess(repo.run("sh", ["-c", `intentguard ${command}`], { env }), command);
    }
    const [signing = []] = shBlocks("trust-model.md");
    runBlock(repo, signing, env);
    expect(repo.lastMessage()).toBe("Approve INT-001's grant\n");
    expectSuccess(repo.tryGit(["verify-commit", "HEAD"], { env }), "verify-commit");
  });
});

import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  contributorFromEnvironment,
  trailersForContributor,
} from "../../src/core/trace/contributor.js";
import { createGovernedRepo, createSelectedRepo, refusedByHook } from "../support/test-repo.js";

const declarations: Record<string, string | undefined>[] = [
  {},
  { INTENTGUARD_MODEL: "anthropic/claude-sonnet-4-6" },
  { INTENTGUARD_AGENT: " agent-7 " },
  { INTENTGUARD_MODEL: "m/1", INTENTGUARD_AGENT: "a-1" },
  { INTENTGUARD_CONTRIBUTOR: "Human", INTENTGUARD_MODEL: "m/1", INTENTGUARD_AGENT: "a-1" },
  { INTENTGUARD_CONTRIBUTOR: "ai" },
  { INTENTGUARD_CONTRIBUTOR: "  ", INTENTGUARD_MODEL: "" },
];

describe("the trailers the sh hooks add", () => {
  it.each(declarations)(
    "writes the contributor exactly as src/core/trace/contributor.ts decides it: %j",
    async (declared) => {
      const repo = await createSelectedRepo();
      repo.write("src/auth/login.ts", `${JSON.stringify(declared)}\n`);
      repo.git("add", "-A");
      const result = repo.commit("Change", [], { env: declared });
      expect(result.status, result.stderr).toBe(0);
      const contributor = contributorFromEnvironment({
        contributor: declared.INTENTGUARD_CONTRIBUTOR,
        model: declared.INTENTGUARD_MODEL,
        agent: declared.INTENTGUARD_AGENT,
      });
      const expected = [
        "Intent: INT-001",
        ...(contributor ? trailersForContributor(contributor) : []).map(
          ({ key, value }) => `${key}: ${value}`,
        ),
      ];
      expect(repo.lastMessage()).toBe(`Change\n\n${expected.join("\n")}\n`);
    },
  );

  it("adds the trailer after the editor, not before it (an aborted editor stays aborted)", async () => {
    const repo = await createSelectedRepo("INT-002");
    repo.write("docs/guide.md", "x\n");
    repo.git("add", "-A");
    const editor = `sh -c 'printf "Written in the editor\\n" > "$1"' editor`;
    const result = repo.tryGit(["commit"], { env: { GIT_EDITOR: editor } });
    expect(result.status, result.stderr).toBe(0);
    expect(repo.lastMessage()).toBe("Written in the editor\n\nIntent: INT-002\n");
  });

  it("adds a trailer to a message without a final newline (git merge -m writes one)", async () => {
    const repo = await createSelectedRepo();
    repo.commitOnBranch("side", "src/auth/side.ts", "side\n", "Side");
    repo.commitFile("src/auth/main.ts", "main\n", "Main");
    expect(repo.tryGit(["merge", "--no-ff", "-m", "Merge side", "side"]).status).toBe(0);
    expect(repo.lastMessage()).toBe("Merge side\n\nIntent: INT-001\n");
  });
});

describe("the early check before the editor opens", () => {
  it("refuses before the editor opens, so no message is written for a commit that cannot land", async () => {
    const repo = await createGovernedRepo();
    repo.write("src/billing/invoice.ts", "outside\n");
    repo.git("add", "-A");
    const marker = `${repo.base}/editor-ran`;
    const result = repo.tryGit(["commit"], {
      env: { GIT_EDITOR: `touch '${marker}'; true`, INTENTGUARD_INTENT: "INT-001" },
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("outside the scope of INT-001 (Auth)");
    expect(result.stderr).toContain("checked before the message editor opened");
    expect(repo.run("test", ["-e", marker]).status).toBe(1);
  });

  it("leaves a block under the selection to the landing: the message's Intent: trailer outranks it", async () => {
    const repo = await createSelectedRepo();
    repo.write("docs/guide.md", "# Guide\n");
    repo.git("add", "-A");
    const message = path.join(repo.base, "message.txt");
    repo.write(path.relative(repo.dir, message), "Write the guide\n\nIntent: INT-002\n");
    const result = repo.tryGit(["commit", "-e", "-F", message]);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stderr).toBe("✓ intentguard: allowed — INT-002 (Docs), 1 path in scope\n");
    // An amend keeps the message, and with it the trailer that outranks the selection.
    repo.write("docs/guide.md", "# Guide, amended\n");
    repo.git("add", "-A");
    const amend = repo.tryGit(["commit", "--amend"]);
    expect(amend.status, amend.stderr).toBe(0);
    expect(amend.stderr).toBe("✓ intentguard: allowed — INT-002 (Docs), 1 path in scope\n");
    expect(repo.lastMessage()).toBe("Write the guide\n\nIntent: INT-002\n");
  });

  it("says a block under the selection once, as the commit lands, when the message keeps it", async () => {
    const repo = await createSelectedRepo();
    repo.write("src/billing/invoice.ts", "outside\n");
    repo.git("add", "-A");
    const editor = `sh -c 'printf "Edited\\n" > "$1"' editor`;
    const result = repo.tryGit(["commit"], { env: { GIT_EDITOR: editor } });
    expect(result.status).toBe(refusedByHook);
    expect(result.stderr.match(/✗ intentguard: blocked/g)).toHaveLength(1);
    expect(result.stderr).toContain("outside the scope of INT-001 (Auth)");
    expect(result.stderr).not.toContain("checked before the message editor opened");
  });

  it("says nothing when the staged change is allowed: the commit speaks once, as it lands", async () => {
    const repo = await createSelectedRepo();
    repo.write("src/auth/login.ts", "inside\n");
    repo.git("add", "-A");
    const editor = `sh -c 'printf "Edited\\n" > "$1"' editor`;
    const result = repo.tryGit(["commit"], { env: { GIT_EDITOR: editor } });
    expect(result.status).toBe(0);
    expect(result.stderr).toBe("✓ intentguard: allowed — INT-001 (Auth), 1 path in scope\n");
  });

  it("is a policy choice: hooks.check_before_editor: false leaves the decision to the landing", async () => {
    const repo = await createGovernedRepo({
      files: {
        "policies/intentguard.yaml": "version: 1\nhooks:\n  check_before_editor: false\n",
        "src/auth/login.ts": "x\n",
      },
    });
    repo.write("src/billing/invoice.ts", "outside\n");
    repo.git("add", "-A");
    const marker = `${repo.base}/editor-ran`;
    const editor = `sh -c 'touch "${marker}"; printf "Edited\\n" > "$1"' editor`;
    const result = repo.tryGit(["commit"], {
      env: { GIT_EDITOR: editor, INTENTGUARD_INTENT: "INT-001" },
    });
    expect(result.status).toBe(refusedByHook);
    expect(repo.run("test", ["-e", marker]).status).toBe(0);
    expect(result.stderr).not.toContain("checked before the message editor opened");
  });
});

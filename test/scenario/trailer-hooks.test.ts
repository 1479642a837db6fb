import { writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  contributorFromEnvironment,
  trailersForContributor,
} from "../../src/core/trace/contributor.js";
import {
  createGovernedRepo,
  createSelectedRepo,
  expectSuccess,
  refusedByHook,
} from "../support/test-repo.js";
import { noteRecords } from "../support/traces.js";

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

  it("adds the trailer at the very end of a message with a `---` line (dependabot's), where git reads it", async () => {
    const repo = await createSelectedRepo();
    repo.write("src/auth/bump.ts", "bump\n");
    repo.git("add", "-A");
    const message = "Bump a dependency\n\nRelease notes\n---\nupdated-dependencies: x\n";
    expect(repo.tryGit(["commit", "-q", "-m", message]).status).toBe(0);
    expect(repo.lastMessage()).toBe(`${message}\nIntent: INT-001\n`);
    expect(repo.git("log", "-1", "--format=%(trailers:only,unfold)").trim()).toBe(
      "Intent: INT-001",
    );
  });
});

describe("an Intent: line git does not read as a trailer", () => {
  // git reads trailers only from the message's last paragraph, and only when every line of it is
  // one (or git's own kinds make up a quarter): a line "Intent: …" in prose is not a trailer, so
  // the hooks must add the selection's, as they would to a message without it.
  const prose = "Tune the login\n\nThe flow stays as it was.\nIntent: INT-001";

  it("gets the selection's trailer with commit -m, with an editor, and in a cherry-pick", async () => {
    const repo = await createSelectedRepo();
    repo.write("src/auth/a.ts", "a\n");
    repo.git("add", "-A");
    expectSuccess(repo.commit(prose), "commit -m");
    expect(repo.lastMessage()).toBe(`${prose}\n\nIntent: INT-001\n`);
    repo.write("src/auth/b.ts", "b\n");
    repo.git("add", "-A");
    const editor = `printf '%s\\n' '${prose.replaceAll("\n", "' '")}' >`;
    const edited = repo.tryGit(["commit", "-q"], { env: { GIT_EDITOR: editor } });
    expect(edited.status, edited.stderr).toBe(0);
    expect(repo.lastMessage()).toBe(`${prose}\n\nIntent: INT-001\n`);
    expect(repo.git("log", "-2", "--format=%(trailers:key=Intent,valueonly)")).toBe(
      "INT-001\n\nINT-001\n\n",
    );
    // A pick of a commit whose message has the line in prose only (made with the hooks off).
    repo.git("checkout", "-q", "-b", "side", "HEAD~2");
    repo.write("src/auth/c.ts", "c\n");
    repo.git("add", "-A");
    expectSuccess(repo.commit(prose, [], { env: { INTENTGUARD: "0" } }), "commit without hooks");
    const pick = repo.git("rev-parse", "HEAD").trim();
    repo.git("checkout", "-q", "main");
    const picked = repo.tryGit(["cherry-pick", pick]);
    expect(picked.status, picked.stderr).toBe(0);
    expect(repo.lastMessage()).toBe(`${prose}\n\nIntent: INT-001\n`);
  });

  it("is told apart as git tells it, whatever the last paragraph holds", async () => {
    const repo = await createSelectedRepo();
    const messages = [
      "Subject\n\n  - handles empty input\nIntent: INT-001\n",
      "Subject\n\n\tx\nIntent: INT-001\n",
      "Subject\n\n: x\nIntent: INT-001\n",
      "Subject\n\nprose\n\f\nIntent: INT-001\n",
      "Subject\n\n\fx\nIntent: INT-001\n",
      "Subject\r\n\r\nprose\r\nIntent: INT-001\r\n",
      "Intent: INT-001\n",
    ];
    for (const [index, message] of messages.entries()) {
      repo.write(`src/auth/m${index}.ts`, `${index}\n`);
      repo.git("add", "-A");
      const file = path.join(repo.base, `message-${index}`);
      writeFileSync(file, message);
      const made = repo.tryGit(["commit", "-q", "-F", file]);
      expect(made.status, `${JSON.stringify(message)}: ${made.stderr}`).toBe(0);
      expect(repo.git("log", "-1", "--format=%(trailers:key=Intent,valueonly)")).toBe(
        "INT-001\n\n",
      );
    }
  });

  it("is written and read as Key: value whatever trailer.separators says", async () => {
    const repo = await createSelectedRepo();
    repo.git("config", "trailer.separators", "=");
    repo.write("src/auth/s.ts", "s\n");
    repo.git("add", "-A");
    expectSuccess(repo.commit("Subject"), "commit under trailer.separators '='");
    expect(repo.lastMessage()).toBe("Subject\n\nIntent: INT-001\n");
    expect(noteRecords(repo)[0]?.intent_id).toBe("INT-001");
  });

  it("without a selection, is refused as declaring no intent, and the advice says where the trailer goes", async () => {
    const repo = await createGovernedRepo();
    repo.write("src/auth/a.ts", "a\n");
    repo.git("add", "-A");
    const refused = repo.commit(prose);
    expect(refused.status).not.toBe(0);
    expect(refused.stderr).toContain("the commit declares no intent");
    expect(refused.stderr).toContain(
      "or end the message with a paragraph of trailers, git reads them only there: Intent: <ID>",
    );
  });
});

describe("a governance change gets no Intent: trailer", () => {
  const policy = "policies/intentguard.yaml";

  it("neither from the selection nor from INTENTGUARD_INTENT: it serves no intent", async () => {
    const repo = await createSelectedRepo();
    repo.commitFile(policy, "version: 1\n", "Add the policy");
    expect(repo.git("log", "-1", "--format=%B")).toBe("Add the policy\n\n");
    const declared = { INTENTGUARD_INTENT: "INT-001", INTENTGUARD_MODEL: "m/1" };
    repo.write(policy, "version: 1\n# tuned\n");
    repo.git("add", "-A");
    const result = repo.commit("Tune the policy", [], { env: declared });
    expect(result.status, result.stderr).toBe(0);
    // The contributor is still said; and no note blames a hook that did not run.
    expect(repo.lastMessage()).toBe(
      "Tune the policy\n\nContributor-Type: AI\nContributor-Model: m/1\n",
    );
    expect(result.stderr).not.toContain("carries no Intent: trailer");
    expect(noteRecords(repo)[0]?.intent_id).toBeNull();
  });

  it("after the editor too, and for the intents file and the intent map together", async () => {
    const repo = await createSelectedRepo();
    repo.write(".orchestration/intent_map.md", "# Intent map\n");
    repo.write(
      ".orchestration/active_intents.yaml",
      `${repo.read(".orchestration/active_intents.yaml")}# note\n`,
    );
    repo.git("add", "-A");
    const editor = `sh -c 'printf "Rules, edited\\n" > "$1"' editor`;
    const result = repo.tryGit(["commit"], { env: { GIT_EDITOR: editor } });
    expect(result.status, result.stderr).toBe(0);
    expect(repo.lastMessage()).toBe("Rules, edited\n");
  });

  it("keeps an Intent: the message names itself; one file besides the rules brings the trailer back", async () => {
    const repo = await createSelectedRepo();
    repo.write(policy, "version: 1\n");
    repo.git("add", "-A");
    expectSuccess(repo.commit("Policy\n\nIntent: INT-002"), "commit the policy");
    expect(repo.lastMessage()).toBe("Policy\n\nIntent: INT-002\n");
    repo.commitFile("src/auth/login.ts", "work\n", "Work");
    expect(repo.lastMessage()).toBe("Work\n\nIntent: INT-001\n");
  });

  it("judges a patch git am applies by the patch: the index does not hold it yet", async () => {
    const repo = await createSelectedRepo();
    const base = repo.head();
    repo.commitFile(policy, "version: 1\n", "Policy by mail", { env: { INTENTGUARD: "0" } });
    repo.commitFile("src/auth/login.ts", "mailed\n", "Work by mail", {
      env: { INTENTGUARD: "0" },
    });
    const patches = repo.git("format-patch", "-2", "-o", repo.base).trim().split("\n");
    repo.git("reset", "-q", "--hard", base);
    expectSuccess(repo.tryGit(["am", ...patches]), "git am");
    expect(repo.git("log", "-2", "--format=%s|%(trailers:only,unfold)")).toBe(
      "Work by mail|Intent: INT-001\n\nPolicy by mail|\n",
    );
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

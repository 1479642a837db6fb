import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { scopeSignature } from "../../src/core/scope/scope-signature.js";
import {
  createGovernedRepo,
  createPreReceiveServer,
  refusedByHook,
  type TestRepo,
} from "../support/test-repo.js";

/**
 * Authentic governance (policy governance.require_signed_by_approver): a change to the rules lands
 * only when git verified its SSH (or GPG) signature and the signer is an approver; approvals it
 * adds are the signer's. Checked as the commit lands (reference-transaction) and by check
 * --range, with keys generated here and git's own verification (gpg.ssh.allowedSignersFile).
 */

const intentsPath = ".orchestration/active_intents.yaml";
const policyPath = "policies/intentguard.yaml";

function policy(approvers: readonly string[], required = true): string {
  return [
    "version: 1",
    "extended_scope:",
    `  approvers: [${approvers.map((approver) => JSON.stringify(approver)).join(", ")}]`,
    "governance:",
    `  require_signed_by_approver: ${required}`,
    "",
  ].join("\n");
}

interface Keys {
  /** Private key files: alice (an approver), bob (allowed signer, no approver), mallory (neither). */
  alice: string;
  bob: string;
  mallory: string;
  allowedSigners: string;
}

/** A key's public half as an allowed signers entry has it: `<type> <base64>`. */
function publicKey(file: string): string {
  return readFileSync(`${file}.pub`, "utf8").trim().split(" ").slice(0, 2).join(" ");
}

/** ed25519 keys made here, and an allowed signers file naming alice's and bob's. */
function makeKeys(repo: TestRepo): Keys {
  const dir = path.join(repo.base, "keys");
  mkdirSync(dir, { recursive: true });
  const key = (name: string) => {
    const file = path.join(dir, name);
    const made = repo.run("ssh-keygen", ["-q", "-t", "ed25519", "-N", "", "-C", name, "-f", file]);
    expect(made.status, made.stderr).toBe(0);
    return file;
  };
  const keys = { alice: key("alice"), bob: key("bob"), mallory: key("mallory") };
  const allowedSigners = path.join(dir, "allowed_signers");
  writeFileSync(
    allowedSigners,
    `alice@example.com ${publicKey(keys.alice)}\nbob@example.com ${publicKey(keys.bob)}\n`,
  );
  return { ...keys, allowedSigners };
}

const defaultFiles = {
  "src/auth/login.ts": "export const login = 1;\n",
  "src/billing/invoice.ts": "export const invoice = 1;\n",
  "docs/index.md": "# Docs\n",
};

/**
 * A governed repository whose adoption commit (unsigned: the adoption has no parent policy) sets
 * the policy; SSH signing configured the way the refusal tells users to.
 */
async function signingRepo(
  options: { approvers?: string[]; required?: boolean; allowedSigners?: boolean } = {},
): Promise<{ repo: TestRepo; keys: Keys; adoption: string }> {
  const repo = await createGovernedRepo({
    files: {
      ...defaultFiles,
      [policyPath]: policy(options.approvers ?? ["alice@example.com"], options.required ?? true),
    },
  });
  const keys = makeKeys(repo);
  repo.git("config", "gpg.format", "ssh");
  if (options.allowedSigners !== false) {
    repo.git("config", "gpg.ssh.allowedSignersFile", keys.allowedSigners);
  }
  return { repo, keys, adoption: repo.head() };
}

let added = 0;

/** Stages a change to the rules: one more intent (with a grant approved by `approvedBy`, if set). */
function stageRulesChange(repo: TestRepo, approvedBy?: string): void {
  added += 1;
  const id = `INT-${100 + added}`;
  const grant = approvedBy
    ? [
        "    extended_scope:",
        '      - paths: ["src/billing"]',
        '        justification: "The invoice moves with the login."',
        `        approval: { by: "${approvedBy}", at: "2026-01-01T00:00:00Z", signature: "${scopeSignature(id, ["src/billing"])}" }`,
      ]
    : [];
  const intent = [
    `  - id: "${id}"`,
    `    name: "Added ${added}"`,
    '    status: "IN_PROGRESS"',
    '    owned_scope: ["src/auth"]',
    ...grant,
    "",
  ].join("\n");
  repo.write(intentsPath, `${repo.read(intentsPath)}${intent}`);
  repo.git("add", "-A");
}

/** Commits what is staged, signed with `key` (unsigned when null), through the hooks unless off. */
function commitRules(
  repo: TestRepo,
  key: string | null,
  options: { hooks?: boolean; message?: string; env?: Record<string, string> } = {},
) {
  const sign = key ? ["-c", `user.signingKey=${key}`] : [];
  return repo.tryGit(
    [...sign, "commit", "-q", ...(key ? ["-S"] : []), "-m", options.message ?? "Rules"],
    { env: { ...options.env, ...(options.hooks === false ? { INTENTGUARD: "0" } : {}) } },
  );
}

interface JsonFinding {
  rule: string;
  commit: string;
  message: string;
}

function checkRange(repo: TestRepo, range: string, env: Record<string, string> = {}) {
  const result = repo.intentguard(["check", "--range", range, "--format", "json"], { env });
  expect([0, 1], result.stderr).toContain(result.status);
  const parsed = JSON.parse(result.stdout) as { findings: JsonFinding[] };
  return { status: result.status, findings: parsed.findings };
}

/** A `git` on PATH that logs each start before running the real one. */
function countingGit(repo: TestRepo): { env: Record<string, string>; starts: () => string[] } {
  const bin = path.join(repo.base, "counting-bin");
  const log = path.join(repo.base, "git-starts.log");
  const real = repo.run("sh", ["-c", "command -v git"]).stdout.trim();
  mkdirSync(bin, { recursive: true });
  writeFileSync(
    path.join(bin, "git"),
    `#!/bin/sh\nprintf '%s\\n' "$*" >> '${log}'\nexec '${real}' "$@"\n`,
    { mode: 0o755 },
  );
  const starts = () => {
    const read = repo.run("cat", [log]);
    return read.status === 0 ? read.stdout.split("\n").filter(Boolean) : [];
  };
  return { env: { PATH: `${bin}:${repo.env.PATH}` }, starts };
}

const signatureReads = (starts: string[]) => starts.filter((line) => line.includes("%G?"));

describe("with governance.require_signed_by_approver, as a governance commit lands", () => {
  it("refuses it unsigned, signed by an unknown key and signed by a non-approver, and lets an approver's signature through", async () => {
    const { repo, keys, adoption } = await signingRepo();
    expect(repo.git("log", "-1", "--format=%G?", adoption).trim()).toBe("N"); // adoption: exempt
    stageRulesChange(repo);

    const unsigned = commitRules(repo, null);
    expect(unsigned.status).toBe(refusedByHook);
    expect(unsigned.stderr).toContain(
      "✗ intentguard: blocked — a change to the rules must be signed by an approver, and this commit is not signed",
    );
    expect(unsigned.stderr).toContain("rule: governance_signature (error)");
    expect(unsigned.stderr).toContain("as one of the approvers (alice@example.com)");
    expect(unsigned.stderr).toContain("git config gpg.format ssh && git config user.signingKey");
    expect(unsigned.stderr).toContain("then git commit -S");

    const unknownKey = commitRules(repo, keys.mallory);
    expect(unknownKey.status).toBe(refusedByHook);
    expect(unknownKey.stderr).toMatch(
      /the key this commit is signed with \(SSH SHA256:\S+\) is not in the allowed signers file \(gpg\.ssh\.allowedSignersFile\)/,
    );
    expect(unknownKey.stderr).toContain(
      'git must find it in the allowed signers file: a line "<email> <public key>" per approver',
    );
    expect(unknownKey.stderr).toContain("git config gpg.ssh.allowedSignersFile");

    const notApprover = commitRules(repo, keys.bob);
    expect(notApprover.status).toBe(refusedByHook);
    expect(notApprover.stderr).toContain(
      "must be signed by an approver (alice@example.com), and this one is signed by bob@example.com, who is not one",
    );
    expect(notApprover.stderr).toContain(
      "add it to extended_scope.approvers in policies/intentguard.yaml",
    );
    expect(repo.head()).toBe(adoption);

    const approved = commitRules(repo, keys.alice);
    expect(approved.status, approved.stderr).toBe(0);
    expect(approved.stderr).toContain("✓ intentguard: allowed — governance change");
    expect(repo.git("log", "-1", "--format=%G?%GS").trim()).toBe("Galice@example.com");
  });

  it("refuses an approval whose by is not the signer, and accepts the signer's own", async () => {
    const { repo, keys, adoption } = await signingRepo({
      approvers: ["alice@example.com", "bob@example.com"],
    });
    stageRulesChange(repo, "bob@example.com");
    const foreign = commitRules(repo, keys.alice);
    expect(foreign.status).toBe(refusedByHook);
    expect(foreign.stderr).toMatch(
      /the approval of INT-\d+'s grant 1 is by bob@example\.com, but the commit adding it is signed by alice@example\.com/,
    );
    expect(foreign.stderr).toMatch(/have bob@example\.com record and sign it/);
    expect(repo.head()).toBe(adoption);
    const own = commitRules(repo, keys.bob);
    expect(own.status, own.stderr).toBe(0);
  });

  it("says when git cannot check SSH signatures at all (no allowed signers file configured)", async () => {
    const { repo, keys } = await signingRepo({ allowedSigners: false });
    stageRulesChange(repo);
    const result = commitRules(repo, keys.alice);
    expect(result.status).toBe(refusedByHook);
    expect(result.stderr).toContain(
      "git found no signature it could check: gpg.ssh.allowedSignersFile is not configured here",
    );
  });

  it("doctor says so before any commit is refused, and is content once the file is set", async () => {
    const { repo, keys } = await signingRepo({ allowedSigners: false });
    const before = repo.intentguard(["doctor"]);
    expect(before.stdout).toContain(
      '  ! the policy requires rule changes signed by an approver, and gpg.ssh.allowedSignersFile is not set, so git cannot verify an SSH signature here: every governance commit would be refused\n      fix: git config gpg.ssh.allowedSignersFile <file> (one line per approver: "<e-mail> <public key>")\n',
    );
    repo.git("config", "gpg.ssh.allowedSignersFile", keys.allowedSigners);
    expect(repo.intentguard(["doctor"]).stdout).toContain(
      "  ✓ signed rule changes: gpg.ssh.allowedSignersFile is set, so git can verify them\n",
    );
  });

  it("applies the rule of the parent: the commit turning it on needs no signature, the next one does, and one turning it off does", async () => {
    const { repo, keys } = await signingRepo({ required: false });
    stageRulesChange(repo);
    expect(commitRules(repo, null).status).toBe(0); // off: approvals are integrity checks only
    repo.write(policyPath, policy(["alice@example.com"], true));
    repo.git("add", "-A");
    const on = repo.tryGit(["commit", "-q", "-m", "Require signatures"]);
    expect(on.status, on.stderr).toBe(0);
    stageRulesChange(repo);
    expect(commitRules(repo, null).status).toBe(refusedByHook);
    repo.write(policyPath, policy(["alice@example.com"], false));
    repo.git("add", "-A");
    expect(commitRules(repo, null).status).toBe(refusedByHook);
    expect(commitRules(repo, keys.alice).status).toBe(0);
  });

  it("does not ask ordinary commits for a signature", async () => {
    const { repo } = await signingRepo();
    repo.write("src/auth/login.ts", "export const login = 2;\n");
    repo.git("add", "-A");
    const result = repo.tryGit(["commit", "-q", "-m", "Login\n\nIntent: INT-001"]);
    expect(result.status, result.stderr).toBe(0);
  });
});

describe("check --range verifies every governance commit of the range, with one git process", () => {
  it("finds the unsigned, unknown-key, non-approver and foreign-approval commits, and passes the approver's", async () => {
    const { repo, keys, adoption } = await signingRepo({
      approvers: ["alice@example.com", "carol@example.com"],
    });
    const commits: Record<string, string> = {};
    const land = (name: string, key: string | null, approvedBy?: string) => {
      stageRulesChange(repo, approvedBy);
      const result = commitRules(repo, key, { hooks: false, message: name });
      expect(result.status, result.stderr).toBe(0);
      commits[name] = repo.head();
    };
    land("signed by alice", keys.alice);
    land("unsigned", null);
    land("unknown key", keys.mallory);
    land("not an approver", keys.bob);
    land("approval by carol, signed by alice", keys.alice, "carol@example.com");
    land("approval by alice, signed by alice", keys.alice, "alice@example.com");
    repo.write("src/auth/login.ts", "export const login = 3;\n");
    repo.git("add", "-A");
    expect(repo.tryGit(["commit", "-q", "-m", "Code\n\nIntent: INT-001"]).status).toBe(0);

    const { env, starts } = countingGit(repo);
    const { status, findings } = checkRange(repo, `${adoption}..HEAD`, env);
    expect(status).toBe(1);
    expect(findings.map((finding) => [finding.commit, finding.rule])).toEqual([
      [commits.unsigned, "governance_signature"],
      [commits["unknown key"], "governance_signature"],
      [commits["not an approver"], "governance_signature"],
      [commits["approval by carol, signed by alice"], "governance_signature"],
    ]);
    const [unsigned, unknownKey, notApprover, foreign] = findings.map((f) => f.message);
    expect(unsigned).toContain(
      "this commit is not signed; to fix: sign it as one of the approvers",
    );
    expect(unsigned).toContain("git commit -S");
    expect(unknownKey).toContain("is not in the allowed signers file");
    expect(unknownKey).toContain("git config gpg.ssh.allowedSignersFile");
    expect(notApprover).toContain("signed by bob@example.com, who is not one");
    expect(foreign).toContain(
      "is by carol@example.com, but the commit adding it is signed by alice@example.com",
    );
    expect(signatureReads(starts())).toHaveLength(1);

    const text = repo.intentguard(["check", "--range", `${adoption}..HEAD`]);
    expect(text.status).toBe(1);
    expect(text.stdout + text.stderr).toContain(`${commits.unsigned?.slice(0, 12)} unsigned`);

    const good = checkRange(repo, `${adoption}..${commits["signed by alice"]}`);
    expect(good.status).toBe(0);
    expect(good.findings).toEqual([]);
  });

  it("reads no signature when the policy does not require one", async () => {
    const { repo, adoption } = await signingRepo({ required: false });
    stageRulesChange(repo);
    expect(commitRules(repo, null, { hooks: false }).status).toBe(0);
    const { env, starts } = countingGit(repo);
    expect(checkRange(repo, `${adoption}..HEAD`, env).status).toBe(0);
    expect(signatureReads(starts())).toEqual([]);
  });

  it("rejects an unsigned governance commit pushed to a server with pre-receive", async () => {
    const { repo, keys } = await signingRepo();
    const server = createPreReceiveServer(repo);
    repo.git("--git-dir", server, "config", "gpg.ssh.allowedSignersFile", keys.allowedSigners);
    repo.git("remote", "add", "server", server);
    expect(repo.tryGit(["push", "-q", "server", "main"]).status).toBe(0);
    stageRulesChange(repo);
    expect(commitRules(repo, null, { hooks: false }).status).toBe(0);
    const rejected = repo.tryGit(["push", "server", "main"]);
    expect(rejected.status).not.toBe(0);
    expect(rejected.stderr).toContain("governance_signature");
    expect(rejected.stderr).toContain("this commit is not signed");
    const signed = repo.tryGit(
      ["-c", `user.signingKey=${keys.alice}`, "commit", "-q", "--amend", "--no-edit", "-S"],
      { env: { INTENTGUARD: "0" } },
    );
    expect(signed.status, signed.stderr).toBe(0);
    const accepted = repo.tryGit(["push", "-q", "server", "main"]);
    expect(accepted.status, accepted.stderr).toBe(0);
  });
});

describe("an SSH key's allowed signers window: now as commits land, the committer date in an audit", () => {
  /** A GitHub Actions push of `before..after` to main, as check --ci reads it. */
  function githubPush(repo: TestRepo, before: string, after: string): Record<string, string> {
    const payload = path.join(repo.base, "push-event.json");
    writeFileSync(
      payload,
      JSON.stringify({
        ref: "refs/heads/main",
        before,
        after,
        repository: { default_branch: "main" },
      }),
    );
    return { GITHUB_ACTIONS: "true", GITHUB_EVENT_NAME: "push", GITHUB_EVENT_PATH: payload };
  }

  it("refuses a commit backdated into an expired key's window as it lands, in check --ci and on pre-receive; check --range accepts it and says how it checked", async () => {
    const { repo, keys, adoption } = await signingRepo();
    writeFileSync(
      keys.allowedSigners,
      `alice@example.com valid-before="20200101Z" ${publicKey(keys.alice)}\n`,
    );
    const backdated = { GIT_COMMITTER_DATE: "2019-06-01T00:00:00Z" };
    stageRulesChange(repo);
    const landing = commitRules(repo, keys.alice, { env: backdated });
    expect(landing.status).toBe(refusedByHook);
    expect(landing.stderr).toMatch(
      /the allowed signers entry of the key this commit is signed with \(SSH SHA256:\S+, alice@example\.com, line 1\) expired on 2020-01-01T00:00:00Z \(valid-before="20200101Z"\): a key must be valid now, whatever date the commit carries/,
    );
    expect(landing.stderr).toContain("renew its entry in the allowed signers file");
    expect(repo.head()).toBe(adoption);

    // git vouches for it, at the date its committer chose.
    expect(commitRules(repo, keys.alice, { env: backdated, hooks: false }).status).toBe(0);
    const commit = repo.head();
    expect(repo.git("log", "-1", "--format=%G?%GS").trim()).toBe("Galice@example.com");

    const ci = repo.intentguard(["check", "--ci", "--format", "json"], {
      env: githubPush(repo, adoption, commit),
    });
    expect(ci.status, ci.stderr).toBe(1);
    const { findings } = JSON.parse(ci.stdout) as { findings: JsonFinding[] };
    expect(findings.map((finding) => [finding.commit, finding.rule])).toEqual([
      [commit, "governance_signature"],
    ]);
    expect(findings[0]?.message).toContain("expired on 2020-01-01T00:00:00Z");

    const server = createPreReceiveServer(repo);
    repo.git("--git-dir", server, "config", "gpg.ssh.allowedSignersFile", keys.allowedSigners);
    const pushed = repo.tryGit(["push", server, "main"]);
    expect(pushed.status).not.toBe(0);
    expect(pushed.stderr).toContain("expired on 2020-01-01T00:00:00Z");

    const audit = repo.intentguard(["check", "--range", `${adoption}..${commit}`]);
    expect(audit.status, audit.stdout).toBe(0);
    expect(audit.stdout).toContain(
      "1 SSH signature checked at its commit's committer date (git's check; as commits land, keys are checked now)",
    );
    const json = repo.intentguard(["check", "--commit", commit, "--format", "json"]);
    expect(json.status, json.stdout).toBe(0);
    expect(JSON.parse(json.stdout).commits[0].verdict.notes).toContain(
      "its SSH signature was checked as git checks it, with the key's allowed signers window at the commit's committer date (an audit of history); as commits land (the hooks, check --ci, pre-receive), the key's entry must also be valid now",
    );
  });

  it("refuses a key whose entry is valid only from a future date, and leaves an entry without options alone", async () => {
    const { repo, keys, adoption } = await signingRepo({
      approvers: ["alice@example.com", "bob@example.com"],
    });
    writeFileSync(
      keys.allowedSigners,
      `alice@example.com valid-after="20990101" ${publicKey(keys.alice)}\nbob@example.com ${publicKey(keys.bob)}\n`,
    );
    stageRulesChange(repo);
    const early = commitRules(repo, keys.alice, {
      env: { GIT_COMMITTER_DATE: "2099-06-01T00:00:00Z" },
    });
    expect(early.status).toBe(refusedByHook);
    expect(early.stderr).toMatch(
      /\(SSH SHA256:\S+, alice@example\.com, line 1\) is not valid until \S+ \(valid-after="20990101"\)/,
    );
    expect(repo.head()).toBe(adoption);
    const plain = commitRules(repo, keys.bob, {
      env: { GIT_COMMITTER_DATE: "2019-06-01T00:00:00Z" },
    });
    expect(plain.status, plain.stderr).toBe(0);
    expect(
      repo.intentguard(["check", "--ci"], { env: githubPush(repo, adoption, repo.head()) }).status,
    ).toBe(0);
  });
});

describe("GPG signatures, verified against the keyring", () => {
  it("accepts an approver's trusted key, and refuses a look-alike key the checking keyring holds but does not trust", async () => {
    const { repo, adoption } = await signingRepo();
    repo.git("config", "gpg.format", "openpgp");
    const keyring = path.join(repo.base, "gnupg");
    const forgers = path.join(repo.base, "gnupg-forger");
    const gpg = (home: string, args: string[], input?: string) => {
      const result = repo.run("gpg", ["--batch", "--quiet", ...args], {
        env: { GNUPGHOME: home },
        ...(input === undefined ? {} : { input }),
      });
      expect(result.status, result.stderr).toBe(0);
      return result.stdout;
    };
    const newKey = (home: string) => {
      mkdirSync(home, { mode: 0o700 });
      gpg(home, ["--passphrase", "", "--quick-gen-key", "Alice <alice@example.com>", "ed25519"]);
      const fingerprint = /^fpr:+([0-9A-F]+):/m.exec(gpg(home, ["--with-colons", "-K"]))?.[1];
      expect(fingerprint).toBeDefined();
      return fingerprint as string;
    };
    try {
      const alice = newKey(keyring); // made here, so ultimately trusted: git says G
      const forged = newKey(forgers); // the same user ID, another key
      gpg(keyring, ["--import"], gpg(forgers, ["--armor", "--export", forged]));

      stageRulesChange(repo);
      const trusted = commitRules(repo, alice, { env: { GNUPGHOME: keyring } });
      expect(trusted.status, trusted.stderr).toBe(0);
      const good = repo.head();
      // Signed where the forger's key is trusted (their own machine, hooks and all), then checked
      // where only the approvers' keys are: the keyring the check runs with decides.
      stageRulesChange(repo);
      expect(commitRules(repo, forged, { env: { GNUPGHOME: forgers } }).status).toBe(0);

      const { status, findings } = checkRange(repo, `${adoption}..HEAD`, { GNUPGHOME: keyring });
      expect(status).toBe(1);
      expect(findings.map((finding) => [finding.commit, finding.rule])).toEqual([
        [repo.head(), "governance_signature"],
      ]);
      expect(findings[0]?.commit).not.toBe(good);
      expect(findings[0]?.message).toContain(
        `the key this commit is signed with (GPG ${forged}, Alice <alice@example.com>) is not trusted in the keyring`,
      );
      expect(findings[0]?.message).toContain(`gpg --quick-lsign-key ${forged}`);
    } finally {
      for (const home of [keyring, forgers]) {
        repo.run("gpgconf", ["--kill", "all"], { env: { GNUPGHOME: home } });
      }
    }
  });
});

describe("a signed rules change forked before a narrowing", () => {
  it("lands as its own change, carried into the narrowed rules, never bringing the wider ones back", async () => {
    const { repo, keys, adoption } = await signingRepo();
    // main: alice narrows INT-002 from docs/** to docs/public/**, signed.
    repo.write(intentsPath, repo.read(intentsPath).replace('["docs/**"]', '["docs/public/**"]'));
    repo.git("add", "-A");
    expect(commitRules(repo, keys.alice, { message: "Narrow docs" }).status).toBe(0);
    const narrowed = repo.head();
    // side, forked before: alice's signed change adds an intent; its tree still has docs/**.
    repo.git("checkout", "-q", "-b", "side", adoption);
    stageRulesChange(repo);
    expect(commitRules(repo, keys.alice, { message: "Add an intent" }).status).toBe(0);
    const signed = repo.head();
    repo.commitFile("docs/secret.md", "secret\n", "Secret docs", {
      env: { INTENTGUARD_INTENT: "INT-002" },
    });
    repo.git("checkout", "-q", "main");
    const merged = repo.tryGit(["merge", "--no-edit", "side"]);
    expect(merged.status).toBe(refusedByHook);
    expect(merged.stderr).toContain("docs/secret.md");
    expect(repo.head()).toBe(narrowed);
    repo.git("merge", "--abort");
    // The same in a range: the signed change is allowed, the secret is not, under the rules in
    // force (narrowed, plus the added intent).
    const merge = repo
      .run("git", ["commit-tree", `side^{tree}`, "-p", narrowed, "-p", "side", "-m", "Merge side"])
      .stdout.trim();
    const { findings } = checkRange(repo, `${narrowed}..${merge}`);
    expect(findings.filter((finding) => finding.commit === signed)).toEqual([]);
    expect(
      findings.some(
        (finding) => finding.rule === "scope" && finding.message.includes("docs/secret.md"),
      ),
    ).toBe(true);
  });
});

describe("an agent's rules change, signed by an approver's key or not", () => {
  it("is refused as it lands, by check --range and by pre-receive; the approver's own signed change passes", async () => {
    const { repo, keys, adoption } = await signingRepo();
    const server = createPreReceiveServer(repo);
    repo.git("--git-dir", server, "config", "gpg.ssh.allowedSignersFile", keys.allowedSigners);
    repo.git("remote", "add", "server", server);
    expect(repo.tryGit(["push", "-q", "server", "main"]).status).toBe(0);

    stageRulesChange(repo);
    const local = commitRules(repo, keys.alice, { env: { INTENTGUARD_AGENT: "agent-7" } });
    expect(local.status).toBe(refusedByHook);
    expect(local.stderr).toContain("rule: agent_governance (error)");
    expect(repo.head()).toBe(adoption);
    // Made with the hooks off, the commit still declares its agent: CI and the server read that.
    const declared = commitRules(repo, keys.alice, {
      hooks: false,
      message: "Rules\n\nContributor-Type: AI\nContributor-Agent: agent-7",
    });
    expect(declared.status, declared.stderr).toBe(0);
    const range = checkRange(repo, `${adoption}..HEAD`);
    expect(range.status).toBe(1);
    expect(range.findings.map((finding) => finding.rule)).toContain("agent_governance");
    const pushed = repo.tryGit(["push", "server", "main"]);
    expect(pushed.status).not.toBe(0);
    expect(pushed.stderr).toContain("agent_governance");

    // The approver's own change, signed with her key, passes all three.
    expect(
      repo.tryGit(["reset", "-q", "--hard", adoption], { env: { INTENTGUARD: "0" } }).status,
    ).toBe(0);
    stageRulesChange(repo);
    const person = commitRules(repo, keys.alice);
    expect(person.status, person.stderr).toBe(0);
    expect(checkRange(repo, `${adoption}..HEAD`)).toMatchObject({ status: 0, findings: [] });
    const accepted = repo.tryGit(["push", "-q", "server", "main"]);
    expect(accepted.status, accepted.stderr).toBe(0);
  });
});

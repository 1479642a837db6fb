import { writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { systemClock } from "../../src/clock.js";
import { readEnvironment } from "../../src/environment.js";
import { locateRepo } from "../../src/git/repo.js";
import { checkRange } from "../../src/land/check-range.js";
import {
  cliPath,
  createGovernedRepo,
  createPreReceiveServer,
  createScratchDir,
  expectSuccess,
  type Run,
  refusedByHook,
  TestRepo,
  useHermeticProcessEnv,
} from "../support/test-repo.js";

/**
 * The rules that judge a landing are the rules in force on the branch where it lands: nothing a
 * pusher controls — which parent comes first, which commit is the root, which objects are
 * replaced, which notes exist — chooses other rules. Each attack is tried at every layer it
 * reaches: the local hooks, `check --range` and `--ci` (GitHub and GitLab events), and
 * pre-receive on a bare server.
 */

const intentsPath = ".orchestration/active_intents.yaml";
const evil = "src/billing/evil.js";

/** INT-001 owns all of src/ until the narrowing; INT-005 is in progress until it is completed. */
const wideIntents = `active_intents:
  - id: "INT-001"
    name: "Auth"
    status: "IN_PROGRESS"
    owned_scope: ["src"]
  - id: "INT-002"
    name: "Docs"
    status: "IN_PROGRESS"
    owned_scope: ["docs/**"]
  - id: "INT-005"
    name: "Library"
    status: "IN_PROGRESS"
    owned_scope: ["lib"]
`;
const narrowedIntents = wideIntents
  .replace('owned_scope: ["src"]', 'owned_scope: ["src/auth"]')
  .replace(
    'name: "Library"\n    status: "IN_PROGRESS"',
    'name: "Library"\n    status: "COMPLETED"',
  );

interface Narrowed {
  repo: TestRepo;
  /** A commit on main from before the narrowing. */
  old: string;
  /** main's tip: the narrowing itself. */
  narrowed: string;
}

/** A governed repository whose main narrowed INT-001 to src/auth and completed INT-005. */
async function narrowedRepo(options: { policy?: string } = {}): Promise<Narrowed> {
  const repo = await createGovernedRepo({
    intents: wideIntents,
    files: {
      "src/auth/login.ts": "export const login = 1;\n",
      "docs/index.md": "# Docs\n",
      ...(options.policy ? { "policies/intentguard.yaml": options.policy } : {}),
    },
  });
  const old = repo.commitFile("docs/guide.md", "# Guide\n", "Write the guide", {
    env: { INTENTGUARD_INTENT: "INT-002" },
  });
  repo.write(intentsPath, narrowedIntents);
  repo.git("add", "-A");
  repo.git("commit", "-q", "-m", "Narrow INT-001 to src/auth; complete INT-005");
  return { repo, old, narrowed: repo.head() };
}

/**
 * A commit made with plumbing (no hook runs): `files` written over `base`'s tree, with the given
 * parents and message. What an attacker pushes; nothing local judged it.
 */
function plumbCommit(
  repo: TestRepo,
  base: string,
  parents: readonly string[],
  files: Record<string, string>,
  message: string,
): string {
  const index = path.join(createScratchDir(), "index");
  const env = { GIT_INDEX_FILE: index };
  const git = (...args: string[]) => {
    const result = repo.tryGit(args, { env });
    expect(result.status, result.stderr).toBe(0);
    return result.stdout.trim();
  };
  git("read-tree", base);
  for (const [file, content] of Object.entries(files)) {
    const blob = repo
      .run("git", ["hash-object", "-w", "--stdin"], { input: content })
      .stdout.trim();
    git("update-index", "--add", "--cacheinfo", `100644,${blob},${file}`);
  }
  const tree = git("write-tree");
  return git("commit-tree", tree, ...parents.flatMap((parent) => ["-p", parent]), "-m", message);
}

/** `check --ci` as GitHub Actions runs it, with this event payload. */
function githubCheck(repo: TestRepo, event: string, payload: unknown): Run {
  const file = path.join(createScratchDir(), "event.json");
  writeFileSync(file, JSON.stringify(payload));
  return repo.intentguard(["check", "--ci"], {
    env: { GITHUB_ACTIONS: "true", GITHUB_EVENT_NAME: event, GITHUB_EVENT_PATH: file },
  });
}

function githubPush(repo: TestRepo, before: string, after: string, ref = "refs/heads/main"): Run {
  return githubCheck(repo, "push", {
    ref,
    before,
    after,
    repository: { default_branch: "main", full_name: "acme/widgets" },
  });
}

function githubPullRequest(repo: TestRepo, base: string, head: string): Run {
  return githubCheck(repo, "pull_request", {
    pull_request: { base: { sha: base, ref: "main" }, head: { sha: head, ref: "feature" } },
    repository: { default_branch: "main" },
  });
}

/** `check --ci` as a GitLab push pipeline runs it. */
function gitlabPush(repo: TestRepo, before: string, after: string): Run {
  return repo.intentguard(["check", "--ci"], {
    env: {
      GITLAB_CI: "true",
      CI_PIPELINE_SOURCE: "push",
      CI_COMMIT_BEFORE_SHA: before,
      CI_COMMIT_SHA: after,
      CI_COMMIT_BRANCH: "main",
      CI_DEFAULT_BRANCH: "main",
    },
  });
}

/** A refusal of a landing on main, at the layer `result` came from, naming what it must. */
function expectRefused(result: Run, ...said: string[]): void {
  expect(result.status, `${result.stdout}${result.stderr}`).not.toBe(0);
  expect([1, refusedByHook]).toContain(result.status);
  for (const text of said) expect(`${result.stdout}${result.stderr}`).toContain(text);
}

function expectAllowed(result: Run): void {
  expect(result.status, `${result.stdout}${result.stderr}`).toBe(0);
}

/** Pushes `rev` to the server's `ref`; the server's ref moves only when pre-receive accepts. */
function push(repo: TestRepo, serverDir: string, rev: string, ref = "refs/heads/main"): Run {
  return repo.tryGit(["push", "-q", serverDir, `${rev}:${ref}`], { env: { INTENTGUARD: "0" } });
}

function serverRef(repo: TestRepo, serverDir: string, ref = "refs/heads/main"): string {
  return repo
    .run("git", ["--git-dir", serverDir, "rev-parse", "-q", "--verify", ref])
    .stdout.trim();
}

describe("rules rolled back through an older parent", () => {
  it("refuses a merge whose first parent predates a narrowing, at every layer", async () => {
    const { repo, old, narrowed } = await narrowedRepo();
    const bare = createPreReceiveServer(repo);
    expectAllowed(push(repo, bare, "main"));
    // git's merge of old and main is main itself: only the added file differs from it, and the
    // first parent's (wider) rules would admit it.
    const merge = plumbCommit(
      repo,
      narrowed,
      [old, narrowed],
      { [evil]: "evil\n" },
      "Merge\n\nIntent: INT-001",
    );
    const local = repo.tryGit(["merge", "--ff-only", merge]);
    expectRefused(local, "outside the scope of INT-001", evil);
    expect(repo.head()).toBe(narrowed);
    expectRefused(repo.intentguard(["check", "--range", `${narrowed}..${merge}`]), evil, "scope");
    expectRefused(githubPush(repo, narrowed, merge), evil);
    expectRefused(githubPullRequest(repo, narrowed, merge), evil);
    expectRefused(gitlabPush(repo, narrowed, merge), evil);
    expectRefused(push(repo, bare, merge), evil);
    expect(serverRef(repo, bare)).toBe(narrowed);
  });

  it("judges a branch made from an old commit by main's rules when it is merged, with porcelain only", async () => {
    const { repo, old, narrowed } = await narrowedRepo();
    repo.git("checkout", "-q", "-b", "late", old);
    // On its own branch the commit is judged by that branch's rules (the old, wide ones)...
    repo.commitFile(evil, "evil\n", "Billing, quietly", { env: { INTENTGUARD_INTENT: "INT-001" } });
    // ... and an intent main completed since is still in progress there.
    repo.commitFile("lib/more.js", "more\n", "More library", {
      env: { INTENTGUARD_INTENT: "INT-005" },
    });
    const late = repo.head();
    repo.git("checkout", "-q", "main");
    const merged = repo.tryGit(["merge", "--no-edit", "late"]);
    expectRefused(merged, "outside the scope of INT-001", evil, "INT-005", "COMPLETED");
    expect(repo.head()).toBe(narrowed);
    expect(repo.tryGit(["merge", "--abort"]).status).toBe(0);
    // Moving main onto it drops the narrowing: where a remote has it, that is a rollback.
    const origin = path.join(createScratchDir(), "origin.git");
    repo.git("init", "-q", "--bare", origin);
    repo.git("remote", "add", "origin", origin);
    repo.git("push", "-q", "origin", "main");
    const reset = repo.tryGit(["reset", "-q", "--hard", late]);
    expectRefused(reset, evil);
    expect(repo.head()).toBe(narrowed);
    // Its pull-request checks, from the branch: judged by main's rules, not the fork point's.
    repo.git("checkout", "-q", "late");
    expectRefused(repo.intentguard(["check", "--base", "main"]), evil, "INT-005");
    expectRefused(githubPullRequest(repo, narrowed, late), evil, "INT-005");
    const mergeRequest = repo.intentguard(["check", "--ci"], {
      env: {
        GITLAB_CI: "true",
        CI_PIPELINE_SOURCE: "merge_request_event",
        CI_MERGE_REQUEST_DIFF_BASE_SHA: old,
        CI_MERGE_REQUEST_TARGET_BRANCH_NAME: "main",
        CI_MERGE_REQUEST_SOURCE_BRANCH_SHA: late,
        CI_COMMIT_SHA: late,
      },
    });
    expectRefused(mergeRequest, evil, "INT-005");
  });

  it("carries a rules change forked before a narrowing into the narrowed rules, never back to the wide ones", async () => {
    const { repo, old, narrowed } = await narrowedRepo();
    const bare = createPreReceiveServer(repo);
    expectAllowed(push(repo, bare, "main"));
    // The rules change adds INT-007 on a tree whose INT-001 still owns all of src/.
    const added = `${wideIntents}  - id: "INT-007"\n    name: "Reports"\n    status: "IN_PROGRESS"\n    owned_scope: ["reports"]\n`;
    const rulesChange = plumbCommit(repo, old, [old], { [intentsPath]: added }, "Add INT-007");
    const work = plumbCommit(
      repo,
      rulesChange,
      [rulesChange],
      { "reports/r.md": "r\n", [evil]: "evil\n" },
      "Reports\n\nIntent: INT-001",
    );
    const land = plumbCommit(
      repo,
      narrowed,
      [narrowed, work],
      {
        [intentsPath]: `${narrowedIntents}  - id: "INT-007"\n    name: "Reports"\n    status: "IN_PROGRESS"\n    owned_scope: ["reports"]\n`,
        "reports/r.md": "r\n",
        [evil]: "evil\n",
      },
      "Merge reports",
    );
    // reports/r.md is INT-007's, not INT-001's; and evil.js is out of the narrowed INT-001.
    const range = repo.intentguard([
      "check",
      "--range",
      `${narrowed}..${land}`,
      "--format",
      "json",
    ]);
    expect(range.status, range.stderr).toBe(1);
    const findings = (
      JSON.parse(range.stdout).findings as { commit: string; rule: string; path: string }[]
    )
      .filter((finding) => finding.commit === work)
      .map((finding) => `${finding.rule} ${finding.path}`)
      .sort();
    expect(findings).toEqual(["scope reports/r.md", `scope ${evil}`]);
    expectRefused(push(repo, bare, land), evil);
  });
});

describe("rules that require signing stay required", () => {
  it("refuses an unsigned widening made on a branch forked before signing was required", async () => {
    const policy = (signed: boolean) =>
      `version: 1\nextended_scope:\n  approvers: ["lead@example.com"]\ngovernance:\n  require_signed_by_approver: ${signed}\n`;
    const { repo, old } = await narrowedRepo({ policy: policy(false) });
    const bare = createPreReceiveServer(repo);
    repo.write("policies/intentguard.yaml", policy(true));
    repo.git("add", "-A");
    repo.git("commit", "-q", "-m", "Require signed rule changes");
    const signing = repo.head();
    expectAllowed(push(repo, bare, "main"));
    // Forked before signing was required: there, a widening needs no signature.
    repo.git("checkout", "-q", "-b", "wider", old);
    repo.write(intentsPath, wideIntents.replace('owned_scope: ["docs/**"]', 'owned_scope: ["**"]'));
    repo.git("add", "-A");
    expect(repo.tryGit(["commit", "-q", "-m", "Widen docs to everything"]).status).toBe(0);
    const wider = repo.head();
    repo.git("checkout", "-q", "main");
    expectRefused(repo.tryGit(["merge", "--no-edit", "wider"]), "governance_signature");
    expect(repo.head()).toBe(signing);
    expect(repo.tryGit(["merge", "--abort"]).status).toBe(0);
    repo.git("checkout", "-q", "wider");
    expectRefused(repo.intentguard(["check", "--base", "main"]), "governance_signature");
    const merge = plumbCommit(repo, signing, [signing, wider], {}, "Merge wider");
    expectRefused(push(repo, bare, merge), "governance_signature");
    expect(serverRef(repo, bare)).toBe(signing);
  });
});

describe("objects as stored", () => {
  it("judges what a graft or a replace ref hides, locally and in a range", async () => {
    const { repo, narrowed } = await narrowedRepo();
    const hidden = plumbCommit(
      repo,
      narrowed,
      [narrowed],
      { [evil]: "evil\n" },
      "Evil\n\nIntent: INT-001",
    );
    // A graft makes the commit a root, which the hooks used to judge as an adoption.
    writeFileSync(path.join(repo.dir, ".git", "info", "grafts"), `${hidden}\n`);
    expectRefused(repo.tryGit(["update-ref", "refs/heads/main", hidden]), evil);
    expect(repo.head()).toBe(narrowed);
    writeFileSync(path.join(repo.dir, ".git", "info", "grafts"), "");
    // A replace ref shows an innocent commit in its place.
    const innocent = plumbCommit(
      repo,
      narrowed,
      [narrowed],
      { "src/auth/ok.ts": "ok\n" },
      "Fine\n\nIntent: INT-001",
    );
    repo.git("replace", hidden, innocent);
    expect(repo.git("show", "--format=", "--name-only", hidden).trim()).toBe("src/auth/ok.ts");
    expectRefused(repo.tryGit(["merge", "--ff-only", hidden]), evil);
    expectRefused(repo.intentguard(["check", "--range", `${narrowed}..${hidden}`]), evil);
    expectRefused(githubPush(repo, narrowed, hidden), evil);
  });

  it("refuses a push to refs/replace/* on the server unless its own config allows it, and judges the branch as stored", async () => {
    const { repo, narrowed } = await narrowedRepo();
    const bare = createPreReceiveServer(repo);
    expectAllowed(push(repo, bare, "main"));
    const hidden = plumbCommit(
      repo,
      narrowed,
      [narrowed],
      { [evil]: "evil\n" },
      "Evil\n\nIntent: INT-001",
    );
    const innocent = plumbCommit(
      repo,
      narrowed,
      [narrowed],
      { "src/auth/ok.ts": "ok\n" },
      "Fine\n\nIntent: INT-001",
    );
    const both = repo.tryGit(
      ["push", "-q", bare, `${innocent}:refs/replace/${hidden}`, `${hidden}:refs/heads/main`],
      { env: { INTENTGUARD: "0" } },
    );
    expectRefused(both, `refs/replace/${hidden} is refused`, "intentguard.allowReplaceRefs", evil);
    expect(serverRef(repo, bare)).toBe(narrowed);
    expect(serverRef(repo, bare, `refs/replace/${hidden}`)).toBe("");
    repo.git("--git-dir", bare, "config", "intentguard.allowReplaceRefs", "true");
    expectAllowed(push(repo, bare, innocent, `refs/replace/${hidden}`));
    // The replacement is there now, and the branch is still judged as stored.
    expectRefused(push(repo, bare, hidden), evil);
    expect(serverRef(repo, bare)).toBe(narrowed);
  });
});

describe("a rewritten root is no fresh adoption", () => {
  it("refuses a rebase --root that puts code into the root commit", async () => {
    const { repo, narrowed } = await narrowedRepo();
    const editor = "sed -i '1s/^pick/edit/'";
    const started = repo.tryGit(["rebase", "-q", "-i", "--root"], {
      env: { GIT_SEQUENCE_EDITOR: editor },
    });
    expect(started.status, started.stderr).toBe(0);
    repo.write(evil, "evil\n");
    repo.git("add", "-A");
    expect(repo.tryGit(["commit", "-q", "--amend", "--no-edit"]).status).toBe(0);
    const finished = repo.tryGit(["rebase", "--continue"]);
    expectRefused(finished, "governance_isolation");
    expect(repo.git("rev-parse", "refs/heads/main").trim()).toBe(narrowed);
    repo.git("rebase", "--abort");
  });

  it("refuses, in CI and on the server, a force push of the default branch onto a rewritten root, or onto a history without rules", async () => {
    const { repo, narrowed } = await narrowedRepo();
    const bare = createPreReceiveServer(repo);
    expectAllowed(push(repo, bare, "main"));
    const rewritten = plumbCommit(
      repo,
      narrowed,
      [],
      { [evil]: "evil\n" },
      "Adopt\n\nIntent: INT-001",
    );
    expectRefused(githubPush(repo, narrowed, rewritten), "governance_isolation");
    expectRefused(gitlabPush(repo, narrowed, rewritten), "governance_isolation");
    expectRefused(
      repo.tryGit(["push", "-q", "-f", bare, `${rewritten}:refs/heads/main`]),
      "governance_isolation",
    );
    // No rules at all: every commit is ungoverned, and the branch would leave the rules behind.
    const index = path.join(createScratchDir(), "empty-index");
    const emptyTree = repo
      .run("git", ["write-tree"], { env: { GIT_INDEX_FILE: index } })
      .stdout.trim();
    const bare2 = repo.run("git", ["commit-tree", emptyTree, "-m", "Nothing"]).stdout.trim();
    const noRules = plumbCommit(repo, bare2, [bare2], { [evil]: "evil\n" }, "No rules here");
    expectRefused(
      githubPush(repo, narrowed, noRules),
      "governance_invalid",
      "leave intentguard's rules behind",
    );
    expectRefused(
      repo.tryGit(["push", "-q", "-f", bare, `${noRules}:refs/heads/main`]),
      "governance_invalid",
    );
    expect(serverRef(repo, bare)).toBe(narrowed);
    // Locally, on the default branch, too.
    expectRefused(
      repo.tryGit(["reset", "-q", "--hard", noRules]),
      "leave intentguard's rules behind",
    );
    expect(repo.head()).toBe(narrowed);
  });

  it("refuses in CI a push whose before the clone lacks, and never checks the whole history instead", async () => {
    const { repo, narrowed } = await narrowedRepo();
    const gone = "1234567890abcdef1234567890abcdef12345678";
    const result = githubPush(repo, gone, narrowed);
    expect(result.status, result.stdout).toBe(2);
    expect(result.stderr).toContain(`before (${gone})`);
    expect(result.stderr).toContain(`git fetch origin ${gone}`);
  });
});

describe("a note is no proof of judgement", () => {
  it("judges every commit a landing brings, whatever notes they carry", async () => {
    const { repo, narrowed } = await narrowedRepo();
    const fine = plumbCommit(
      repo,
      narrowed,
      [narrowed],
      { "src/auth/a.ts": "a\n" },
      "Fine\n\nIntent: INT-001",
    );
    const bad = plumbCommit(repo, fine, [fine], { [evil]: "evil\n" }, "Evil\n\nIntent: INT-001");
    repo.gitWithoutHooks("notes", "--ref=intentguard", "add", "-m", "forged", bad);
    expectRefused(repo.tryGit(["merge", "--ff-only", bad]), evil);
    expect(repo.head()).toBe(narrowed);
    // A rebase --exec can write notes before the branch moves: still judged.
    repo.git("checkout", "-q", "-b", "topic");
    expect(repo.tryGit(["reset", "-q", "--hard", bad], { env: { INTENTGUARD: "0" } }).status).toBe(
      0,
    );
    const rebase = repo.tryGit(
      [
        "rebase",
        "-q",
        "--force-rebase",
        "--exec",
        "INTENTGUARD=0 git notes --ref=intentguard add -f -m forged HEAD",
        narrowed,
      ],
      // A later committer date: in the same second as the originals, --force-rebase would
      // recreate the very same commits, and no branch would move.
      { env: { INTENTGUARD: undefined, GIT_COMMITTER_DATE: "2030-01-01T00:00:00Z" } },
    );
    expectRefused(rebase, evil);
  });

  it("replaces a note that holds no record for the commit with the commit's record", async () => {
    const { repo, narrowed } = await narrowedRepo();
    const fine = plumbCommit(
      repo,
      narrowed,
      [narrowed],
      { "src/auth/a.ts": "a\n" },
      "Fine\n\nIntent: INT-001",
    );
    const more = plumbCommit(
      repo,
      fine,
      [fine],
      { "src/auth/b.ts": "b\n" },
      "More\n\nIntent: INT-001",
    );
    repo.gitWithoutHooks("notes", "--ref=intentguard", "add", "-m", "forged", fine);
    expectAllowed(repo.tryGit(["merge", "--ff-only", more]));
    for (const commit of [fine, more]) {
      const note = repo.git("notes", "--ref=intentguard", "show", commit);
      expect(JSON.parse(note.trim()).vcs.revision_id).toBe(commit);
    }
    expectAllowed(repo.intentguard(["trace", "verify"]));
  });

  it("counts the record its own hook wrote when a note holds several, and reports the others as superseded", async () => {
    const { repo } = await narrowedRepo();
    const commit = repo.commitFile("src/auth/c.ts", "c\n", "C", {
      env: { INTENTGUARD_INTENT: "INT-001" },
    });
    const ours = JSON.parse(repo.git("notes", "--ref=intentguard", "show", commit).trim());
    // Another clone's record of the same commit, as a fetched note merged with ours brings it.
    const theirs = {
      ...ours,
      id: "00000000-0000-4000-8000-000000000000",
      ledger: { ...ours.ledger, clone: "another-clone" },
    };
    repo.gitWithoutHooks(
      "notes",
      "--ref=intentguard",
      "append",
      "-m",
      JSON.stringify(theirs),
      commit,
    );
    const verify = repo.intentguard(["trace", "verify", "--json"]);
    expect(verify.status, verify.stdout).toBe(0);
    expect(JSON.parse(verify.stdout).superseded).toEqual([
      { commit, record_id: theirs.id, counted: ours.id },
    ]);
    const text = repo.intentguard(["trace", "verify"]);
    expect(text.stdout).toContain(
      `superseded: record ${theirs.id} (another record of the commit counts: ${ours.id})`,
    );
    // The log counts the commit once, not once per record.
    const log = JSON.parse(repo.intentguard(["trace", "log", "--json"]).stdout);
    const listed = log.intents.flatMap((group: { commits: { commit: string }[] }) =>
      group.commits.map((entry) => entry.commit),
    );
    expect(listed.filter((listedCommit: string) => listedCommit === commit)).toEqual([commit]);
    // A forged record beside the true one: another intent, an AI. Reports that read every record
    // would show it, so verify fails on it although the record that counts is intact.
    const forged = {
      ...ours,
      id: "11111111-1111-4111-8111-111111111111",
      intent_id: "INT-002",
      contributor: { entity_type: "AI", model_identifier: "evil", agent_id: "evil" },
    };
    delete forged.ledger;
    repo.gitWithoutHooks(
      "notes",
      "--ref=intentguard",
      "append",
      "-m",
      JSON.stringify(forged),
      commit,
    );
    const caught = repo.intentguard(["trace", "verify", "--json"]);
    expect(caught.status, caught.stdout).toBe(1);
    expect(JSON.parse(caught.stdout).issues).toEqual([
      {
        commit,
        kind: "tampered",
        detail: `record ${forged.id}, beside the one that counts, disagrees with the commit: intent_id is "INT-002", but the commit's Intent: trailer says "INT-001"`,
      },
      {
        commit,
        kind: "tampered",
        detail: `record ${forged.id}, beside the one that counts, disagrees with the commit: it names AI evil / evil as the commit's contributor, the record that counts ${ours.contributor.name}`,
      },
    ]);
    // The same forgery naming only another contributor: nothing recomputable differs.
    const quiet = { ...forged, intent_id: "INT-001", timestamp: "2020-01-01T00:00:00Z" };
    const lines = [ours, theirs, quiet].map((record) => JSON.stringify(record)).join("\n");
    repo.run("git", ["notes", "--ref=intentguard", "add", "-f", "-F", "-", commit], {
      input: `${lines}\n`,
      env: { INTENTGUARD: "0" },
    });
    const contributor = repo.intentguard(["trace", "verify", "--json"]);
    expect(contributor.status, contributor.stdout).toBe(1);
    expect(
      JSON.parse(contributor.stdout).issues.map((issue: { detail: string }) => issue.detail),
    ).toEqual([
      `record ${quiet.id}, beside the one that counts, disagrees with the commit: it names AI evil / evil as the commit's contributor, the record that counts ${ours.contributor.name}`,
    ]);
  });
});

describe("pre-receive needs a default branch", () => {
  it("refuses a new branch where HEAD names no branch, unless it is the first adoption, and follows intentguard.defaultBranch", async () => {
    const { repo, narrowed } = await narrowedRepo();
    const bare = createPreReceiveServer(repo, "master"); // HEAD names master; the team pushes main
    expectAllowed(push(repo, bare, "main")); // the first adoption
    const orphan = plumbCommit(
      repo,
      narrowed,
      [],
      {
        [intentsPath]: wideIntents.replace('owned_scope: ["src"]', 'owned_scope: ["**"]'),
        [evil]: "evil\n",
      },
      "My own rules",
    );
    const refused = push(repo, bare, orphan, "refs/heads/own");
    expectRefused(
      refused,
      "refs/heads/own is refused",
      "names refs/heads/master, which does not exist",
      "intentguard.defaultBranch",
    );
    repo.git("--git-dir", bare, "config", "intentguard.defaultBranch", "main");
    expectRefused(push(repo, bare, orphan, "refs/heads/own"), "governance_isolation");
    expectAllowed(push(repo, bare, narrowed, "refs/heads/feature"));
  });

  it("accepts a tag of a blob (it brings no commit)", async () => {
    const { repo } = await narrowedRepo();
    const bare = createPreReceiveServer(repo);
    expectAllowed(push(repo, bare, "main"));
    const blob = repo
      .run("git", ["hash-object", "-w", "--stdin"], { input: "data\n" })
      .stdout.trim();
    const result = push(repo, bare, blob, "refs/tags/data");
    expectAllowed(result);
    expect(serverRef(repo, bare, "refs/tags/data")).toBe(blob);
  });
});

describe("what keeps working", () => {
  it("passes a pull request that adds an intent in a rules commit and works under it, locally, in CI and on the server", async () => {
    const { repo, narrowed } = await narrowedRepo();
    const bare = createPreReceiveServer(repo);
    expectAllowed(push(repo, bare, "main"));
    repo.git("checkout", "-q", "-b", "reports");
    repo.write(
      intentsPath,
      `${narrowedIntents}  - id: "INT-004"\n    name: "Reports"\n    status: "IN_PROGRESS"\n    owned_scope: ["reports"]\n`,
    );
    repo.git("add", "-A");
    repo.git("commit", "-q", "-m", "Add INT-004");
    repo.commitFile("reports/q1.md", "q1\n", "First report", {
      env: { INTENTGUARD_INTENT: "INT-004" },
    });
    const head = repo.head();
    expectAllowed(githubPullRequest(repo, narrowed, head));
    expectAllowed(push(repo, bare, "reports", "refs/heads/reports"));
    repo.git("checkout", "-q", "main");
    expectAllowed(repo.tryGit(["merge", "--no-ff", "--no-edit", "reports"]));
    expectAllowed(push(repo, bare, "main"));
  });

  it("passes a back-merge of main into a feature branch, locally and on the server", async () => {
    const { repo, old, narrowed } = await narrowedRepo();
    const bare = createPreReceiveServer(repo);
    expectAllowed(push(repo, bare, old, "refs/heads/main"));
    repo.git("checkout", "-q", "-b", "feature", old);
    repo.commitFile("docs/feature.md", "f\n", "Feature docs", {
      env: { INTENTGUARD_INTENT: "INT-002" },
    });
    expectAllowed(push(repo, bare, "feature", "refs/heads/feature"));
    expectAllowed(push(repo, bare, narrowed, "refs/heads/main"));
    const merged = repo.tryGit(["merge", "--no-edit", "main"]);
    expectAllowed(merged);
    expectAllowed(push(repo, bare, "feature", "refs/heads/feature"));
    // After it, the feature branch is judged by the narrowed rules.
    repo.write(evil, "evil\n");
    repo.git("add", "-A");
    expectRefused(
      repo.tryGit(["commit", "-q", "-m", "Evil"], { env: { INTENTGUARD_INTENT: "INT-001" } }),
      evil,
    );
  });

  it("judges a rebase onto a narrowed main by the narrowed rules", async () => {
    const { repo, old } = await narrowedRepo();
    repo.git("checkout", "-q", "-b", "feature", old);
    repo.commitFile(evil, "evil\n", "Billing", { env: { INTENTGUARD_INTENT: "INT-001" } });
    const before = repo.head();
    expectRefused(repo.tryGit(["rebase", "-q", "main"]), evil);
    expect(repo.git("rev-parse", "refs/heads/feature").trim()).toBe(before);
  });
});

describe("verdicts that do not depend on the order git lists commits in", () => {
  it("judges the same landing alike whichever order its commits are handed over in", async () => {
    const { repo, narrowed } = await narrowedRepo();
    let clock = 1_700_000_000;
    const at = (commit: () => string) => {
      clock += 1000;
      const date = `@${clock} +0000`;
      repo.env.GIT_COMMITTER_DATE = date;
      repo.env.GIT_AUTHOR_DATE = date;
      const made = commit();
      delete repo.env.GIT_COMMITTER_DATE;
      delete repo.env.GIT_AUTHOR_DATE;
      return made;
    };
    const withReports = `${narrowedIntents}  - id: "INT-007"\n    name: "Reports"\n    status: "IN_PROGRESS"\n    owned_scope: ["reports"]\n`;
    // Side B, forked from the start and dated first: under INT-007, which side A's rules change
    // brings to the mainline before the merge that brings B.
    const b1 = at(() =>
      plumbCommit(repo, narrowed, [narrowed], { "reports/b.md": "b\n" }, "B\n\nIntent: INT-007"),
    );
    const g = at(() =>
      plumbCommit(repo, narrowed, [narrowed], { [intentsPath]: withReports }, "Add INT-007"),
    );
    const r1 = at(() =>
      plumbCommit(repo, g, [g], { "reports/a.md": "a\n" }, "A\n\nIntent: INT-007"),
    );
    const t1 = at(() =>
      plumbCommit(repo, narrowed, [narrowed], { "src/auth/t.ts": "t\n" }, "T\n\nIntent: INT-001"),
    );
    const m1 = at(() =>
      plumbCommit(
        repo,
        t1,
        [t1, r1],
        { [intentsPath]: withReports, "reports/a.md": "a\n" },
        "Merge A",
      ),
    );
    const m2 = at(() => plumbCommit(repo, m1, [m1, b1], { "reports/b.md": "b\n" }, "Merge B"));
    const bad = at(() =>
      plumbCommit(repo, m2, [m2], { [evil]: "evil\n" }, "Evil\n\nIntent: INT-001"),
    );
    const list = (...options: string[]) =>
      repo
        .git("rev-list", "--reverse", ...options, bad, `^${narrowed}`)
        .trim()
        .split("\n");
    const orders = [
      list("--topo-order"),
      list("--date-order"),
      list(),
      list("--author-date-order"),
    ];
    expect(new Set(orders.map((order) => order.join(" "))).size).toBeGreaterThan(1);
    useHermeticProcessEnv(repo);
    const gitRepo = await locateRepo(repo.dir);
    const env = readEnvironment(process.env, repo.dir);
    const verdicts = [];
    for (const judged of orders) {
      const check = await checkRange({
        repo: gitRepo,
        clock: systemClock,
        env,
        source: { kind: "--range", spec: `${narrowed}..${bad}`, base: narrowed, head: bad },
        landing: {
          target: "main",
          start: narrowed,
          newTip: bad,
          result: "tip",
          adoption: async () => ({ allowed: true, governedRef: null }),
          leavingRules: "error",
          judged,
        },
        verifyTraces: false,
      });
      verdicts.push(
        Object.fromEntries(
          check.commits.map((commit) => [
            commit.commit,
            `${commit.outcome} ${check.findings
              .filter((finding) => finding.commit === commit.commit)
              .map((finding) => `${finding.rule}:${finding.path}`)
              .sort()
              .join(",")}`,
          ]),
        ),
      );
    }
    for (const other of verdicts.slice(1)) expect(other).toEqual(verdicts[0]);
    expect(verdicts[0]).toEqual({
      [b1]: "allowed ",
      [g]: "allowed ",
      [r1]: "allowed ",
      [t1]: "allowed ",
      [m1]: "allowed ",
      [m2]: "allowed ",
      [bad]: `blocked scope:${evil}`,
    });
  });
});

describe("what a merge does to the rules", () => {
  const anchored = `active_intents:
  - id: "INT-001"
    name: "Auth"
    status: "IN_PROGRESS"
    owned_scope: &scope
      - "src/auth"
  - id: "INT-002"
    name: "Docs"
    status: "IN_PROGRESS"
    owned_scope:
      - "docs"
`;
  const signed = "version: 1\ngovernance:\n  require_signed_by_approver: true\n";

  it("judges a merge whose text merges cleanly into other rules than its parents' changes as a rules change", async () => {
    const repo = await createGovernedRepo({
      intents: anchored,
      files: { "src/auth/login.ts": "x\n", "policies/intentguard.yaml": signed },
    });
    const base = repo.head();
    // main: INT-001 also owns src/secret. A branch forked before: INT-002 shares INT-001's scope
    // through the anchor, which there means src/auth only.
    const widened = anchored.replace(
      '      - "src/auth"\n',
      '      - "src/auth"\n      - "src/secret"\n',
    );
    const main = plumbCommit(
      repo,
      base,
      [base],
      { [intentsPath]: widened },
      "INT-001 owns src/secret",
    );
    const shared = anchored.replace(
      '    owned_scope:\n      - "docs"\n',
      "    owned_scope: *scope\n",
    );
    const side = plumbCommit(
      repo,
      base,
      [base],
      { [intentsPath]: shared },
      "INT-002 shares INT-001's scope",
    );
    // git's merge of the text: INT-002 = *scope = src/auth and src/secret; the changes combined
    // give INT-002 src/auth only.
    const merged = widened.replace(
      '    owned_scope:\n      - "docs"\n',
      "    owned_scope: *scope\n",
    );
    const merge = plumbCommit(repo, main, [main, side], { [intentsPath]: merged }, "Merge");
    const range = repo.intentguard(["check", "--range", `${main}..${merge}`, "--format", "json"]);
    const check = JSON.parse(range.stdout) as {
      commits: { commit: string; verdict: { touches_rules: boolean } | null }[];
      findings: { commit: string; rule: string }[];
    };
    expect(check.commits.find((commit) => commit.commit === merge)?.verdict?.touches_rules).toBe(
      true,
    );
    expect(
      check.findings.filter((finding) => finding.commit === merge).map((finding) => finding.rule),
    ).toEqual(["governance_signature"]);
  });

  it("refuses a clean merge that leaves rules that cannot be read", async () => {
    const { repo, narrowed } = await narrowedRepo();
    const bare = createPreReceiveServer(repo);
    expectAllowed(push(repo, bare, "main"));
    // Each side adds the same key at another line: git merges the text cleanly, into a duplicate.
    const one = narrowedIntents.replace(
      'name: "Auth"\n',
      'name: "Auth"\n    assigned_agent: "a"\n',
    );
    const other = narrowedIntents.replace(
      '    owned_scope: ["src/auth"]\n',
      '    owned_scope: ["src/auth"]\n    assigned_agent: "a"\n',
    );
    const left = plumbCommit(repo, narrowed, [narrowed], { [intentsPath]: one }, "Assign to a");
    const right = plumbCommit(
      repo,
      narrowed,
      [narrowed],
      { [intentsPath]: other },
      "Assign to a, again",
    );
    const both = one.replace(
      '    owned_scope: ["src/auth"]\n',
      '    owned_scope: ["src/auth"]\n    assigned_agent: "a"\n',
    );
    const merge = plumbCommit(repo, left, [left, right], { [intentsPath]: both }, "Merge");
    expectRefused(
      repo.intentguard(["check", "--range", `${narrowed}..${merge}`]),
      "governance_invalid",
      "Map keys must be unique",
    );
    expectRefused(push(repo, bare, merge), "governance_invalid");
    expect(serverRef(repo, bare)).toBe(narrowed);
  });
});

describe("the server keeps its rules in force", () => {
  it("refuses deleting the default branch, and creating it again once it held rules", async () => {
    const { repo, narrowed, old } = await narrowedRepo();
    const bare = createPreReceiveServer(repo);
    expectAllowed(push(repo, bare, "main"));
    expect(
      repo.run("git", ["--git-dir", bare, "config", "intentguard.adopted"]).stdout.trim(),
    ).not.toBe("");
    const late = plumbCommit(repo, old, [old], { [evil]: "evil\n" }, "Evil\n\nIntent: INT-001");
    const deleted = repo.tryGit(["push", "-q", bare, ":refs/heads/main"]);
    expectRefused(
      deleted,
      "deleting refs/heads/main is refused",
      "intentguard.allowDefaultBranchDeletion",
    );
    // With HEAD naming a branch that does not exist, main is no default branch to keep...
    repo.git("--git-dir", bare, "symbolic-ref", "HEAD", "refs/heads/master");
    expectAllowed(repo.tryGit(["push", "-q", bare, ":refs/heads/main"]));
    // ... but the server held rules: main cannot come back with nothing in force.
    expectRefused(push(repo, bare, late), "refs/heads/main is refused");
    repo.git("--git-dir", bare, "config", "intentguard.defaultBranch", "main");
    expectRefused(push(repo, bare, late), "created again on a server that holds rules");
    expect(serverRef(repo, bare)).toBe("");
    expect(narrowed).not.toBe(late);
  });

  it("refuses, rather than crashing, an old value it lacks and a judgedFrom that is no commit", async () => {
    const { repo } = await narrowedRepo();
    const bare = createPreReceiveServer(repo);
    expectAllowed(push(repo, bare, "main"));
    const tip = serverRef(repo, bare);
    const hook = repo.run(process.execPath, [cliPath, "hook", "pre-receive"], {
      cwd: bare,
      input: `${"1".repeat(40)} ${tip} refs/heads/main\n`,
      env: { GIT_DIR: bare },
    });
    expect(hook.status, hook.stderr).toBe(1);
    expect(hook.stderr).toContain(`its current value ${"1".repeat(40)} is not in this repository`);
    repo.git("--git-dir", bare, "config", "intentguard.judgedFrom", "-x");
    const pushed = repo.tryGit(["push", "-q", bare, `${tip}:refs/heads/other`]);
    expect(pushed.status).not.toBe(0);
    expect(pushed.stderr).toContain('intentguard.judgedFrom is "-x"');
    expect(pushed.stderr).not.toContain("internal error");
  });
});

describe("pre-receive's standard input", () => {
  it("refuses a push it cannot read (exit 2, naming the line), and takes git's own lines", async () => {
    const { repo } = await narrowedRepo();
    const bare = createPreReceiveServer(repo);
    expectAllowed(push(repo, bare, "main"));
    const tip = serverRef(repo, bare);
    const zero = "0".repeat(40);
    const receive = (input: string) =>
      repo.run(process.execPath, [cliPath, "hook", "pre-receive"], {
        cwd: bare,
        input,
        env: { GIT_DIR: bare },
      });
    for (const [input, line, shown] of [
      ["garbage\n", 1, '"garbage"'],
      [`${zero} ${tip} refs/heads/x\n${tip}\trefs/heads/y\n`, 2, `"${tip}\\u0009refs/heads/y"`],
      [`${zero} ${tip.slice(0, 12)} refs/heads/x\n`, 1, `${tip.slice(0, 12)} refs/heads/x"`],
      [`${zero} ${tip} main\n`, 1, `${tip} main"`],
      [`${zero} ${tip} refs/heads/x extra\n`, 1, 'refs/heads/x extra"'],
      [`${zero} ${tip} refs/heads/x\r\n`, 1, 'refs/heads/x\\u000d"'],
    ] as const) {
      const hook = receive(input);
      expect({ status: hook.status, stdout: hook.stdout }, input).toEqual({
        status: 2,
        stdout: "",
      });
      expect(hook.stderr).toContain(`line ${line} of what pre-receive read on its standard input`);
      expect(hook.stderr).toContain(shown);
      expect(hook.stderr).toContain("refuses it");
      expect(hook.stderr).not.toMatch(/internal error|\n\s+at /);
    }
    for (const input of ["", "\n  \n"]) {
      const none = receive(input);
      expect({ status: none.status, stdout: none.stdout }).toEqual({ status: 2, stdout: "" });
      expect(none.stderr).toContain('pre-receive read no "<old-id> <new-id> <ref>" line');
    }
    // git's own lines, blank lines around them, are judged: a new branch at the tip is allowed.
    const taken = receive(`\n${zero} ${tip} refs/heads/copy\n\n`);
    expect({ status: taken.status, stderr: taken.stderr }).toEqual({ status: 0, stderr: "" });
  });
});

describe("a pre-receive that cannot read what the push brings", () => {
  it("refuses the push: a wrapper dropped git's quarantine, or an object git does not have", async () => {
    const { repo } = await narrowedRepo();
    const bare = createPreReceiveServer(repo);
    expectAllowed(push(repo, bare, "main"));
    const hook = path.join(bare, "hooks", "pre-receive");
    writeFileSync(
      hook,
      `#!/bin/sh\nexec env -u GIT_OBJECT_DIRECTORY -u GIT_ALTERNATE_OBJECT_DIRECTORIES -u GIT_QUARANTINE_PATH "${process.execPath}" "${cliPath}" hook pre-receive\n`,
    );
    const next = repo.commitFile("src/auth/late.ts", "late\n", "Late\n\nIntent: INT-001");
    const refused = repo.tryGit(["push", "-q", bare, "main"]);
    expect(refused.status).not.toBe(0);
    expect(refused.stderr).toContain(
      `refs/heads/main is refused: the object it would point to, ${next}, cannot be read here`,
    );
    expect(serverRef(repo, bare)).not.toBe(next);
    const tip = serverRef(repo, bare);
    const made = repo.run(process.execPath, [cliPath, "hook", "pre-receive"], {
      cwd: bare,
      input: `${tip} ${"1".repeat(40)} refs/heads/main\n`,
      env: { GIT_DIR: bare },
    });
    expect(made.status).toBe(1);
    expect(made.stderr).toContain(
      `the object it would point to, ${"1".repeat(40)}, cannot be read`,
    );
    // A branch in another case: on a case-insensitive file system, the same file as the branch.
    const cased = repo.run(process.execPath, [cliPath, "hook", "pre-receive"], {
      cwd: bare,
      input: `${"0".repeat(40)} ${tip} refs/Heads/main\n`,
      env: { GIT_DIR: bare },
    });
    expect(cased.status).toBe(1);
    expect(cased.stderr).toContain(
      "refs/Heads/main is refused: it names a branch or tag in another case",
    );
  });
});

describe("an update that does not say what it expected", () => {
  it("is judged from the ref's own value (git update-ref <ref> <new>)", async () => {
    const { repo, narrowed } = await narrowedRepo();
    const origin = path.join(createScratchDir(), "origin.git");
    repo.git("init", "-q", "--bare", origin);
    repo.git("remote", "add", "origin", origin);
    repo.git("push", "-q", "origin", "main");
    const index = path.join(createScratchDir(), "empty-index");
    const emptyTree = repo
      .run("git", ["write-tree"], { env: { GIT_INDEX_FILE: index } })
      .stdout.trim();
    const orphan = repo.run("git", ["commit-tree", emptyTree, "-m", "Nothing"]).stdout.trim();
    expectRefused(
      repo.tryGit(["update-ref", "refs/heads/main", orphan]),
      "leave intentguard's rules behind",
    );
    expect(repo.head()).toBe(narrowed);
  });
});

describe("a tip that keeps rules older than the target's", () => {
  it("refuses, in CI and on the server, moving main onto a rules change forked before a narrowing (governance_diverged)", async () => {
    const { repo, old, narrowed } = await narrowedRepo();
    const bare = createPreReceiveServer(repo);
    repo.git("remote", "add", "server", bare);
    expectAllowed(push(repo, bare, "main"));
    const reports = `  - id: "INT-007"\n    name: "Reports"\n    status: "IN_PROGRESS"\n    owned_scope: ["reports"]\n`;
    // Made on its own branch, under that branch's rules: INT-001 still owns all of src/ there.
    repo.git("checkout", "-q", "-b", "side", old);
    repo.write(intentsPath, `${wideIntents}${reports}`);
    repo.git("add", "-A");
    repo.git("commit", "-q", "-m", "Add INT-007");
    const side = repo.head();
    // Its change (adding INT-007) carries into the narrowed rules; its tip keeps the wide ones.
    const diverged = `governance_diverged: the rules at ${side.slice(0, 12)} differ from the rules in force after this landing (${intentsPath} active_intents[INT-001].owned_scope)`;
    const ci = githubPush(repo, narrowed, side);
    expect(ci.status, `${ci.stdout}${ci.stderr}`).toBe(1);
    expect(ci.stdout).toContain(`✗ intentguard: 1 of 1 commit in ${narrowed}..${side} failed`);
    expect(ci.stdout).toContain(`✗ ${side.slice(0, 12)} Add INT-007`);
    expect(ci.stdout).toContain(diverged);
    const forced = repo.tryGit(["push", "-f", "server", "side:main"], {
      env: { INTENTGUARD: "0" },
    });
    expectRefused(forced, diverged, "side -> main (pre-receive hook declined)");
    expect(serverRef(repo, bare)).toBe(narrowed);
    // The same rules change made on main's tip holds the rules in force, and lands.
    const onMain = plumbCommit(
      repo,
      narrowed,
      [narrowed],
      { [intentsPath]: `${narrowedIntents}${reports}` },
      "Add INT-007",
    );
    expectAllowed(githubPush(repo, narrowed, onMain));
    expectAllowed(push(repo, bare, onMain));
  });
});

describe("a rules change made on older rules", () => {
  it("refuses, in a range and locally, a rules change forked before main completed an intent that sets its status again (governance_conflict)", async () => {
    const { repo, old, narrowed } = await narrowedRepo();
    repo.git("checkout", "-q", "-b", "side", old);
    repo.write(
      intentsPath,
      wideIntents.replace(
        'name: "Library"\n    status: "IN_PROGRESS"',
        'name: "Library"\n    status: "PENDING"',
      ),
    );
    repo.git("add", "-A");
    repo.git("commit", "-q", "-m", "Put INT-005 back to pending");
    const side = repo.head();
    repo.git("checkout", "-q", "main");
    const conflict = `this rules change was made on older rules: ${intentsPath} active_intents[INT-005].status was changed differently in the rules in force on`;
    const rebase = "rebase the rules change onto main (git rebase main)";
    // With porcelain the texts conflict; keeping main's rules still brings the rules change in.
    expect(repo.tryGit(["merge", "--no-edit", "side"]).status).toBe(1);
    repo.git("checkout", "--ours", "--", intentsPath);
    repo.git("add", "-A");
    const resolved = repo.tryGit(["commit", "--no-edit"]);
    expect(resolved.status, resolved.stderr).toBe(refusedByHook);
    expect(resolved.stderr).toContain("rule: governance_conflict (error)");
    expect(resolved.stderr).toContain(`${conflict} main since`);
    expect(resolved.stderr).toContain(rebase);
    expect(repo.head()).toBe(narrowed);
    repo.git("merge", "--abort");
    // The same merge made with plumbing: judged alike in a range, and refused when main moves.
    const merge = plumbCommit(repo, narrowed, [narrowed, side], {}, "Merge side");
    const range = repo.intentguard(["check", "--range", `${narrowed}..${merge}`]);
    expect(range.status, `${range.stdout}${range.stderr}`).toBe(1);
    expect(range.stdout).toContain(`✗ intentguard: 1 of 2 commits in ${narrowed}..${merge} failed`);
    expect(range.stdout).toContain(`✗ ${side.slice(0, 12)} Put INT-005 back to pending`);
    expect(range.stdout).toContain(`governance_conflict: ${conflict} ${narrowed} since`);
    // The range says the fix the hook says, onto the range's start as it was named.
    expect(range.stdout).toContain(
      `so it cannot be carried into them; to fix: rebase the rules change onto ${narrowed} (git rebase ${narrowed})`,
    );
    const landed = repo.tryGit(["merge", "--ff-only", merge]);
    expect(landed.status, landed.stderr).toBe(refusedByHook);
    expect(landed.stderr).toContain("rule: governance_conflict (error)");
    expect(landed.stderr).toContain(rebase);
    expect(repo.head()).toBe(narrowed);
    // CI (onto the pushed branch as the clone has it) and the server say the same fix.
    const ci = githubPush(repo, narrowed, merge);
    expect(ci.status, `${ci.stdout}${ci.stderr}`).toBe(1);
    expect(ci.stdout).toContain(`governance_conflict: ${conflict} origin/main since`);
    expect(ci.stdout).toContain(
      "; to fix: rebase the rules change onto origin/main (git rebase origin/main)",
    );
    const bare = createPreReceiveServer(repo);
    expectAllowed(push(repo, bare, narrowed));
    const pushed = push(repo, bare, merge);
    expectRefused(pushed, `governance_conflict: ${conflict} main since`, `; to fix: ${rebase}`);
    expect(serverRef(repo, bare)).toBe(narrowed);
    // A new branch lands on the default branch: the fix names main, never the new branch.
    const branched = push(repo, bare, merge, "refs/heads/side-merge");
    expectRefused(branched, `governance_conflict: ${conflict} main since`, `; to fix: ${rebase}`);
    expect(`${branched.stdout}${branched.stderr}`).not.toContain("onto side-merge");
    expect(serverRef(repo, bare, "refs/heads/side-merge")).toBe("");
  });
});

describe("adoption happens once", () => {
  it("accepts one adoption commit reaching several refs in one push as one adoption", async () => {
    const repo = await createGovernedRepo();
    const adoption = repo.head();
    repo.git("checkout", "-q", "-b", "feature");
    const feature = repo.commitFile("docs/guide.md", "# Guide\n", "Write the guide", {
      env: { INTENTGUARD_INTENT: "INT-002" },
    });
    repo.git("checkout", "-q", "main");
    repo.git("tag", "v1", adoption);
    const bare = createPreReceiveServer(repo);
    const pushed = repo.tryGit(["push", "-q", bare, "main", "feature", "v1"], {
      env: { INTENTGUARD: "0" },
    });
    expectAllowed(pushed);
    expect(serverRef(repo, bare)).toBe(adoption);
    expect(serverRef(repo, bare, "refs/heads/feature")).toBe(feature);
    expect(serverRef(repo, bare, "refs/tags/v1")).toBe(adoption);
    expect(
      repo.run("git", ["--git-dir", bare, "config", "intentguard.adopted"]).stdout.trim(),
    ).toBe(adoption);
  });

  it("refuses one push that brings two unrelated adoptions", async () => {
    const repo = await createGovernedRepo();
    const adoption = repo.head();
    // Another root with the same rules: an adoption of its own.
    const again = plumbCommit(repo, adoption, [], {}, "Adopt intentguard again");
    const bare = createPreReceiveServer(repo);
    const pushed = repo.tryGit(["push", "-q", bare, "main", `${again}:refs/heads/other`], {
      env: { INTENTGUARD: "0" },
    });
    // Each ref's adoption is refused by name, and no ref of the refused push says it is allowed.
    const said = `${pushed.stdout}${pushed.stderr}`;
    expectRefused(
      pushed,
      `adoption_repeated: this commit adopts intentguard with rules of its own, and so do 1 other commit(s) of the same push (${again.slice(0, 12)}): adoption happens once; to fix: adopt intentguard once`,
      `adoption_repeated: this commit adopts intentguard with rules of its own, and so do 1 other commit(s) of the same push (${adoption.slice(0, 12)}): adoption happens once`,
      // Each headline names its ref, and a first push its whole history, not a bare SHA.
      `✗ intentguard: 1 of 1 commit in the push to refs/heads/main (${adoption} and all its history) failed (1 blocked)`,
      `✗ intentguard: 1 of 1 commit in the push to refs/heads/other (${again} and all its history) failed (1 blocked)`,
    );
    expect(said).not.toContain("✓");
    expect(said).not.toMatch(/[1-9]\d* allowed/);
    expect(said.match(/adoption_repeated:/g)).toHaveLength(2);
    expect(serverRef(repo, bare)).toBe("");
    expect(serverRef(repo, bare, "refs/heads/other")).toBe("");
    expect(
      repo.run("git", ["--git-dir", bare, "config", "intentguard.adopted"]).stdout.trim(),
    ).toBe("");
  });

  it("warns when a local branch other than the default leaves the rules behind, and refuses it on the default branch", async () => {
    const { repo, narrowed } = await narrowedRepo();
    const index = path.join(createScratchDir(), "empty-index");
    const emptyTree = repo
      .run("git", ["write-tree"], { env: { GIT_INDEX_FILE: index } })
      .stdout.trim();
    const noRules = repo.run("git", ["commit-tree", emptyTree, "-m", "Nothing"]).stdout.trim();
    const leaves = `the landing ends on ${noRules.slice(0, 12)}, whose tree has no ${intentsPath}, while rules were in force: the branch would leave intentguard's rules behind`;
    repo.git("checkout", "-q", "-b", "feature");
    const warned = repo.tryGit(["reset", "-q", "--hard", noRules]);
    expect(warned.status, warned.stderr).toBe(0);
    expect(warned.stderr).toContain(`! warning (governance_invalid): ${leaves}`);
    expect(warned.stderr).toContain("rule: governance_invalid (warn)");
    expect(repo.git("rev-parse", "refs/heads/feature").trim()).toBe(noRules);
    repo.git("checkout", "-q", "-f", "main");
    const refused = repo.tryGit(["reset", "-q", "--hard", noRules]);
    expect(refused.status, refused.stderr).toBe(refusedByHook);
    expect(refused.stderr).toContain(`✗ intentguard: blocked — ${leaves}`);
    expect(refused.stderr).toContain("rule: governance_invalid (error)");
    expect(repo.head()).toBe(narrowed);
  });
});

describe("pre-receive judges new branches and tags on the default branch", () => {
  it("refuses a tag, and a new branch, that carries a commit out of scope forked before a narrowing", async () => {
    const { repo, old, narrowed } = await narrowedRepo();
    const bare = createPreReceiveServer(repo);
    expectAllowed(push(repo, bare, "main"));
    // Allowed on its own branch, by the rules the branch has (INT-001 owns all of src/ there).
    repo.git("checkout", "-q", "-b", "late", old);
    const late = repo.commitFile(evil, "evil\n", "Billing", {
      env: { INTENTGUARD_INTENT: "INT-001" },
    });
    repo.git("tag", "-a", "-m", "Release", "v2", late);
    const blocked = `scope: 1 path outside the scope of INT-001 (Auth): ${evil}`;
    for (const [rev, ref] of [
      [late, "refs/tags/v1"],
      ["v2", "refs/tags/v2"],
      [late, "refs/heads/late"],
    ] as const) {
      const result = push(repo, bare, rev, ref);
      expectRefused(
        result,
        `1 of 1 commit in the push to ${ref} (${narrowed}..${late}) failed`,
        blocked,
      );
      expect(serverRef(repo, bare, ref)).toBe("");
    }
    // A tag of a commit main already has brings nothing to judge.
    expectAllowed(push(repo, bare, old, "refs/tags/v0"));
    expect(serverRef(repo, bare, "refs/tags/v0")).toBe(old);
  });
});

describe("commits a remote-tracking branch has", () => {
  it("are not judged again locally, but their rules changes count: a rebase onto a fetched, narrowed origin/main is refused", async () => {
    const { repo, old, narrowed } = await narrowedRepo();
    const origin = path.join(createScratchDir(), "origin.git");
    repo.git("init", "-q", "--bare", origin);
    expectAllowed(push(repo, origin, old));
    const clone = new TestRepo(path.join(repo.base, "clone"), repo.env, repo.base);
    repo.git("clone", "-q", origin, clone.dir);
    expectSuccess(clone.intentguard(["install"]), "intentguard install");
    clone.git("checkout", "-q", "-b", "feature");
    // Forked before the narrowing: by the feature branch's rules, INT-001 owns all of src/.
    const billing = clone.commitFile(evil, "evil\n", "Billing", {
      env: { INTENTGUARD_INTENT: "INT-001" },
    });
    // Upstream narrows INT-001, and a commit out of the narrowed scope reaches origin unjudged.
    const upstream = plumbCommit(
      repo,
      narrowed,
      [narrowed],
      { "src/billing/upstream.js": "upstream\n" },
      "Upstream billing\n\nIntent: INT-001",
    );
    expectAllowed(push(repo, origin, upstream));
    clone.git("fetch", "-q", "origin");
    expect(clone.git("rev-parse", "main").trim()).toBe(old);
    // The narrowing is origin/main's, not judged here, yet it changes the rules in force.
    const rebase = clone.tryGit(["rebase", "-q", "origin/main"]);
    expect(rebase.status, rebase.stderr).toBe(refusedByHook);
    expect(rebase.stderr).toContain("✗ intentguard: blocked — 1 path outside the scope of INT-001");
    expect(rebase.stderr).toContain(`create ${evil}`);
    expect(rebase.stderr).toContain("owned scope:     src/auth");
    expect(clone.git("rev-parse", "refs/heads/feature").trim()).toBe(billing);
    clone.git("rebase", "--abort");
    // origin/main's own commits are not judged again: main fast-forwards onto them.
    clone.git("checkout", "-q", "main");
    expectAllowed(clone.tryGit(["merge", "-q", "--ff-only", "origin/main"]));
    expect(clone.head()).toBe(upstream);
  });
});

describe("a history imported into a new server", () => {
  it("is not judged up to the server's intentguard.judgedFrom, whose rules changes still count, and everything after it is", async () => {
    const { repo, narrowed } = await narrowedRepo();
    const imported = plumbCommit(
      repo,
      narrowed,
      [narrowed],
      { "src/billing/old.js": "old\n" },
      "Old violation\n\nIntent: INT-001",
    );
    const fine = plumbCommit(
      repo,
      imported,
      [imported],
      { "src/auth/ok.ts": "ok\n" },
      "Fine\n\nIntent: INT-001",
    );
    const later = plumbCommit(
      repo,
      fine,
      [fine],
      { "src/billing/new.js": "new\n" },
      "New violation\n\nIntent: INT-001",
    );
    const outOfScope = (file: string) =>
      `scope: 1 path outside the scope of INT-001 (Auth): ${file}`;
    // Without the key, the whole imported history is judged.
    const strict = createPreReceiveServer(repo);
    expectRefused(push(repo, strict, fine), outOfScope("src/billing/old.js"));
    expect(serverRef(repo, strict)).toBe("");
    const bare = createPreReceiveServer(repo);
    repo.git("--git-dir", bare, "config", "intentguard.judgedFrom", imported);
    // The narrowing before it still holds: a commit after it out of src/auth is refused.
    const first = push(repo, bare, later);
    expectRefused(first, outOfScope("src/billing/new.js"));
    expect(first.stderr).not.toContain("src/billing/old.js");
    expect(serverRef(repo, bare)).toBe("");
    const accepted = push(repo, bare, fine);
    expectAllowed(accepted);
    expect(accepted.stderr).toContain(
      `✓ intentguard: 1 commit in the push to refs/heads/main (${fine} and all its history) allowed`,
    );
    expect(serverRef(repo, bare)).toBe(fine);
    expectRefused(push(repo, bare, later), outOfScope("src/billing/new.js"));
    expect(serverRef(repo, bare)).toBe(fine);
  });
});

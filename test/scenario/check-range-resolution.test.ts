import { spawnSync } from "node:child_process";
import { existsSync, writeFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { type RangeRequest, resolveCheckRange } from "../../src/ci/resolve-check-range.js";
import type { ResolvedRange } from "../../src/ci/resolved-range.js";
import type { RangeSource } from "../../src/core/check/range-check.js";
import { type Environment, readEnvironment } from "../../src/environment.js";
import { FailureError, IntentguardError } from "../../src/errors.js";
import { locateRepo, type Repo } from "../../src/git/repo.js";
import { failureText } from "../../src/report/failure/failure-text.js";
import {
  createRepo,
  createScratchDir,
  TestRepo,
  useHermeticProcessEnv,
} from "../support/test-repo.js";

/**
 * Which commits `intentguard check --range/--commit/--base/--ci` covers, resolved in-process
 * against real clones of a real bare repository: GitHub and GitLab events read from recorded
 * payloads and variables, every answer an exact spec of full SHAs, every refusal exit 2 naming
 * the value and the fix. A range is a landing (issue 17): it starts at the target's tip before
 * the landing, where the rules in force start — a push's before, a pull request's base.sha, a
 * merge request's target branch, --base's tip, the default branch for a new branch or tag — and
 * a start the clone lacks is fetched (--deepen) or named, never replaced by a guess. The shallow
 * clones are `git clone --depth` of the bare repository, and --deepen fetches from it for real.
 */

const zeros = "0".repeat(40);
const absent = "1234567890abcdef1234567890abcdef12345678";

let upstream: TestRepo;
let bare: string;
let scratch: string;
/** main: m1 … m5; feature forks at m2: f1, f2; old forks at m2: x1 (a force push's old tip). */
const c: Record<string, string> = {};
/** A full clone of the bare repository with feature checked out (origin/main, origin/feature). */
let full: TestRepo;
let fullRepo: Repo;

beforeAll(async () => {
  upstream = await createRepo();
  useHermeticProcessEnv(upstream);
  scratch = createScratchDir();
  for (const n of [1, 2]) c[`m${n}`] = upstream.commitFile("main.txt", `m${n}\n`, `m${n}`);
  upstream.git("checkout", "-q", "-b", "feature");
  for (const n of [1, 2]) c[`f${n}`] = upstream.commitFile("feature.txt", `f${n}\n`, `f${n}`);
  upstream.git("checkout", "-q", "-b", "old", c.m2 as string);
  c.x1 = upstream.commitFile("old.txt", "x1\n", "x1");
  upstream.git("checkout", "-q", "main");
  for (const n of [3, 4, 5]) c[`m${n}`] = upstream.commitFile("main.txt", `m${n}\n`, `m${n}`);
  bare = path.join(upstream.base, "bare.git");
  upstream.git("clone", "-q", "--bare", upstream.dir, bare);
  full = clone("full", ["--branch", "feature"]);
  fullRepo = await locateRepo(full.dir);
});

let clones = 0;
/** A clone of the bare repository over file:// (so --depth is honoured), with `origin`. */
function clone(name: string, args: string[]): TestRepo {
  const dir = path.join(upstream.base, `${name}-${++clones}`);
  upstream.git("clone", "-q", ...args, `file://${bare}`, dir);
  return new TestRepo(dir, upstream.env, upstream.base);
}

const sha = (name: string): string => {
  const value = c[name];
  if (!value) throw new Error(`no commit ${name}`);
  return value;
};

/** The CI view src/environment.ts reads from these variables (nothing else of this process). */
function ci(variables: Record<string, string> = {}): Environment["ci"] {
  return readEnvironment(variables, "/").ci;
}

let payloads = 0;
function githubEvent(event: string, payload: unknown): Environment["ci"] {
  const file = path.join(scratch, `event-${++payloads}.json`);
  writeFileSync(file, typeof payload === "string" ? payload : JSON.stringify(payload, null, 2));
  return ci({ GITHUB_ACTIONS: "true", GITHUB_EVENT_NAME: event, GITHUB_EVENT_PATH: file });
}

/** A pull_request payload as GitHub records it (the fields intentguard reads, and some it does not). */
function pullRequest(base: string, head: string): unknown {
  return {
    action: "synchronize",
    number: 7,
    pull_request: {
      number: 7,
      base: { ref: "main", sha: base, repo: { default_branch: "main" } },
      head: { ref: "feature", sha: head },
      merge_commit_sha: absent,
    },
    repository: { default_branch: "main", full_name: "acme/widgets" },
  };
}

/** A push payload; `ref` is the ref pushed (a feature branch unless a test says otherwise). */
function push(
  before: string,
  after: string,
  defaultBranch = "main",
  ref: string | null = "refs/heads/feature",
): unknown {
  return {
    ...(ref === null ? {} : { ref }),
    before,
    after,
    created: before === zeros,
    deleted: after === zeros,
    forced: false,
    repository: { default_branch: defaultBranch, full_name: "acme/widgets" },
  };
}

const ciRequest: RangeRequest = { kind: "ci", deepen: false };
const deepenRequest: RangeRequest = { kind: "ci", deepen: true };

/** The whole landing a request resolves to: source, start, result, target, exempt, audit. */
function resolveRange(
  request: RangeRequest,
  env: Environment["ci"] = ci(),
  repo: Repo = fullRepo,
): Promise<ResolvedRange> {
  return resolveCheckRange(repo, request, env);
}

/** What the report prints: the resolved range's source. */
async function resolve(
  request: RangeRequest,
  env: Environment["ci"] = ci(),
  repo: Repo = fullRepo,
): Promise<RangeSource> {
  return (await resolveRange(request, env, repo)).source;
}

/** The commits a resolved range brings, oldest first, as git lists them (what the landing judges). */
async function commitsToCheck(repo: Repo, source: RangeSource): Promise<string[]> {
  if (source.spec === "") return [];
  if (source.kind === "--commit") return [source.head];
  const listed = spawnSync("git", ["rev-list", "--reverse", "--topo-order", source.spec, "--"], {
    cwd: repo.root,
    encoding: "utf8",
  });
  return listed.stdout.split("\n").filter(Boolean);
}

/** Resolution must fail with exit 2; returns the message for exact assertions. */
async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => {
      throw new Error("expected exit 2, but the range resolved");
    },
    (error: unknown) => error,
  );
  expect(error).toBeInstanceOf(IntentguardError);
  expect((error as IntentguardError).exitCode).toBe(2);
  // What the user reads: a failure stated as facts is worded at the edge, as src/cli.ts does.
  return error instanceof FailureError
    ? failureText(error.failure, "intentguard")
    : (error as IntentguardError).message;
}

/** A clone of feature alone: no origin/main, no x1 (the old branch), nothing of m3 … m5. */
function featureOnlyClone(name: string): TestRepo {
  return clone(name, ["--single-branch", "--branch", "feature"]);
}

/** The end of exit 2 when --deepen found that origin has not got the start either. */
const goneFromOrigin =
  "origin did not send it either: it may be gone from origin (a force push, a deleted branch), and the rules in force start there: they cannot be read without it. Check the event, or name the commits with --range.";

describe("--ci on GitHub Actions: the range comes from the event payload", () => {
  it("pull_request: from base.sha (the target's tip, ahead of the fork point) to head.sha: the pull request's own commits", async () => {
    // base.sha is main's tip, m5; the pull request forked at m2.
    expect(full.git("merge-base", sha("m5"), sha("f2")).trim()).toBe(sha("m2"));
    const range = await resolveRange(
      ciRequest,
      githubEvent("pull_request", pullRequest(sha("m5"), sha("f2"))),
    );
    expect(range).toEqual({
      source: {
        kind: "github pull_request",
        spec: `${sha("m5")}..${sha("f2")}`,
        base: sha("m5"),
        head: sha("f2"),
      },
      start: sha("m5"),
      result: "merge",
      target: "origin/main",
      exempt: [],
      audit: false,
    });
    // The same commits as merge-base..head: none of m3 … m5, which the target already has.
    expect(await commitsToCheck(fullRepo, range.source)).toEqual([sha("f1"), sha("f2")]);
  });

  it("pull_request whose base.sha is the fork point itself: base.sha..head.sha", async () => {
    const range = await resolveRange(
      ciRequest,
      githubEvent("pull_request", pullRequest(sha("m2"), sha("f2"))),
    );
    expect(range.source).toEqual({
      kind: "github pull_request",
      spec: `${sha("m2")}..${sha("f2")}`,
      base: sha("m2"),
      head: sha("f2"),
    });
    expect(range.start).toBe(sha("m2"));
    expect(await commitsToCheck(fullRepo, range.source)).toEqual([sha("f1"), sha("f2")]);
  });

  it("pull_request_target reads the same fields: base.sha, even where origin/main has moved past it", async () => {
    const range = await resolveRange(
      ciRequest,
      githubEvent("pull_request_target", pullRequest(sha("m4"), sha("f2"))),
    );
    expect(range).toEqual({
      source: {
        kind: "github pull_request_target",
        spec: `${sha("m4")}..${sha("f2")}`,
        base: sha("m4"),
        head: sha("f2"),
      },
      start: sha("m4"),
      result: "merge",
      target: "origin/main",
      exempt: [],
      audit: false,
    });
    expect(await commitsToCheck(fullRepo, range.source)).toEqual([sha("f1"), sha("f2")]);
  });

  it("push to the default branch: before..after, after becoming its tip", async () => {
    const range = await resolveRange(
      ciRequest,
      githubEvent("push", push(sha("m3"), sha("m5"), "main", "refs/heads/main")),
    );
    expect(range).toEqual({
      source: {
        kind: "github push",
        spec: `${sha("m3")}..${sha("m5")}`,
        base: sha("m3"),
        head: sha("m5"),
      },
      start: sha("m3"),
      result: "tip",
      target: "origin/main",
      exempt: [],
      audit: false,
    });
    expect(await commitsToCheck(fullRepo, range.source)).toEqual([sha("m4"), sha("m5")]);
  });

  it("push to another branch: before..after, origin/<default branch>'s tip exempt when the clone has it", async () => {
    const event = githubEvent("push", push(sha("f1"), sha("f2")));
    const expected = {
      source: {
        kind: "github push",
        spec: `${sha("f1")}..${sha("f2")}`,
        base: sha("f1"),
        head: sha("f2"),
      },
      start: sha("f1"),
      result: "tip",
      target: "origin/feature",
      audit: false,
    };
    const range = await resolveRange(ciRequest, event);
    expect(range).toEqual({ ...expected, exempt: [sha("m5")] });
    expect(await commitsToCheck(fullRepo, range.source)).toEqual([sha("f2")]);
    const single = await locateRepo(featureOnlyClone("push-feature-only").dir);
    expect(await resolveRange(ciRequest, event, single)).toEqual({ ...expected, exempt: [] });
  });

  it("push of a new branch (before is forty zeros): the commits not on origin/<default branch>, landing on its tip", async () => {
    const range = await resolveRange(ciRequest, githubEvent("push", push(zeros, sha("f2"))));
    expect(range).toEqual({
      source: {
        kind: "github push (new branch)",
        spec: `${sha("m5")}..${sha("f2")}`,
        base: sha("m5"),
        head: sha("f2"),
      },
      start: sha("m5"),
      result: "merge",
      target: "origin/main",
      exempt: [],
      audit: false,
    });
    expect(await commitsToCheck(fullRepo, range.source)).toEqual([sha("f1"), sha("f2")]);
  });

  it("a new branch whose default branch was never fetched: exit 2 saying how to fetch it", async () => {
    const message = await refusal(
      resolve(ciRequest, githubEvent("push", push(zeros, sha("f2"), "trunk"))),
    );
    expect(message).toBe(
      "this clone does not have refs/remotes/origin/trunk (the default branch, which github push (new branch) lands on, repository.default_branch). Fetch it (git fetch origin +refs/heads/trunk:refs/remotes/origin/trunk); with actions/checkout, `fetch-depth: 0` fetches every branch; or add --deepen to let intentguard fetch it.",
    );
  });

  it("--ci --base names the branch a new branch lands on", async () => {
    const range = await resolveRange(
      { kind: "ci", deepen: false, base: "origin/main" },
      githubEvent("push", push(zeros, sha("f2"), "trunk")),
    );
    expect(range).toEqual({
      source: {
        kind: "github push (new branch)",
        spec: `${sha("m5")}..${sha("f2")}`,
        base: sha("m5"),
        head: sha("f2"),
      },
      start: sha("m5"),
      result: "merge",
      target: "origin/main",
      exempt: [],
      audit: false,
    });
  });

  it("force push (before is not an ancestor of after): from before, the old tip, not the merge base", async () => {
    const range = await resolveRange(ciRequest, githubEvent("push", push(sha("x1"), sha("f2"))));
    expect(range).toEqual({
      source: {
        kind: "github push (force push)",
        spec: `${sha("x1")}..${sha("f2")}`,
        base: sha("x1"),
        head: sha("f2"),
      },
      start: sha("x1"),
      result: "tip",
      target: "origin/feature",
      exempt: [sha("m5")],
      audit: false,
    });
    expect(await commitsToCheck(fullRepo, range.source)).toEqual([sha("f1"), sha("f2")]);
  });

  it("force push whose before is not in the clone: exit 2 naming it and `git fetch origin <sha>`; --deepen fetches it by SHA", async () => {
    const single = featureOnlyClone("force-push-before-missing");
    const repo = await locateRepo(single.dir);
    expect(single.tryGit(["cat-file", "-e", `${sha("x1")}^{commit}`]).status).not.toBe(0);
    const event = githubEvent("push", push(sha("x1"), sha("f2")));
    expect(await refusal(resolve(ciRequest, event, repo))).toBe(
      `this clone does not have before (${sha("x1")}). Fetch it (git fetch origin ${sha("x1")}), or add --deepen to let intentguard fetch it.`,
    );
    const range = await resolveRange(deepenRequest, event, repo);
    expect(range).toEqual({
      source: {
        kind: "github push (force push)",
        spec: `${sha("x1")}..${sha("f2")}`,
        base: sha("x1"),
        head: sha("f2"),
      },
      start: sha("x1"),
      result: "tip",
      target: "origin/feature",
      // --deepen fetched origin/main with it: its tip is exempt.
      exempt: [sha("m5")],
      audit: false,
    });
    expect(await commitsToCheck(repo, range.source)).toEqual([sha("f1"), sha("f2")]);
    expect(single.git("rev-parse", "origin/main").trim()).toBe(sha("m5"));
  });

  it("force push whose before origin no longer has either: exit 2, also after --deepen, never a guess", async () => {
    const event = githubEvent("push", push(absent, sha("f2")));
    expect(await refusal(resolve(ciRequest, event))).toBe(
      `this clone does not have before (${absent}). Fetch it (git fetch origin ${absent}), or add --deepen to let intentguard fetch it.`,
    );
    const repo = await locateRepo(clone("force-push-gone", ["--branch", "feature"]).dir);
    expect(await refusal(resolve(deepenRequest, event, repo))).toBe(
      `this clone does not have before (${absent}), even after --deepen fetched from origin the branches and commits the range needs. ${goneFromOrigin}`,
    );
  });

  it("a branch deletion (after is forty zeros): nothing to check, an empty spec", async () => {
    const source = await resolve(ciRequest, githubEvent("push", push(sha("f2"), zeros)));
    expect(source).toEqual({
      kind: "github push (branch deleted)",
      spec: "",
      base: null,
      head: "",
    });
    expect(await commitsToCheck(fullRepo, source)).toEqual([]);
  });

  /** GitHub's merge of the pull request (feature) onto `base`, on the queue's own branch. */
  const queueMerge = (base: string): string =>
    full
      .git("commit-tree", `${sha("f2")}^{tree}`, "-p", base, "-p", sha("f2"), "-m", "Merge #7")
      .trim();
  const mergeGroup = (base: string, head: string) => ({
    action: "checks_requested",
    merge_group: {
      head_sha: head,
      head_ref: "refs/heads/gh-readonly-queue/main/pr-7-abc",
      base_sha: base,
      base_ref: "refs/heads/main",
    },
    repository: { default_branch: "main" },
  });

  it("merge_group: from base_sha, the target's tip, to head_sha, which becomes its tip", async () => {
    const merged = queueMerge(sha("m5"));
    const range = await resolveRange(
      ciRequest,
      githubEvent("merge_group", mergeGroup(sha("m5"), merged)),
    );
    expect(range.source).toEqual({
      kind: "github merge_group",
      spec: `${sha("m5")}..${merged}`,
      base: sha("m5"),
      head: merged,
    });
    expect(range.start).toBe(sha("m5"));
    expect(range.result).toBe("tip");
    expect(range.audit).toBe(false);
    // The queue lands on its target, main (base_ref), not on its own temporary head_ref; main
    // being the default branch, nothing is exempt.
    expect(range.target).toBe("origin/main");
    expect(range.exempt).toEqual([]);
    expect(await commitsToCheck(fullRepo, range.source)).toEqual([sha("f1"), sha("f2"), merged]);
  });

  it("merge_group whose base_sha is behind origin/main: still from base_sha", async () => {
    const merged = queueMerge(sha("m3"));
    const range = await resolveRange(
      ciRequest,
      githubEvent("merge_group", mergeGroup(sha("m3"), merged)),
    );
    expect(range.source).toEqual({
      kind: "github merge_group",
      spec: `${sha("m3")}..${merged}`,
      base: sha("m3"),
      head: merged,
    });
    expect(range.start).toBe(sha("m3"));
    expect(range.result).toBe("tip");
    expect(await commitsToCheck(fullRepo, range.source)).toEqual([sha("f1"), sha("f2"), merged]);
  });
});

describe("--ci on GitLab CI/CD: the range comes from the predefined variables", () => {
  const gitlab = (variables: Record<string, string>) => ci({ GITLAB_CI: "true", ...variables });

  it("merge request pipeline: from the tip of origin/$CI_MERGE_REQUEST_TARGET_BRANCH_NAME, not the diff base", async () => {
    const range = await resolveRange(
      ciRequest,
      gitlab({
        CI_PIPELINE_SOURCE: "merge_request_event",
        CI_MERGE_REQUEST_DIFF_BASE_SHA: sha("m2"),
        CI_MERGE_REQUEST_TARGET_BRANCH_NAME: "main",
        CI_COMMIT_SHA: sha("f2"),
        CI_COMMIT_BEFORE_SHA: zeros,
        CI_DEFAULT_BRANCH: "main",
      }),
    );
    expect(range).toEqual({
      source: {
        kind: "gitlab merge request",
        spec: `${sha("m5")}..${sha("f2")}`,
        base: sha("m5"),
        head: sha("f2"),
      },
      start: sha("m5"),
      result: "merge",
      target: "origin/main",
      exempt: [],
      audit: false,
    });
    expect(await commitsToCheck(fullRepo, range.source)).toEqual([sha("f1"), sha("f2")]);
  });

  it("merged results pipeline: the head is CI_MERGE_REQUEST_SOURCE_BRANCH_SHA, not the merge commit", async () => {
    const range = await resolveRange(
      ciRequest,
      gitlab({
        CI_PIPELINE_SOURCE: "merge_request_event",
        CI_MERGE_REQUEST_DIFF_BASE_SHA: sha("m2"),
        CI_MERGE_REQUEST_TARGET_BRANCH_NAME: "main",
        CI_MERGE_REQUEST_SOURCE_BRANCH_SHA: sha("f2"),
        CI_COMMIT_SHA: sha("x1"),
      }),
    );
    expect(range.source).toEqual({
      kind: "gitlab merge request",
      spec: `${sha("m5")}..${sha("f2")}`,
      base: sha("m5"),
      head: sha("f2"),
    });
    expect(range.start).toBe(sha("m5"));
    expect(range.result).toBe("merge");
  });

  it("merge request pipeline without CI_MERGE_REQUEST_TARGET_BRANCH_NAME: exit 2, never the diff base", async () => {
    expect(
      await refusal(
        resolve(
          ciRequest,
          gitlab({
            CI_PIPELINE_SOURCE: "merge_request_event",
            CI_MERGE_REQUEST_DIFF_BASE_SHA: sha("m5"),
            CI_COMMIT_SHA: sha("f2"),
          }),
        ),
      ),
    ).toBe(
      "CI_MERGE_REQUEST_TARGET_BRANCH_NAME is not set, and --ci needs it on GitLab CI/CD: a merge request lands on its target branch's tip, where the rules in force start. Run it in a job the CI started, or name the commits with --range <a>..<b> (e.g. --range origin/main..HEAD) or --base <ref> (e.g. --base origin/main).",
    );
  });

  it("merge request whose target branch the clone lacks: exit 2 saying to fetch it; --deepen fetches the branch", async () => {
    const single = featureOnlyClone("mr-target-missing");
    const repo = await locateRepo(single.dir);
    const env = gitlab({
      CI_PIPELINE_SOURCE: "merge_request_event",
      CI_MERGE_REQUEST_DIFF_BASE_SHA: sha("m2"),
      CI_MERGE_REQUEST_TARGET_BRANCH_NAME: "main",
      CI_COMMIT_SHA: sha("f2"),
    });
    expect(await refusal(resolve(ciRequest, env, repo))).toBe(
      "this clone does not have refs/remotes/origin/main (the target branch, which gitlab merge request lands on, CI_MERGE_REQUEST_TARGET_BRANCH_NAME). Fetch it (git fetch origin +refs/heads/main:refs/remotes/origin/main); with actions/checkout, `fetch-depth: 0` fetches every branch; or add --deepen to let intentguard fetch it.",
    );
    const range = await resolveRange(deepenRequest, env, repo);
    expect(range).toEqual({
      source: {
        kind: "gitlab merge request",
        spec: `${sha("m5")}..${sha("f2")}`,
        base: sha("m5"),
        head: sha("f2"),
      },
      start: sha("m5"),
      result: "merge",
      target: "origin/main",
      exempt: [],
      audit: false,
    });
    expect(single.git("rev-parse", "origin/main").trim()).toBe(sha("m5"));
    expect(await commitsToCheck(repo, range.source)).toEqual([sha("f1"), sha("f2")]);
  });

  it("merge request whose target branch origin does not have: --deepen cannot fetch it, exit 2", async () => {
    const repo = await locateRepo(featureOnlyClone("mr-target-gone").dir);
    const env = gitlab({
      CI_PIPELINE_SOURCE: "merge_request_event",
      CI_MERGE_REQUEST_DIFF_BASE_SHA: sha("m2"),
      CI_MERGE_REQUEST_TARGET_BRANCH_NAME: "release",
      CI_COMMIT_SHA: sha("f2"),
    });
    const message = await refusal(resolve(deepenRequest, env, repo));
    expect(message).toContain("--deepen could not fetch more history from origin (");
    expect(message).toContain(
      "this clone does not have refs/remotes/origin/release (the target branch, which gitlab merge request lands on, CI_MERGE_REQUEST_TARGET_BRANCH_NAME)",
    );
  });

  it("push pipeline: CI_COMMIT_BEFORE_SHA..CI_COMMIT_SHA", async () => {
    const range = await resolveRange(
      ciRequest,
      gitlab({
        CI_PIPELINE_SOURCE: "push",
        CI_COMMIT_BEFORE_SHA: sha("m4"),
        CI_COMMIT_SHA: sha("m5"),
        CI_COMMIT_BRANCH: "main",
        CI_DEFAULT_BRANCH: "main",
      }),
    );
    expect(range).toEqual({
      source: {
        kind: "gitlab push",
        spec: `${sha("m4")}..${sha("m5")}`,
        base: sha("m4"),
        head: sha("m5"),
      },
      start: sha("m4"),
      result: "tip",
      target: "origin/main",
      exempt: [],
      audit: false,
    });
  });

  it("push pipeline on another branch: origin/$CI_DEFAULT_BRANCH's tip is exempt", async () => {
    const range = await resolveRange(
      ciRequest,
      gitlab({
        CI_PIPELINE_SOURCE: "push",
        CI_COMMIT_BEFORE_SHA: sha("f1"),
        CI_COMMIT_SHA: sha("f2"),
        CI_COMMIT_BRANCH: "feature",
        CI_DEFAULT_BRANCH: "main",
      }),
    );
    expect(range).toEqual({
      source: {
        kind: "gitlab push",
        spec: `${sha("f1")}..${sha("f2")}`,
        base: sha("f1"),
        head: sha("f2"),
      },
      start: sha("f1"),
      result: "tip",
      target: "origin/feature",
      exempt: [sha("m5")],
      audit: false,
    });
  });

  it("push of a new branch (zero CI_COMMIT_BEFORE_SHA): the commits not on origin/$CI_DEFAULT_BRANCH", async () => {
    const range = await resolveRange(
      ciRequest,
      gitlab({
        CI_PIPELINE_SOURCE: "push",
        CI_COMMIT_BEFORE_SHA: zeros,
        CI_COMMIT_SHA: sha("f2"),
        CI_COMMIT_BRANCH: "feature",
        CI_DEFAULT_BRANCH: "main",
      }),
    );
    expect(range).toEqual({
      source: {
        kind: "gitlab push (new branch)",
        spec: `${sha("m5")}..${sha("f2")}`,
        base: sha("m5"),
        head: sha("f2"),
      },
      start: sha("m5"),
      result: "merge",
      target: "origin/main",
      exempt: [],
      audit: false,
    });
    expect(await commitsToCheck(fullRepo, range.source)).toEqual([sha("f1"), sha("f2")]);
  });

  it("a full clone of one branch (GIT_DEPTH: 0): the default branch is fetched only with --deepen", async () => {
    const single = clone("single-branch", ["--single-branch", "--branch", "feature"]);
    const repo = await locateRepo(single.dir);
    const env = gitlab({
      CI_PIPELINE_SOURCE: "web",
      CI_COMMIT_BEFORE_SHA: zeros,
      CI_COMMIT_SHA: sha("f2"),
      CI_COMMIT_BRANCH: "feature",
      CI_DEFAULT_BRANCH: "main",
    });
    expect(await refusal(resolve(ciRequest, env, repo))).toBe(
      "this clone does not have refs/remotes/origin/main (the default branch, which gitlab web pipeline lands on, CI_DEFAULT_BRANCH). Fetch it (git fetch origin +refs/heads/main:refs/remotes/origin/main); with actions/checkout, `fetch-depth: 0` fetches every branch; or add --deepen to let intentguard fetch it.",
    );
    expect(await resolveRange(deepenRequest, env, repo)).toEqual({
      source: {
        kind: "gitlab web pipeline",
        spec: `${sha("m5")}..${sha("f2")}`,
        base: sha("m5"),
        head: sha("f2"),
      },
      start: sha("m5"),
      result: "merge",
      target: "origin/main",
      exempt: [],
      audit: false,
    });
  });

  it("bad variables: exit 2 naming the variable", async () => {
    expect(
      await refusal(
        resolve(
          ciRequest,
          gitlab({ CI_PIPELINE_SOURCE: "merge_request_event", CI_COMMIT_SHA: sha("f2") }),
        ),
      ),
    ).toContain("CI_MERGE_REQUEST_DIFF_BASE_SHA is not set");
    expect(
      await refusal(
        resolve(
          ciRequest,
          gitlab({ CI_PIPELINE_SOURCE: "push", CI_COMMIT_SHA: "--upload-pack=touch pwned" }),
        ),
      ),
    ).toContain('CI_COMMIT_SHA is "--upload-pack=touch pwned", not a full commit SHA');
    expect(
      await refusal(
        resolve(
          ciRequest,
          gitlab({
            CI_PIPELINE_SOURCE: "push",
            CI_COMMIT_BEFORE_SHA: zeros,
            CI_COMMIT_SHA: sha("f2"),
          }),
        ),
      ),
    ).toContain("CI_DEFAULT_BRANCH is not set");
    const unsupported = await refusal(resolve(ciRequest, gitlab({ CI_PIPELINE_SOURCE: "chat" })));
    expect(unsupported).toBe(
      '--ci cannot tell which commits GitLab CI/CD\'s "chat" (CI_PIPELINE_SOURCE) brings; it reads merge_request_event, push, web, schedule, api, trigger. For this one, name the commits with --range <a>..<b> (e.g. --range origin/main..HEAD) or --base <ref> (e.g. --base origin/main).',
    );
    expect(
      await refusal(
        resolve(
          ciRequest,
          gitlab({
            CI_PIPELINE_SOURCE: "push",
            CI_COMMIT_BEFORE_SHA: zeros,
            CI_COMMIT_SHA: sha("f2"),
            CI_COMMIT_BRANCH: "feat..ure",
            CI_DEFAULT_BRANCH: "main",
          }),
        ),
      ),
    ).toContain('CI_COMMIT_BRANCH is "feat..ure", not a branch name');
  });
});

describe("--range, --commit, --base", () => {
  it("--range a..b: exactly b's commits since a, with full SHAs, landing on a (an audit)", async () => {
    const range = await resolveRange({
      kind: "range",
      range: `${sha("m2").slice(0, 10)}..origin/feature`,
    });
    expect(range).toEqual({
      source: {
        kind: "--range",
        spec: `${sha("m2")}..${sha("f2")}`,
        base: sha("m2"),
        head: sha("f2"),
      },
      start: sha("m2"),
      result: "tip",
      target: sha("m2").slice(0, 10),
      exempt: [],
      audit: true,
    });
    expect(await commitsToCheck(fullRepo, range.source)).toEqual([sha("f1"), sha("f2")]);
  });

  it("--range with one revision: its whole history, root first, with no start", async () => {
    const range = await resolveRange({ kind: "range", range: "HEAD" });
    expect(range).toEqual({
      source: { kind: "--range", spec: sha("f2"), base: null, head: sha("f2") },
      start: null,
      result: "tip",
      target: "HEAD",
      exempt: [],
      audit: true,
    });
    expect(await commitsToCheck(fullRepo, range.source)).toEqual([
      sha("m1"),
      sha("m2"),
      sha("f1"),
      sha("f2"),
    ]);
  });

  it("--commit: exactly that commit, judged on its parent", async () => {
    const range = await resolveRange({ kind: "commit", rev: "HEAD~1" });
    expect(range).toEqual({
      source: { kind: "--commit", spec: `${sha("f1")}^!`, base: sha("m2"), head: sha("f1") },
      start: sha("m2"),
      result: "tip",
      target: `${sha("f1").slice(0, 12)}^`,
      exempt: [],
      judged: [sha("f1")],
      audit: true,
    });
    expect(await commitsToCheck(fullRepo, range.source)).toEqual([sha("f1")]);
    const root = await resolveRange({ kind: "commit", rev: sha("m1") });
    expect(root.source).toEqual({
      kind: "--commit",
      spec: `${sha("m1")}^!`,
      base: null,
      head: sha("m1"),
    });
    expect(root.start).toBeNull();
    expect(root.judged).toEqual([sha("m1")]);
  });

  it("--base: from the ref's tip (where the rules in force start), not the merge base, to HEAD", async () => {
    const range = await resolveRange({ kind: "base", base: "origin/main" });
    expect(range).toEqual({
      source: {
        kind: "--base",
        spec: `${sha("m5")}..${sha("f2")}`,
        base: sha("m5"),
        head: sha("f2"),
      },
      start: sha("m5"),
      result: "merge",
      target: "origin/main",
      exempt: [],
      audit: true,
    });
    // The commits HEAD brings since it forked from origin/main (at m2), and no more.
    expect(await commitsToCheck(fullRepo, range.source)).toEqual([sha("f1"), sha("f2")]);
  });

  it("a..b where a is not an ancestor of b: exit 2 suggesting --base a", async () => {
    const message = await refusal(resolve({ kind: "range", range: "origin/main..HEAD" }));
    expect(message).toBe(
      `--range "origin/main..HEAD": origin/main (${sha("m5")}) is not an ancestor of HEAD (${sha("f2")}), so the range would silently leave out the commits only origin/main has and check commits HEAD shares with it. To check the commits HEAD brings since it forked from origin/main, use --base origin/main with HEAD checked out (the commits since their merge base, landing on origin/main's tip), or --range ${sha("m2")}..HEAD.`,
    );
  });

  it("an unknown revision: exit 2 naming it", async () => {
    expect(await refusal(resolve({ kind: "range", range: "nosuch..HEAD" }))).toContain(
      '--range "nosuch..HEAD": "nosuch" is not a commit in this repository',
    );
    expect(await refusal(resolve({ kind: "commit", rev: "nosuch" }))).toContain(
      '--commit "nosuch" is not a commit in this repository',
    );
    expect(await refusal(resolve({ kind: "base", base: "origin/nosuch" }))).toContain(
      '--base "origin/nosuch" is not a commit in this repository',
    );
  });

  it('a revision starting with "-": exit 2 before git sees it', async () => {
    const target = path.join(scratch, "clobbered");
    for (const request of [
      { kind: "range", range: `--output=${target}` },
      { kind: "range", range: `HEAD..--output=${target}` },
      { kind: "commit", rev: `--output=${target}` },
      { kind: "base", base: `--output=${target}` },
      { kind: "ci", deepen: false, base: `--output=${target}` },
    ] as RangeRequest[]) {
      const env = request.kind === "ci" ? githubEvent("push", push(zeros, sha("f2"))) : ci();
      expect(await refusal(resolve(request, env))).toContain('starts with "-"');
    }
    expect(existsSync(target)).toBe(false);
  });

  it("an explicit range with no commits: exit 2 saying so", async () => {
    expect(await refusal(resolve({ kind: "range", range: "HEAD..origin/feature" }))).toBe(
      `--range "HEAD..origin/feature" holds no commits: both ends are ${sha("f2")}. E.g. --range origin/main..HEAD, --base origin/main (the commits HEAD brings since it forked from it) or --commit HEAD.`,
    );
    expect(await refusal(resolve({ kind: "base", base: "origin/feature" }))).toContain(
      "the range holds no commits",
    );
    expect(await refusal(resolve({ kind: "range", range: "" }))).toContain("--range is empty");
    expect(await refusal(resolve({ kind: "range", range: "origin/main...HEAD" }))).toContain(
      "symmetric difference",
    );
  });
});

describe("--ci refuses what it cannot read, naming it", () => {
  it("no recognised CI: use --range or --base", async () => {
    expect(await refusal(resolve(ciRequest, ci({ CI: "true" })))).toBe(
      "--ci found no CI it knows: neither GITHUB_ACTIONS=true (GitHub Actions) nor GITLAB_CI=true (GitLab CI/CD) is set. Outside those, name the commits with --range <a>..<b> (e.g. --range origin/main..HEAD) or --base <ref> (e.g. --base origin/main).",
    );
  });

  it("an unsupported GitHub event: the supported ones are listed", async () => {
    const message = await refusal(resolve(ciRequest, githubEvent("workflow_dispatch", {})));
    expect(message).toBe(
      '--ci cannot tell which commits GitHub Actions\' "workflow_dispatch" (GITHUB_EVENT_NAME) brings; it reads pull_request, pull_request_target, push, merge_group. For this one, name the commits with --range <a>..<b> (e.g. --range origin/main..HEAD) or --base <ref> (e.g. --base origin/main).',
    );
  });

  it("no GITHUB_EVENT_PATH, a missing file, a file that is not JSON", async () => {
    expect(
      await refusal(resolve(ciRequest, ci({ GITHUB_ACTIONS: "true", GITHUB_EVENT_NAME: "push" }))),
    ).toContain("GITHUB_EVENT_PATH is not set");
    const missing = path.join(scratch, "no-such-event.json");
    const unreadable = await refusal(
      resolve(
        ciRequest,
        ci({ GITHUB_ACTIONS: "true", GITHUB_EVENT_NAME: "push", GITHUB_EVENT_PATH: missing }),
      ),
    );
    expect(unreadable).toContain(
      `cannot read the GitHub event payload ${missing} (GITHUB_EVENT_PATH): ENOENT`,
    );
    const env = githubEvent("push", '{"before": "');
    expect(await refusal(resolve(ciRequest, env))).toContain(
      `the GitHub event payload ${env.githubEventPath} (GITHUB_EVENT_PATH) is not valid JSON`,
    );
  });

  it("a payload field missing or not a SHA: the file and the field are named", async () => {
    const noHead = githubEvent("pull_request", { pull_request: { base: { sha: sha("m5") } } });
    expect(await refusal(resolve(ciRequest, noHead))).toContain(
      `the GitHub event payload ${noHead.githubEventPath}: pull_request.head.sha is missing (the payload has no pull_request.head)`,
    );
    const noPullRequest = githubEvent("pull_request", { action: "opened" });
    expect(await refusal(resolve(ciRequest, noPullRequest))).toContain(
      "pull_request.base.sha is missing (the payload has no pull_request)",
    );
    const optionLike = githubEvent("push", push(sha("m3"), "--upload-pack=touch pwned"));
    expect(await refusal(resolve(ciRequest, optionLike))).toContain(
      'after is "--upload-pack=touch pwned", not a full commit SHA',
    );
    const noDefault = githubEvent("push", { before: zeros, after: sha("f2"), repository: {} });
    expect(await refusal(resolve(ciRequest, noDefault))).toContain(
      "repository.default_branch is missing",
    );
    const group = githubEvent("merge_group", {
      merge_group: { head_sha: sha("m5"), base_sha: 42 },
    });
    expect(await refusal(resolve(ciRequest, group))).toContain(
      "merge_group.base_sha is number 42, not a full commit SHA",
    );
    const notObject = githubEvent("push", "[]");
    expect(await refusal(resolve(ciRequest, notObject))).toContain(
      "after is missing (the payload is an array, not a JSON object)",
    );
  });

  it("a payload commit the clone does not have (and it is not shallow): exit 2 with the fetch", async () => {
    const message = await refusal(
      resolve(ciRequest, githubEvent("pull_request", pullRequest(sha("m5"), absent))),
    );
    expect(message).toBe(
      `this clone does not have pull_request.head.sha (${absent}). Fetch it (git fetch origin ${absent}), or add --deepen to let intentguard fetch it. On pull_request_target, actions/checkout checks out the base branch: give it \`ref: \${{ github.event.pull_request.head.sha }}\`.`,
    );
  });
});

describe("shallow clones: never a partial range", () => {
  const fixes = [
    "actions/checkout with `fetch-depth: 0`",
    "the variable `GIT_DEPTH: 0`",
    "git fetch --unshallow origin",
  ];

  it("pull_request in a depth-1 clone: exit 2 with the fix; --deepen fetches base.sha and the history back to the fork point", async () => {
    const shallow = clone("shallow-pr", ["--depth", "1", "--branch", "feature"]);
    const repo = await locateRepo(shallow.dir);
    const event = githubEvent("pull_request", pullRequest(sha("m5"), sha("f2")));
    const message = await refusal(resolve(ciRequest, event, repo));
    expect(message).toBe(
      `this clone is shallow and does not have pull_request.base.sha (${sha("m5")}), so the commits to check cannot be known whole; intentguard checks no partial range. Fetch the history: on GitHub Actions, actions/checkout with \`fetch-depth: 0\`; on GitLab CI, the variable \`GIT_DEPTH: 0\`; in this clone, \`git fetch --unshallow origin\`; or add --deepen, and intentguard fetches deeper, step by step, until the range is whole.`,
    );
    const range = await resolveRange(deepenRequest, event, repo);
    expect(range).toEqual({
      source: {
        kind: "github pull_request",
        spec: `${sha("m5")}..${sha("f2")}`,
        base: sha("m5"),
        head: sha("f2"),
      },
      start: sha("m5"),
      result: "merge",
      target: "origin/main",
      exempt: [],
      audit: false,
    });
    expect(await commitsToCheck(repo, range.source)).toEqual([sha("f1"), sha("f2")]);
    expect(shallow.git("rev-parse", "origin/main").trim()).toBe(sha("m5"));
  });

  it("push in a depth-1 clone: before is missing; --deepen resolves before..after", async () => {
    const shallow = clone("shallow-push", ["--depth", "1"]);
    const repo = await locateRepo(shallow.dir);
    const event = githubEvent("push", push(sha("m3"), sha("m5"), "main", "refs/heads/main"));
    const message = await refusal(resolve(ciRequest, event, repo));
    expect(message).toContain(`this clone is shallow and does not have before (${sha("m3")})`);
    for (const fix of fixes) expect(message).toContain(fix);
    const range = await resolveRange(deepenRequest, event, repo);
    expect(range).toEqual({
      source: {
        kind: "github push",
        spec: `${sha("m3")}..${sha("m5")}`,
        base: sha("m3"),
        head: sha("m5"),
      },
      start: sha("m3"),
      result: "tip",
      target: "origin/main",
      exempt: [],
      audit: false,
    });
    expect(await commitsToCheck(repo, range.source)).toEqual([sha("m4"), sha("m5")]);
  });

  it("a new branch in a depth-1 clone: no merge base with the default branch until --deepen", async () => {
    const shallow = clone("shallow-new", [
      "--depth",
      "1",
      "--no-single-branch",
      "--branch",
      "feature",
    ]);
    const repo = await locateRepo(shallow.dir);
    const event = githubEvent("push", push(zeros, sha("f2")));
    const message = await refusal(resolve(ciRequest, event, repo));
    expect(message).toContain(
      `this clone is shallow and has no merge base of origin/main (${sha("m5")}) and after (${sha("f2")})`,
    );
    const range = await resolveRange(deepenRequest, event, repo);
    expect(range).toEqual({
      source: {
        kind: "github push (new branch)",
        spec: `${sha("m5")}..${sha("f2")}`,
        base: sha("m5"),
        head: sha("f2"),
      },
      start: sha("m5"),
      result: "merge",
      target: "origin/main",
      exempt: [],
      audit: false,
    });
    expect(await commitsToCheck(repo, range.source)).toEqual([sha("f1"), sha("f2")]);
  });

  it("GitLab merge request in a shallow clone of the source branch: the target branch is missing; --deepen fetches it and the history", async () => {
    const shallow = clone("shallow-mr", ["--depth", "1", "--branch", "feature"]);
    const repo = await locateRepo(shallow.dir);
    const env = ci({
      GITLAB_CI: "true",
      CI_PIPELINE_SOURCE: "merge_request_event",
      CI_MERGE_REQUEST_DIFF_BASE_SHA: sha("m2"),
      CI_MERGE_REQUEST_TARGET_BRANCH_NAME: "main",
      CI_COMMIT_SHA: sha("f2"),
    });
    const message = await refusal(resolve(ciRequest, env, repo));
    expect(message).toBe(
      "this clone is shallow and does not have refs/remotes/origin/main (the target branch, which gitlab merge request lands on, CI_MERGE_REQUEST_TARGET_BRANCH_NAME), so the commits to check cannot be known whole; intentguard checks no partial range. Fetch the history: on GitHub Actions, actions/checkout with `fetch-depth: 0`; on GitLab CI, the variable `GIT_DEPTH: 0`; in this clone, `git fetch --unshallow origin`; or add --deepen, and intentguard fetches deeper, step by step, until the range is whole.",
    );
    const range = await resolveRange(deepenRequest, env, repo);
    expect(range).toEqual({
      source: {
        kind: "gitlab merge request",
        spec: `${sha("m5")}..${sha("f2")}`,
        base: sha("m5"),
        head: sha("f2"),
      },
      start: sha("m5"),
      result: "merge",
      target: "origin/main",
      exempt: [],
      audit: false,
    });
    expect(await commitsToCheck(repo, range.source)).toEqual([sha("f1"), sha("f2")]);
    expect(shallow.git("rev-parse", "origin/main").trim()).toBe(sha("m5"));
  });

  it("force push in a depth-1 clone: before (off the clone's history) is fetched by SHA with --deepen", async () => {
    const shallow = clone("shallow-force-push-present", ["--depth", "1"]);
    const repo = await locateRepo(shallow.dir);
    const event = githubEvent("push", push(sha("x1"), sha("m5"), "main", "refs/heads/main"));
    expect(await refusal(resolve(ciRequest, event, repo))).toBe(
      `this clone is shallow and does not have before (${sha("x1")}), so the commits to check cannot be known whole; intentguard checks no partial range. Fetch the history: on GitHub Actions, actions/checkout with \`fetch-depth: 0\`; on GitLab CI, the variable \`GIT_DEPTH: 0\`; in this clone, \`git fetch --unshallow origin\`; or add --deepen, and intentguard fetches deeper, step by step, until the range is whole.`,
    );
    const range = await resolveRange(deepenRequest, event, repo);
    expect(range).toEqual({
      source: {
        kind: "github push (force push)",
        spec: `${sha("x1")}..${sha("m5")}`,
        base: sha("x1"),
        head: sha("m5"),
      },
      start: sha("x1"),
      result: "tip",
      target: "origin/main",
      exempt: [],
      audit: false,
    });
    expect(await commitsToCheck(repo, range.source)).toEqual([sha("m3"), sha("m4"), sha("m5")]);
  });

  it("explicit flags in a shallow clone: a range that reaches the cut is refused", async () => {
    const shallow = clone("shallow-flags", ["--depth", "2"]);
    const repo = await locateRepo(shallow.dir);
    expect(await resolve({ kind: "range", range: `${sha("m4")}..HEAD` }, ci(), repo)).toEqual({
      kind: "--range",
      spec: `${sha("m4")}..${sha("m5")}`,
      base: sha("m4"),
      head: sha("m5"),
    });
    const whole = await refusal(resolve({ kind: "range", range: "HEAD" }, ci(), repo));
    expect(whole).toContain(
      `this clone is shallow and the history of "HEAD" is cut at ${sha("m4")}`,
    );
    for (const fix of fixes) expect(whole).toContain(fix);
    expect(whole).not.toContain("--deepen");
    expect(await refusal(resolve({ kind: "commit", rev: "HEAD~1" }, ci(), repo))).toContain(
      `this clone is shallow and does not have the parents of ${sha("m4")}`,
    );
    expect(
      await refusal(resolve({ kind: "range", range: `${sha("m3")}..HEAD` }, ci(), repo)),
    ).toContain(`--range "${sha("m3")}..HEAD": "${sha("m3")}" is not a commit in this repository`);
  });
});

describe("a range whose base is present but whose history is cut inside it", () => {
  /**
   * main: r1 ← r2 ← r3 ← r4 ← r5, where r5 merges s1 (forked at r1). A depth-3 clone holds r5;
   * r4, s1; r3, r1, and cuts at r3 (r2 missing): r1 is an ancestor of r5 through s1, so r1..r5
   * looks resolvable, but git would list r5, r4, r3, s1 and silently leave out r2.
   */
  const r: Record<string, string> = {};
  let cutBare: string;

  beforeAll(() => {
    const dir = path.join(upstream.base, "cut-upstream");
    upstream.git("init", "-q", dir);
    const source = new TestRepo(dir, upstream.env, upstream.base);
    r.r1 = source.commitFile("a.txt", "r1\n", "r1");
    source.git("checkout", "-q", "-b", "side");
    r.s1 = source.commitFile("side.txt", "s1\n", "s1");
    source.git("checkout", "-q", "main");
    for (const n of [2, 3, 4]) r[`r${n}`] = source.commitFile("a.txt", `r${n}\n`, `r${n}`);
    source.git("merge", "-q", "--no-ff", "-m", "r5", "side");
    r.r5 = source.head();
    cutBare = path.join(upstream.base, "cut.git");
    source.git("clone", "-q", "--bare", dir, cutBare);
  });

  const at = (name: string): string => r[name] as string;

  function cutClone(): TestRepo {
    const dir = path.join(upstream.base, `cut-clone-${++clones}`);
    upstream.git("clone", "-q", "--depth", "3", `file://${cutBare}`, dir);
    const repo = new TestRepo(dir, upstream.env, upstream.base);
    expect(repo.git("rev-parse", "--is-shallow-repository").trim()).toBe("true");
    return repo;
  }

  it("--range and a push both refuse it; --deepen resolves the whole range", async () => {
    const clone = cutClone();
    const repo = await locateRepo(clone.dir);
    expect(clone.tryGit(["cat-file", "-e", `${at("r2")}^{commit}`]).status).not.toBe(0);
    const range = await refusal(resolve({ kind: "range", range: `${at("r1")}..HEAD` }, ci(), repo));
    expect(range).toContain(`reaches the commit ${at("r3")}, where its history is cut`);
    const event = githubEvent("push", push(at("r1"), at("r5")));
    expect(await refusal(resolve(ciRequest, event, repo))).toContain(
      `this clone is shallow and the range reaches ${at("r3")}, where its history is cut`,
    );
    const source = await resolve(deepenRequest, event, repo);
    expect(source).toEqual({
      kind: "github push",
      spec: `${at("r1")}..${at("r5")}`,
      base: at("r1"),
      head: at("r5"),
    });
    const commits = await commitsToCheck(repo, source);
    expect([...commits].sort()).toEqual([at("r2"), at("r3"), at("r4"), at("s1"), at("r5")].sort());
    expect(commits.at(-1)).toBe(at("r5"));
    expect(commits.indexOf(at("r2"))).toBeLessThan(commits.indexOf(at("r3")));
    expect(clone.git("rev-parse", "--is-shallow-repository").trim()).toBe("false");
  });
});

describe("a push to the default branch starts at before; only its first push is the whole history", () => {
  const toMain = "refs/heads/main";
  const mainHistory = () => ["m1", "m2", "m3", "m4", "m5"].map(sha);
  const gitlab = (variables: Record<string, string>) =>
    ci({ GITLAB_CI: "true", CI_DEFAULT_BRANCH: "main", ...variables });

  it("force push to main whose before is not in the clone: exit 2 naming it, never the whole history of after", async () => {
    // The runner's clone already has origin/main at the pushed commit: only before says where
    // the rules in force start.
    expect(full.git("rev-parse", "origin/main").trim()).toBe(sha("m5"));
    const event = githubEvent("push", push(absent, sha("m5"), "main", toMain));
    expect(await refusal(resolve(ciRequest, event))).toBe(
      `this clone does not have before (${absent}). Fetch it (git fetch origin ${absent}), or add --deepen to let intentguard fetch it.`,
    );
    const repo = await locateRepo(clone("force-push-main-gone", []).dir);
    expect(await refusal(resolve(deepenRequest, event, repo))).toBe(
      `this clone does not have before (${absent}), even after --deepen fetched from origin the branches and commits the range needs. ${goneFromOrigin}`,
    );
  });

  it("force push to main whose before shares no history with after: still from before, all of after's history", async () => {
    const unrelated = full.git("commit-tree", `${sha("m1")}^{tree}`, "-m", "unrelated").trim();
    const range = await resolveRange(
      ciRequest,
      githubEvent("push", push(unrelated, sha("m5"), "main", toMain)),
    );
    expect(range).toEqual({
      source: {
        kind: "github push (force push)",
        spec: `${unrelated}..${sha("m5")}`,
        base: unrelated,
        head: sha("m5"),
      },
      start: unrelated,
      result: "tip",
      target: "origin/main",
      exempt: [],
      audit: false,
    });
    expect(await commitsToCheck(fullRepo, range.source)).toEqual(mainHistory());
  });

  it("the first push of a repository (before is forty zeros, the ref is the default branch): the whole history, with no start", async () => {
    const range = await resolveRange(
      ciRequest,
      githubEvent("push", push(zeros, sha("m5"), "main", toMain)),
    );
    expect(range).toEqual({
      source: {
        kind: "github push (new default branch: whole history)",
        spec: sha("m5"),
        base: null,
        head: sha("m5"),
      },
      start: null,
      result: "tip",
      target: "origin/main",
      exempt: [],
      audit: false,
    });
    expect(await commitsToCheck(fullRepo, range.source)).toEqual(mainHistory());
  });

  it("a payload that names no ref: like a tag, landing on the default branch; with a before, from before", async () => {
    const landing = {
      start: sha("m5"),
      result: "merge",
      target: "origin/main",
      exempt: [],
      audit: false,
    };
    const noRef = await resolveRange(
      ciRequest,
      githubEvent("push", push(zeros, sha("m5"), "main", null)),
    );
    expect(noRef).toEqual({
      source: {
        kind: "github push (new branch; nothing new relative to origin/main)",
        spec: `${sha("m5")}..${sha("m5")}`,
        base: sha("m5"),
        head: sha("m5"),
      },
      ...landing,
    });
    expect(await commitsToCheck(fullRepo, noRef.source)).toEqual([]);
    const noRefFeature = await resolveRange(
      ciRequest,
      githubEvent("push", push(zeros, sha("f2"), "main", null)),
    );
    expect(noRefFeature).toEqual({
      source: {
        kind: "github push (new branch)",
        spec: `${sha("m5")}..${sha("f2")}`,
        base: sha("m5"),
        head: sha("f2"),
      },
      ...landing,
    });
    const badRef = githubEvent("push", push(sha("m3"), sha("m5"), "main", "refs/heads/bad..name"));
    expect(await resolveRange(ciRequest, badRef)).toEqual({
      source: {
        kind: "github push",
        spec: `${sha("m3")}..${sha("m5")}`,
        base: sha("m3"),
        head: sha("m5"),
      },
      start: sha("m3"),
      result: "tip",
      target: sha("m3").slice(0, 12),
      exempt: [],
      audit: false,
    });
    expect(
      await refusal(
        resolve(
          ciRequest,
          githubEvent("push", push(absent, sha("m5"), "main", "refs/heads/bad..name")),
        ),
      ),
    ).toBe(
      `this clone does not have before (${absent}). Fetch it (git fetch origin ${absent}), or add --deepen to let intentguard fetch it.`,
    );
  });

  it("--ci --base never replaces a push's before: before..after, or exit 2 when the clone lacks it", async () => {
    const request: RangeRequest = { kind: "ci", deepen: false, base: "origin/feature" };
    expect(
      await resolve(request, githubEvent("push", push(sha("m3"), sha("m5"), "main", toMain))),
    ).toEqual({
      kind: "github push",
      spec: `${sha("m3")}..${sha("m5")}`,
      base: sha("m3"),
      head: sha("m5"),
    });
    expect(
      await refusal(resolve(request, githubEvent("push", push(absent, sha("m5"), "main", toMain)))),
    ).toBe(
      `this clone does not have before (${absent}). Fetch it (git fetch origin ${absent}), or add --deepen to let intentguard fetch it.`,
    );
  });

  it("--ci --base naming the pushed branch itself: the whole history, not an empty range", async () => {
    const range = await resolveRange(
      { kind: "ci", deepen: false, base: "origin/feature" },
      githubEvent("push", push(zeros, sha("f2"), "main", "refs/heads/feature")),
    );
    expect(range).toEqual({
      source: {
        kind: "github push (new branch; origin/feature is the pushed branch: whole history)",
        spec: sha("f2"),
        base: null,
        head: sha("f2"),
      },
      start: null,
      result: "tip",
      target: "origin/feature",
      exempt: [],
      audit: false,
    });
    expect(await commitsToCheck(fullRepo, range.source)).toEqual(["m1", "m2", "f1", "f2"].map(sha));
  });

  it("a new feature branch still gets origin/main..after", async () => {
    const event = githubEvent("push", push(zeros, sha("f2"), "main", "refs/heads/feature"));
    const range = await resolveRange(ciRequest, event);
    expect(range).toEqual({
      source: {
        kind: "github push (new branch)",
        spec: `${sha("m5")}..${sha("f2")}`,
        base: sha("m5"),
        head: sha("f2"),
      },
      start: sha("m5"),
      result: "merge",
      target: "origin/main",
      exempt: [],
      audit: false,
    });
    expect(await commitsToCheck(fullRepo, range.source)).toEqual([sha("f1"), sha("f2")]);
  });

  it("another branch or a tag with nothing beyond origin/main, or a branch moved back: an empty range, still a landing", async () => {
    const branch = await resolveRange(
      ciRequest,
      githubEvent("push", push(zeros, sha("m4"), "main", "refs/heads/release")),
    );
    expect(branch).toEqual({
      source: {
        kind: "github push (new branch; nothing new relative to origin/main)",
        spec: `${sha("m5")}..${sha("m4")}`,
        base: sha("m5"),
        head: sha("m4"),
      },
      start: sha("m5"),
      result: "merge",
      target: "origin/main",
      exempt: [],
      audit: false,
    });
    expect(await commitsToCheck(fullRepo, branch.source)).toEqual([]);
    // release moved back from m5 to m3: no commit is brought, and m3 becomes its tip.
    const back = await resolveRange(
      ciRequest,
      githubEvent("push", push(sha("m5"), sha("m3"), "main", "refs/heads/release")),
    );
    expect(back).toEqual({
      source: {
        kind: "github push (force push)",
        spec: `${sha("m5")}..${sha("m3")}`,
        base: sha("m5"),
        head: sha("m3"),
      },
      start: sha("m5"),
      result: "tip",
      target: "origin/release",
      exempt: [sha("m5")],
      audit: false,
    });
    expect(await commitsToCheck(fullRepo, back.source)).toEqual([]);
    expect(
      await resolveRange(
        ciRequest,
        githubEvent("push", push(zeros, sha("m5"), "main", "refs/tags/v1.0")),
      ),
    ).toEqual({
      source: {
        kind: "github push (new tag; nothing new relative to origin/main)",
        spec: `${sha("m5")}..${sha("m5")}`,
        base: sha("m5"),
        head: sha("m5"),
      },
      start: sha("m5"),
      result: "merge",
      target: "origin/main",
      exempt: [],
      audit: false,
    });
  });

  it("GitLab push with a zero CI_COMMIT_BEFORE_SHA on the default branch: the whole history", async () => {
    const range = await resolveRange(
      ciRequest,
      gitlab({
        CI_PIPELINE_SOURCE: "push",
        CI_COMMIT_BEFORE_SHA: zeros,
        CI_COMMIT_SHA: sha("m5"),
        CI_COMMIT_BRANCH: "main",
      }),
    );
    expect(range).toEqual({
      source: {
        kind: "gitlab push (new default branch: whole history)",
        spec: sha("m5"),
        base: null,
        head: sha("m5"),
      },
      start: null,
      result: "tip",
      target: "origin/main",
      exempt: [],
      audit: false,
    });
    expect(await commitsToCheck(fullRepo, range.source)).toEqual(mainHistory());
  });

  it("GitLab force push to the default branch whose before is gone: exit 2 naming CI_COMMIT_BEFORE_SHA", async () => {
    expect(
      await refusal(
        resolve(
          ciRequest,
          gitlab({
            CI_PIPELINE_SOURCE: "push",
            CI_COMMIT_BEFORE_SHA: absent,
            CI_COMMIT_SHA: sha("m5"),
            CI_COMMIT_BRANCH: "main",
          }),
        ),
      ),
    ).toBe(
      `this clone does not have CI_COMMIT_BEFORE_SHA (${absent}). Fetch it (git fetch origin ${absent}), or add --deepen to let intentguard fetch it.`,
    );
  });

  it("GitLab pipelines on the default branch (whole history), on a ref GitLab does not name and on a tag (landing on it)", async () => {
    expect(
      await resolveRange(
        ciRequest,
        gitlab({
          CI_PIPELINE_SOURCE: "schedule",
          CI_COMMIT_BEFORE_SHA: zeros,
          CI_COMMIT_SHA: sha("m5"),
          CI_COMMIT_BRANCH: "main",
        }),
      ),
    ).toEqual({
      source: {
        kind: "gitlab schedule pipeline (on the default branch: whole history)",
        spec: sha("m5"),
        base: null,
        head: sha("m5"),
      },
      start: null,
      result: "tip",
      target: "origin/main",
      exempt: [],
      audit: false,
    });
    const onDefault = {
      start: sha("m5"),
      result: "merge",
      target: "origin/main",
      exempt: [],
      audit: false,
    };
    expect(
      await resolveRange(
        ciRequest,
        gitlab({
          CI_PIPELINE_SOURCE: "web",
          CI_COMMIT_BEFORE_SHA: zeros,
          CI_COMMIT_SHA: sha("m5"),
        }),
      ),
    ).toEqual({
      source: {
        kind: "gitlab web pipeline (nothing new relative to origin/main)",
        spec: `${sha("m5")}..${sha("m5")}`,
        base: sha("m5"),
        head: sha("m5"),
      },
      ...onDefault,
    });
    expect(
      await resolveRange(
        ciRequest,
        gitlab({
          CI_PIPELINE_SOURCE: "push",
          CI_COMMIT_BEFORE_SHA: zeros,
          CI_COMMIT_SHA: sha("m5"),
          CI_COMMIT_TAG: "v1.0",
        }),
      ),
    ).toEqual({
      source: {
        kind: "gitlab push (new tag; nothing new relative to origin/main)",
        spec: `${sha("m5")}..${sha("m5")}`,
        base: sha("m5"),
        head: sha("m5"),
      },
      ...onDefault,
    });
  });

  it("in a depth-1 clone the whole history must be there: exit 2 with the fix; --deepen fetches it", async () => {
    const shallow = clone("shallow-first-push", ["--depth", "1"]);
    const repo = await locateRepo(shallow.dir);
    const event = githubEvent("push", push(zeros, sha("m5"), "main", toMain));
    expect(await refusal(resolve(ciRequest, event, repo))).toBe(
      `this clone is shallow and does not have the whole history of after (${sha("m5")}), which github push (new default branch: whole history) checks (it is cut at ${sha("m5")}), so the commits to check cannot be known whole; intentguard checks no partial range. Fetch the history: on GitHub Actions, actions/checkout with \`fetch-depth: 0\`; on GitLab CI, the variable \`GIT_DEPTH: 0\`; in this clone, \`git fetch --unshallow origin\`; or add --deepen, and intentguard fetches deeper, step by step, until the range is whole.`,
    );
    const range = await resolveRange(deepenRequest, event, repo);
    expect(range).toEqual({
      source: {
        kind: "github push (new default branch: whole history)",
        spec: sha("m5"),
        base: null,
        head: sha("m5"),
      },
      start: null,
      result: "tip",
      target: "origin/main",
      exempt: [],
      audit: false,
    });
    expect(await commitsToCheck(repo, range.source)).toEqual(mainHistory());
    expect(shallow.git("rev-parse", "--is-shallow-repository").trim()).toBe("false");
  });

  it("force push to main in a depth-1 clone whose before origin no longer has: exit 2, and after --deepen too", async () => {
    const shallow = clone("shallow-force-push", ["--depth", "1"]);
    const repo = await locateRepo(shallow.dir);
    const event = githubEvent("push", push(absent, sha("m5"), "main", toMain));
    expect(await refusal(resolve(ciRequest, event, repo))).toBe(
      `this clone is shallow and does not have before (${absent}), so the commits to check cannot be known whole; intentguard checks no partial range. Fetch the history: on GitHub Actions, actions/checkout with \`fetch-depth: 0\`; on GitLab CI, the variable \`GIT_DEPTH: 0\`; in this clone, \`git fetch --unshallow origin\`; or add --deepen, and intentguard fetches deeper, step by step, until the range is whole.`,
    );
    expect(await refusal(resolve(deepenRequest, event, repo))).toBe(
      `this clone does not have before (${absent}), even after --deepen fetched from origin 50 commits deeper in one fetch, then the branches and commits the range needs. ${goneFromOrigin}`,
    );
  });
});

describe("once --deepen has run, the message says how far it went and does not suggest it again", () => {
  it("a shallow clone of a remote whose own history ends: --deepen stops when fetching brings no more", async () => {
    // origin is itself shallow (m3 … m5): before (m2) cannot be fetched at any depth.
    const shallowOrigin = path.join(upstream.base, "shallow-origin.git");
    upstream.git("clone", "-q", "--bare", "--depth", "3", `file://${bare}`, shallowOrigin);
    const dir = path.join(upstream.base, `stalled-${++clones}`);
    upstream.git("clone", "-q", "--depth", "1", `file://${shallowOrigin}`, dir);
    const repo = await locateRepo(dir);
    const event = githubEvent("push", push(sha("m2"), sha("m5"), "main", "refs/heads/main"));
    const before = await refusal(resolve(ciRequest, event, repo));
    expect(before).toContain("; or add --deepen, and intentguard fetches deeper");
    expect(await refusal(resolve(deepenRequest, event, repo))).toBe(
      `this clone is shallow and does not have before (${sha("m2")}), so the commits to check cannot be known whole, even after --deepen fetched from origin 350 commits deeper in fetches of 50, 100 and 200 (the last two brought no more history); intentguard checks no partial range. Fetch the history: on GitHub Actions, actions/checkout with \`fetch-depth: 0\`; on GitLab CI, the variable \`GIT_DEPTH: 0\`; in this clone, \`git fetch --unshallow origin\`.`,
    );
  });

  it("a full clone: a commit origin does not have either is not worth another --deepen", async () => {
    const repo = await locateRepo(clone("gone-base", ["--branch", "feature"]).dir);
    const event = githubEvent("pull_request", pullRequest(absent, sha("f2")));
    expect(await refusal(resolve(ciRequest, event, repo))).toBe(
      `this clone does not have pull_request.base.sha (${absent}). Fetch it (git fetch origin +refs/heads/main:refs/remotes/origin/main), or add --deepen to let intentguard fetch it.`,
    );
    expect(await refusal(resolve(deepenRequest, event, repo))).toBe(
      `this clone does not have pull_request.base.sha (${absent}), even after --deepen fetched from origin the branches and commits the range needs. ${goneFromOrigin}`,
    );
  });

  it("a head origin does not have either: --deepen says it could not fetch it", async () => {
    const repo = await locateRepo(clone("gone-head", ["--branch", "feature"]).dir);
    const event = githubEvent("pull_request", pullRequest(sha("m5"), absent));
    const message = await refusal(resolve(deepenRequest, event, repo));
    expect(message).toMatch(
      /^--deepen could not fetch more history from origin \(.+\), and this clone does not have pull_request\.head\.sha \(/,
    );
    expect(message).toContain(
      `this clone does not have pull_request.head.sha (${absent}). Fetch the history in the job instead: on GitHub Actions, actions/checkout with \`fetch-depth: 0\`; on GitLab CI, the variable \`GIT_DEPTH: 0\`; in this clone, \`git fetch --unshallow origin\`.`,
    );
  });
});

describe("check --ci through the CLI: exit 2's advice is followed", () => {
  /** Runs the built CLI in a clone on a GitHub push event. */
  function runCi(repo: TestRepo, payload: unknown, ...args: string[]) {
    const event = githubEvent("push", payload);
    return repo.intentguard(["check", "--ci", ...args], {
      env: {
        GITHUB_ACTIONS: "true",
        GITHUB_EVENT_NAME: "push",
        GITHUB_EVENT_PATH: event.githubEventPath,
        GITLAB_CI: undefined,
      },
    });
  }

  it("a new branch whose default branch was never fetched: --ci --base names the branch it lands on", () => {
    const payload = push(zeros, sha("f2"), "trunk");
    const refused = runCi(full, payload);
    expect(refused.status, refused.stderr).toBe(2);
    expect(refused.stderr).toContain(
      "this clone does not have refs/remotes/origin/trunk (the default branch, which github push (new branch) lands on, repository.default_branch).",
    );
    const followed = runCi(full, payload, "--base", "origin/main", "--format", "json");
    expect(followed.status, followed.stderr).toBe(0);
    const report = JSON.parse(followed.stdout) as { source: RangeSource };
    expect(report.source).toEqual({
      kind: "github push (new branch)",
      spec: `${sha("m5")}..${sha("f2")}`,
      base: sha("m5"),
      head: sha("f2"),
    });
  });

  it("a force push whose before the clone lacks: --ci --base does not replace it; `git fetch origin <sha>` does", () => {
    const single = featureOnlyClone("cli-force-push");
    const payload = push(sha("x1"), sha("f2"));
    const advice = `this clone does not have before (${sha("x1")}). Fetch it (git fetch origin ${sha("x1")}), or add --deepen to let intentguard fetch it.`;
    const refused = runCi(single, payload);
    expect(refused.status, refused.stderr).toBe(2);
    expect(refused.stderr).toContain(advice);
    const withBase = runCi(single, payload, "--base", "origin/feature");
    expect(withBase.status, withBase.stderr).toBe(2);
    expect(withBase.stderr).toContain(advice);
    single.git("fetch", "-q", "origin", sha("x1"));
    const followed = runCi(single, payload, "--format", "json");
    expect(followed.status, followed.stderr).toBe(0);
    const report = JSON.parse(followed.stdout) as { source: RangeSource };
    expect(report.source).toEqual({
      kind: "github push (force push)",
      spec: `${sha("x1")}..${sha("f2")}`,
      base: sha("x1"),
      head: sha("f2"),
    });
  });

  it("--ci --base still goes with no other mode", () => {
    const refused = runCi(full, push(zeros, sha("f2")), "--base", "origin/main", "--range", "HEAD");
    expect(refused.status).toBe(2);
    expect(refused.stderr).toContain(
      "needs exactly one of --staged, --paths <path…>, --range <a>..<b>, --commit <rev>, --base <ref> or --ci [--base <ref>] (got --range and --ci;",
    );
  });
});

import { describe, expect, it } from "vitest";
import { ciEnvironment } from "../../../../test/support/ci-environment.js";
import type { CiEnvironment } from "./ci-environment.js";
import { gitlabRangeRequest } from "./gitlab.js";
import type { CiDecision } from "./range-request.js";

const a = "a".repeat(40);
const b = "b".repeat(40);
const c = "c".repeat(40);
const zeros = "0".repeat(40);

const gitlab = (variables: Partial<CiEnvironment>): CiDecision =>
  gitlabRangeRequest(ciEnvironment({ gitlabCi: true, ...variables }));

const mergeRequest: Partial<CiEnvironment> = {
  gitlabPipelineSource: "merge_request_event",
  gitlabMergeRequestDiffBaseSha: a,
  gitlabCommitSha: b,
  gitlabMergeRequestTargetBranchName: "main",
};

const branchPush: Partial<CiEnvironment> = {
  gitlabPipelineSource: "push",
  gitlabCommitBeforeSha: a,
  gitlabCommitSha: b,
  gitlabCommitBranch: "feature",
  gitlabDefaultBranch: "main",
};

describe("merge request pipelines", () => {
  it("ask for the request's commits since the diff base, landing on the target branch", () => {
    expect(gitlab(mergeRequest)).toEqual({
      ok: true,
      request: {
        kind: "merge-base",
        source: "gitlab merge request",
        base: { sha: a, field: "CI_MERGE_REQUEST_DIFF_BASE_SHA" },
        head: { sha: b, field: "CI_COMMIT_SHA" },
        baseBranch: { name: "main", field: "CI_MERGE_REQUEST_TARGET_BRANCH_NAME" },
        start: "target-branch",
      },
    });
  });

  it("take the source branch's head in a merged results pipeline", () => {
    expect(gitlab({ ...mergeRequest, gitlabMergeRequestSourceBranchSha: c })).toMatchObject({
      request: { head: { sha: c, field: "CI_MERGE_REQUEST_SOURCE_BRANCH_SHA" } },
    });
  });

  it("leave a missing target branch to the caller (src/ci refuses it)", () => {
    expect(
      gitlab({ ...mergeRequest, gitlabMergeRequestTargetBranchName: undefined }),
    ).toMatchObject({ ok: true, request: { baseBranch: null } });
  });

  it("name a missing or forged variable", () => {
    expect(gitlab({ ...mergeRequest, gitlabMergeRequestDiffBaseSha: undefined })).toEqual({
      ok: false,
      problem: {
        kind: "missing-variable",
        provider: "gitlab",
        variable: "CI_MERGE_REQUEST_DIFF_BASE_SHA",
        need: "set-for-source",
      },
    });
    expect(gitlab({ ...mergeRequest, gitlabCommitSha: undefined })).toMatchObject({
      problem: { kind: "missing-variable", variable: "CI_COMMIT_SHA" },
    });
    expect(gitlab({ ...mergeRequest, gitlabMergeRequestDiffBaseSha: "HEAD~1" })).toEqual({
      ok: false,
      problem: {
        kind: "bad-variable",
        provider: "gitlab",
        variable: "CI_MERGE_REQUEST_DIFF_BASE_SHA",
        value: "HEAD~1",
        expected: "commit-sha",
      },
    });
    expect(gitlab({ ...mergeRequest, gitlabMergeRequestSourceBranchSha: "-x" })).toMatchObject({
      problem: {
        kind: "bad-variable",
        variable: "CI_MERGE_REQUEST_SOURCE_BRANCH_SHA",
        value: "-x",
      },
    });
    expect(gitlab({ ...mergeRequest, gitlabMergeRequestTargetBranchName: "a..b" })).toEqual({
      ok: false,
      problem: {
        kind: "bad-variable",
        provider: "gitlab",
        variable: "CI_MERGE_REQUEST_TARGET_BRANCH_NAME",
        value: "a..b",
        expected: "branch-name",
      },
    });
  });
});

describe("branch pipelines", () => {
  it("a push asks for CI_COMMIT_BEFORE_SHA..CI_COMMIT_SHA", () => {
    expect(gitlab(branchPush)).toEqual({
      ok: true,
      request: {
        kind: "between",
        source: "gitlab push",
        rewrittenSource: "gitlab push (force push)",
        event: "gitlab push",
        from: { sha: a, field: "CI_COMMIT_BEFORE_SHA" },
        to: { sha: b, field: "CI_COMMIT_SHA" },
        branch: { name: "main", field: "CI_DEFAULT_BRANCH" },
        pushed: { kind: "branch", name: "feature", field: "CI_COMMIT_BRANCH" },
      },
    });
    expect(gitlab({ ...branchPush, gitlabPipelineSource: "api" })).toMatchObject({
      request: {
        kind: "between",
        source: "gitlab api pipeline",
        rewrittenSource: "gitlab api pipeline",
      },
    });
  });

  it("a new branch, or no before, asks for the commits not on the default branch", () => {
    const created = gitlab({ ...branchPush, gitlabCommitBeforeSha: zeros });
    expect(created).toEqual({
      ok: true,
      request: {
        kind: "new-branch",
        source: "gitlab push (new branch)",
        event: "gitlab push",
        created: true,
        head: { sha: b, field: "CI_COMMIT_SHA" },
        defaultBranch: { name: "main", field: "CI_DEFAULT_BRANCH" },
        pushed: { kind: "branch", name: "feature", field: "CI_COMMIT_BRANCH" },
      },
    });
    expect(gitlab({ ...branchPush, gitlabCommitBeforeSha: undefined })).toEqual(created);
  });

  it("a tag pipeline, or one whose ref is unknown, says so", () => {
    const tag = { ...branchPush, gitlabCommitBeforeSha: zeros, gitlabCommitBranch: undefined };
    expect(gitlab({ ...tag, gitlabCommitTag: "v1" })).toMatchObject({
      request: {
        source: "gitlab push (new tag)",
        pushed: { kind: "other", ref: "refs/tags/v1", field: "CI_COMMIT_TAG" },
      },
    });
    expect(gitlab(tag)).toMatchObject({
      request: { source: "gitlab push (new branch)", pushed: { kind: "unknown" } },
    });
  });

  it("web, schedule, API and trigger pipelines start on a branch, created by nobody", () => {
    for (const source of ["web", "schedule", "api", "trigger"]) {
      expect(
        gitlab({ ...branchPush, gitlabPipelineSource: source, gitlabCommitBeforeSha: zeros }),
      ).toEqual({
        ok: true,
        request: {
          kind: "new-branch",
          source: `gitlab ${source} pipeline`,
          event: `gitlab ${source} pipeline`,
          created: false,
          head: { sha: b, field: "CI_COMMIT_SHA" },
          defaultBranch: { name: "main", field: "CI_DEFAULT_BRANCH" },
          pushed: { kind: "branch", name: "feature", field: "CI_COMMIT_BRANCH" },
        },
      });
    }
  });

  it("name a missing or forged variable", () => {
    expect(
      gitlab({ ...branchPush, gitlabCommitBeforeSha: zeros, gitlabDefaultBranch: undefined }),
    ).toEqual({
      ok: false,
      problem: {
        kind: "missing-variable",
        provider: "gitlab",
        variable: "CI_DEFAULT_BRANCH",
        need: "no-previous-commit",
      },
    });
    expect(gitlab({ ...branchPush, gitlabCommitSha: undefined })).toMatchObject({
      problem: { kind: "missing-variable", variable: "CI_COMMIT_SHA", need: "set-for-source" },
    });
    const forged: [Partial<CiEnvironment>, string, string][] = [
      [{ gitlabCommitSha: "$(id)" }, "CI_COMMIT_SHA", "commit-sha"],
      [{ gitlabCommitBeforeSha: "-x" }, "CI_COMMIT_BEFORE_SHA", "commit-sha"],
      [{ gitlabCommitBranch: "a..b" }, "CI_COMMIT_BRANCH", "branch-name"],
      [{ gitlabDefaultBranch: "-x" }, "CI_DEFAULT_BRANCH", "branch-name"],
    ];
    for (const [variables, variable, expected] of forged) {
      const value = Object.values(variables)[0];
      expect(gitlab({ ...branchPush, ...variables })).toEqual({
        ok: false,
        problem: { kind: "bad-variable", provider: "gitlab", variable, value, expected },
      });
    }
  });
});

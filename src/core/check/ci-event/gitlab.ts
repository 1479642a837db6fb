import type { CiEnvironment } from "./ci-environment.js";
import { isBranchName, isSha, isZeroSha } from "./git-names.js";
import {
  type Checked,
  type CiBranch,
  type CiCommit,
  type CiDecision,
  type CiProblem,
  type CiPushedRef,
  type CiValueKind,
  missingVariable,
} from "./range-request.js";

/**
 * The GitLab pipeline sources intentguard reads a range from: a merge request, a push, and the
 * pipelines started on a branch by hand, by schedule, through the API or a trigger (their
 * CI_COMMIT_BEFORE_SHA is all zeros, so they check what the branch has beyond the default one;
 * on the default branch itself, its whole history).
 */
export const gitlabPipelineSources = [
  "merge_request_event",
  "push",
  "web",
  "schedule",
  "api",
  "trigger",
] as const;

/**
 * The range a GitLab pipeline asks for, from its predefined variables (call recogniseCi first). A
 * merge request pipeline checks the request's commits since its diff base (the head is
 * CI_MERGE_REQUEST_SOURCE_BRANCH_SHA in a merged results pipeline, where CI_COMMIT_SHA is the
 * merge commit); a push checks CI_COMMIT_BEFORE_SHA..CI_COMMIT_SHA; a zero before (a new branch,
 * and every web, schedule, API or trigger pipeline) the commits not on CI_DEFAULT_BRANCH. On the
 * default branch itself (CI_COMMIT_BRANCH), or on a ref neither CI_COMMIT_BRANCH nor CI_COMMIT_TAG
 * names, a range that `before` cannot give is the whole history of CI_COMMIT_SHA (src/ci decides).
 */
export function gitlabRangeRequest(ci: CiEnvironment): CiDecision {
  const source = ci.gitlabPipelineSource ?? "push";
  if (source === "merge_request_event") {
    const base = gitlabCommit("CI_MERGE_REQUEST_DIFF_BASE_SHA", ci.gitlabMergeRequestDiffBaseSha);
    if (!base.ok) return base;
    const head =
      ci.gitlabMergeRequestSourceBranchSha !== undefined
        ? gitlabCommit("CI_MERGE_REQUEST_SOURCE_BRANCH_SHA", ci.gitlabMergeRequestSourceBranchSha)
        : gitlabCommit("CI_COMMIT_SHA", ci.gitlabCommitSha);
    if (!head.ok) return head;
    const target = gitlabBranch(
      "CI_MERGE_REQUEST_TARGET_BRANCH_NAME",
      ci.gitlabMergeRequestTargetBranchName,
    );
    if (!target.ok) return target;
    return {
      ok: true,
      request: {
        kind: "merge-base",
        source: "gitlab merge request",
        base: base.commit,
        head: head.commit,
        baseBranch: target.branch,
        start: "target-branch",
      },
    };
  }
  const label = source === "push" ? "gitlab push" : `gitlab ${source} pipeline`;
  const to = gitlabCommit("CI_COMMIT_SHA", ci.gitlabCommitSha);
  if (!to.ok) return to;
  const pushed = gitlabPushedRef(ci);
  if (!pushed.ok) return pushed;
  const before = ci.gitlabCommitBeforeSha;
  if (before === undefined || isZeroSha(before)) {
    const defaultBranch = gitlabBranch("CI_DEFAULT_BRANCH", ci.gitlabDefaultBranch);
    if (!defaultBranch.ok) return defaultBranch;
    if (defaultBranch.branch === null) {
      return missingVariable("gitlab", "CI_DEFAULT_BRANCH", "no-previous-commit");
    }
    return {
      ok: true,
      request: {
        kind: "new-branch",
        source:
          source === "push"
            ? `${label} (new ${pushed.ref.kind === "other" ? "tag" : "branch"})`
            : label,
        event: label,
        created: source === "push",
        head: to.commit,
        defaultBranch: defaultBranch.branch,
        pushed: pushed.ref,
      },
    };
  }
  const from = gitlabCommit("CI_COMMIT_BEFORE_SHA", before);
  if (!from.ok) return from;
  const defaultBranch = gitlabBranch("CI_DEFAULT_BRANCH", ci.gitlabDefaultBranch);
  if (!defaultBranch.ok) return defaultBranch;
  return {
    ok: true,
    request: {
      kind: "between",
      source: label,
      rewrittenSource: source === "push" ? `${label} (force push)` : label,
      event: label,
      from: from.commit,
      to: to.commit,
      branch: defaultBranch.branch,
      pushed: pushed.ref,
    },
  };
}

/**
 * The ref a GitLab pipeline runs for: CI_COMMIT_BRANCH (branch pipelines), else CI_COMMIT_TAG
 * (tag pipelines), else unknown.
 */
function gitlabPushedRef(ci: CiEnvironment): Checked<{ ref: CiPushedRef }> {
  const branch = gitlabBranch("CI_COMMIT_BRANCH", ci.gitlabCommitBranch);
  if (!branch.ok) return branch;
  if (branch.branch !== null) {
    return { ok: true, ref: { kind: "branch", ...branch.branch } };
  }
  if (ci.gitlabCommitTag !== undefined) {
    return {
      ok: true,
      ref: { kind: "other", ref: `refs/tags/${ci.gitlabCommitTag}`, field: "CI_COMMIT_TAG" },
    };
  }
  return { ok: true, ref: { kind: "unknown" } };
}

function gitlabCommit(variable: string, value: string | undefined): Checked<{ commit: CiCommit }> {
  if (value === undefined) return missingVariable("gitlab", variable, "set-for-source");
  if (!isSha(value)) return badVariable(variable, value, "commit-sha");
  return { ok: true, commit: { sha: value, field: variable } };
}

/** An optional branch variable: null when unset, a problem when set to something else. */
function gitlabBranch(
  variable: string,
  value: string | undefined,
): Checked<{ branch: CiBranch | null }> {
  if (value === undefined) return { ok: true, branch: null };
  if (!isBranchName(value)) return badVariable(variable, value, "branch-name");
  return { ok: true, branch: { name: value, field: variable } };
}

function badVariable(
  variable: string,
  value: string,
  expected: CiValueKind,
): { ok: false; problem: CiProblem } {
  return {
    ok: false,
    problem: { kind: "bad-variable", provider: "gitlab", variable, value, expected },
  };
}

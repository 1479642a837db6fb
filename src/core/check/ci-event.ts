/**
 * Which commits a CI run should check, decided from the CI's own facts: its environment variables
 * and, on GitHub Actions, the event payload. Pure: the caller reads the environment
 * (src/environment.ts) and the payload file, and resolves the answer against the clone with git.
 * Nothing here asks a hosting API: every SHA comes from the run itself.
 */

import { isNullObjectId, isObjectId } from "../object-id.js";

/** The CI variables intentguard reads; an unset or empty variable is undefined. */
export interface CiEnvironment {
  /** GITHUB_ACTIONS=true: running on GitHub Actions. */
  githubActions: boolean;
  /** GITHUB_EVENT_NAME: `pull_request`, `push`, `merge_group`, … */
  githubEventName: string | undefined;
  /** GITHUB_EVENT_PATH: the file holding the event's JSON payload. */
  githubEventPath: string | undefined;
  /** GITHUB_SHA: the commit the run checked out (for a pull request, GitHub's merge commit). */
  githubSha: string | undefined;
  /** GITHUB_STEP_SUMMARY: the file a job appends its Markdown summary to. */
  githubStepSummary: string | undefined;
  /** GITLAB_CI=true: running on GitLab CI/CD. */
  gitlabCi: boolean;
  /** CI_PIPELINE_SOURCE: `push`, `merge_request_event`, `web`, `schedule`, … */
  gitlabPipelineSource: string | undefined;
  /** CI_MERGE_REQUEST_DIFF_BASE_SHA: the base of the merge request's diff. */
  gitlabMergeRequestDiffBaseSha: string | undefined;
  /** CI_MERGE_REQUEST_TARGET_BRANCH_NAME: the branch the merge request targets. */
  gitlabMergeRequestTargetBranchName: string | undefined;
  /** CI_MERGE_REQUEST_SOURCE_BRANCH_SHA: the request's head, set in merged results pipelines. */
  gitlabMergeRequestSourceBranchSha: string | undefined;
  /** CI_COMMIT_SHA: the commit the pipeline runs for (a merged results pipeline's merge commit). */
  gitlabCommitSha: string | undefined;
  /** CI_COMMIT_BEFORE_SHA: the branch's previous tip; all zeros for a new branch, MRs, schedules. */
  gitlabCommitBeforeSha: string | undefined;
  /** CI_DEFAULT_BRANCH: the project's default branch. */
  gitlabDefaultBranch: string | undefined;
  /** CI_COMMIT_BRANCH: the branch a branch pipeline runs for (unset for tags, merge requests). */
  gitlabCommitBranch: string | undefined;
  /** CI_COMMIT_TAG: the tag a tag pipeline runs for. */
  gitlabCommitTag: string | undefined;
}

export type CiProvider = "github" | "gitlab";

/** The GitHub Actions events whose payload says which commits they bring. */
export const githubEvents = ["pull_request", "pull_request_target", "push", "merge_group"] as const;
export type GithubEvent = (typeof githubEvents)[number];

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

/** A commit a request names, with where it came from (a payload field or a variable). */
export interface CiCommit {
  sha: string;
  /** `pull_request.head.sha`, `CI_COMMIT_SHA`, …: named in every message about it. */
  field: string;
}

/** A branch of the remote `origin` a request names, with where it came from. */
export interface CiBranch {
  name: string;
  field: string;
}

/**
 * The ref a push (or a pipeline) updated: a branch of `origin`, another ref (a tag), or unknown
 * when the event does not say. A push to the branch its range would be compared with (the default
 * branch) cannot be compared with that branch: it already holds the push.
 */
export type CiPushedRef =
  | { kind: "branch"; name: string; field: string }
  | { kind: "other"; ref: string; field: string }
  | { kind: "unknown" };

/** What the CI run asks to check; `source` names the event in reports ("github push"). */
export type CiRangeRequest =
  /**
   * The commits of `head` since it forked from `base` (a pull or merge request), landing on the
   * target: its tip is `base` (GitHub's pull_request.base.sha), or the target branch as fetched
   * (`start: "target-branch"`: GitLab names only the diff base, an older commit).
   */
  | {
      kind: "merge-base";
      source: string;
      base: CiCommit;
      head: CiCommit;
      baseBranch: CiBranch | null;
      start: "base-sha" | "target-branch";
    }
  /**
   * The commits a ref update brought, `from..to`. When `from` is not an ancestor of `to` (a force
   * push) the range starts at their merge base and is reported as `rewrittenSource`; when `from`
   * is gone from the clone, or shares no history with `to`, it is the commits of `to` that are
   * not on `branch` (the default branch), also as `rewrittenSource` — unless `pushed` is that
   * branch, or unknown: then it is the whole history of `to`. `event` names the event alone
   * ("github push"), for the labels src/ci builds.
   */
  | {
      kind: "between";
      source: string;
      rewrittenSource: string;
      event: string;
      from: CiCommit;
      to: CiCommit;
      branch: CiBranch | null;
      pushed: CiPushedRef;
    }
  /**
   * A new branch (`created`: the push created the ref), or a pipeline started on a branch: the
   * commits of `head` that are not on `defaultBranch` (on `origin`) — unless `pushed` is the
   * default branch, or unknown: then it is the whole history of `head`.
   */
  | {
      kind: "new-branch";
      source: string;
      event: string;
      created: boolean;
      head: CiCommit;
      defaultBranch: CiBranch;
      pushed: CiPushedRef;
    }
  /** Nothing to check (a deleted branch), and why. */
  | { kind: "nothing"; source: string; why: string };

/** Why a CI run's range cannot be decided; src/ci words each for the user. */
export type CiProblem =
  | { kind: "no-ci" }
  | {
      kind: "unsupported-event";
      provider: CiProvider;
      /** The variable that names the event: GITHUB_EVENT_NAME or CI_PIPELINE_SOURCE. */
      variable: string;
      event: string;
      supported: readonly string[];
    }
  | { kind: "missing-variable"; provider: CiProvider; variable: string; why: string }
  | {
      kind: "bad-variable";
      provider: CiProvider;
      variable: string;
      value: string;
      expected: string;
    }
  /** A payload field that is missing or not what it should be; `field` is its dotted path. */
  | { kind: "bad-payload"; field: string; problem: string };

export type CiDecision = { ok: true; request: CiRangeRequest } | { ok: false; problem: CiProblem };

/** Where a CI run is, once its event is known to be one intentguard reads. */
export type CiStart =
  | { ok: true; provider: "github"; event: GithubEvent; eventPath: string }
  | { ok: true; provider: "gitlab" }
  | { ok: false; problem: CiProblem };

/**
 * Recognises the CI and its event: GitHub Actions (GITHUB_ACTIONS=true) first, then GitLab
 * (GITLAB_CI=true). For GitHub it also says which payload file to read next.
 */
export function recogniseCi(ci: CiEnvironment): CiStart {
  if (ci.githubActions) {
    const event = ci.githubEventName;
    if (event === undefined) {
      return missingVariable(
        "github",
        "GITHUB_EVENT_NAME",
        "it names the event that started the run",
      );
    }
    if (!isGithubEvent(event)) {
      return {
        ok: false,
        problem: {
          kind: "unsupported-event",
          provider: "github",
          variable: "GITHUB_EVENT_NAME",
          event,
          supported: githubEvents,
        },
      };
    }
    if (ci.githubEventPath === undefined) {
      return missingVariable("github", "GITHUB_EVENT_PATH", "it names the event's payload file");
    }
    return { ok: true, provider: "github", event, eventPath: ci.githubEventPath };
  }
  if (ci.gitlabCi) {
    const source = ci.gitlabPipelineSource;
    if (source === undefined) {
      return missingVariable("gitlab", "CI_PIPELINE_SOURCE", "it names what started the pipeline");
    }
    if (!(gitlabPipelineSources as readonly string[]).includes(source)) {
      return {
        ok: false,
        problem: {
          kind: "unsupported-event",
          provider: "gitlab",
          variable: "CI_PIPELINE_SOURCE",
          event: source,
          supported: gitlabPipelineSources,
        },
      };
    }
    return { ok: true, provider: "gitlab" };
  }
  return { ok: false, problem: { kind: "no-ci" } };
}

function isGithubEvent(name: string): name is GithubEvent {
  return (githubEvents as readonly string[]).includes(name);
}

function missingVariable(
  provider: CiProvider,
  variable: string,
  why: string,
): { ok: false; problem: CiProblem } {
  return { ok: false, problem: { kind: "missing-variable", provider, variable, why } };
}

/** The range a GitHub event asks for, from its payload (the parsed JSON of GITHUB_EVENT_PATH). */
export function githubRangeRequest(event: GithubEvent, payload: unknown): CiDecision {
  try {
    return { ok: true, request: githubRequest(event, new Payload(payload)) };
  } catch (error) {
    if (error instanceof PayloadProblem) {
      return {
        ok: false,
        problem: { kind: "bad-payload", field: error.field, problem: error.problem },
      };
    }
    throw error;
  }
}

function githubRequest(event: GithubEvent, payload: Payload): CiRangeRequest {
  switch (event) {
    case "pull_request":
    case "pull_request_target":
      return {
        kind: "merge-base",
        source: `github ${event}`,
        base: payload.commit("pull_request.base.sha"),
        head: payload.commit("pull_request.head.sha"),
        baseBranch: payload.optionalBranch("pull_request.base.ref"),
        start: "base-sha",
      };
    case "merge_group": {
      const base = payload.commit("merge_group.base_sha");
      const head = payload.commit("merge_group.head_sha");
      // The queue lands on its target (base_ref); head_ref is the queue's own temporary branch.
      return {
        kind: "between",
        source: "github merge_group",
        rewrittenSource: "github merge_group",
        event: "github merge_group",
        from: base,
        to: head,
        branch: payload.optionalBranch("repository.default_branch"),
        pushed: payload.pushedRef("merge_group.base_ref"),
      };
    }
    case "push": {
      const after = payload.commit("after");
      const before = payload.commit("before");
      if (isZeroSha(after.sha)) {
        return {
          kind: "nothing",
          source: "github push (branch deleted)",
          why: "the push deleted the branch",
        };
      }
      const pushed = payload.pushedRef("ref");
      if (isZeroSha(before.sha)) {
        return {
          kind: "new-branch",
          source: `github push (new ${pushed.kind === "other" ? "tag" : "branch"})`,
          event: "github push",
          created: true,
          head: after,
          defaultBranch: payload.branch("repository.default_branch"),
          pushed,
        };
      }
      return {
        kind: "between",
        source: "github push",
        rewrittenSource: "github push (force push)",
        event: "github push",
        from: before,
        to: after,
        branch: payload.optionalBranch("repository.default_branch"),
        pushed,
      };
    }
  }
}

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
      return missingVariable(
        "gitlab",
        "CI_DEFAULT_BRANCH",
        "a pipeline with no previous commit (CI_COMMIT_BEFORE_SHA all zeros) checks the commits not on the default branch",
      );
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

type Checked<T> = ({ ok: true } & T) | { ok: false; problem: CiProblem };

function gitlabCommit(variable: string, value: string | undefined): Checked<{ commit: CiCommit }> {
  if (value === undefined) {
    return missingVariable("gitlab", variable, "GitLab sets it for this pipeline source");
  }
  if (!isSha(value)) {
    return {
      ok: false,
      problem: { kind: "bad-variable", provider: "gitlab", variable, value, expected: shaExpected },
    };
  }
  return { ok: true, commit: { sha: value, field: variable } };
}

/** An optional branch variable: null when unset, a problem when set to something else. */
function gitlabBranch(
  variable: string,
  value: string | undefined,
): Checked<{ branch: CiBranch | null }> {
  if (value === undefined) return { ok: true, branch: null };
  if (!isBranchName(value)) {
    return {
      ok: false,
      problem: {
        kind: "bad-variable",
        provider: "gitlab",
        variable,
        value,
        expected: branchExpected,
      },
    };
  }
  return { ok: true, branch: { name: value, field: variable } };
}

const shaExpected = "a full commit SHA (40 or 64 hexadecimal digits)";
const branchExpected = "a branch name";

/** A full object name: SHA-1 (40 hex digits) or SHA-256 (64), lower case as git prints them. */
export function isSha(text: string): boolean {
  return isObjectId(text);
}

/** The all-zeros SHA git and the CIs use for "no commit" (a ref created or deleted). */
export function isZeroSha(text: string): boolean {
  return isNullObjectId(text);
}

/**
 * Whether `name` is a branch name git accepts (git check-ref-format's rules for refs/heads/…):
 * intentguard builds the refspec `+refs/heads/<name>:refs/remotes/origin/<name>` from it.
 */
export function isBranchName(name: string): boolean {
  if (name === "" || name === "@" || name.startsWith("-")) return false;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are refused
  if (/[\u0000-\u0020\u007f~^:?*[\\]|\.\.|@\{|\/\/|^\/|\/$|\.$/.test(name)) return false;
  return name.split("/").every((part) => !part.startsWith(".") && !part.endsWith(".lock"));
}

/** A branch given as a ref (`refs/heads/main`, as merge_group.base_ref is) or a name (`main`). */
function branchFromRef(value: string): string {
  return value.startsWith("refs/heads/") ? value.slice("refs/heads/".length) : value;
}

class PayloadProblem extends Error {
  constructor(
    readonly field: string,
    readonly problem: string,
  ) {
    super(`${field} ${problem}`);
  }
}

/** Reads fields of an untrusted payload by dotted path; each miss names the field. */
class Payload {
  constructor(private readonly root: unknown) {}

  private value(field: string): unknown {
    let current: unknown = this.root;
    const parts = field.split(".");
    for (const [index, part] of parts.entries()) {
      if (typeof current !== "object" || current === null || Array.isArray(current)) {
        const parent = parts.slice(0, index).join(".");
        const why =
          index === 0
            ? `the payload is ${describe(current)}, not a JSON object`
            : current === undefined
              ? `the payload has no ${parent}`
              : `${parent} is ${describe(current)}, not an object`;
        throw new PayloadProblem(field, `is missing (${why})`);
      }
      current = (current as Record<string, unknown>)[part];
    }
    return current;
  }

  commit(field: string): CiCommit {
    const value = this.value(field);
    if (value === undefined || value === null) throw new PayloadProblem(field, "is missing");
    if (typeof value !== "string" || !isSha(value)) {
      throw new PayloadProblem(field, `is ${describe(value)}, not ${shaExpected}`);
    }
    return { sha: value, field };
  }

  branch(field: string): CiBranch {
    const value = this.value(field);
    if (value === undefined || value === null) throw new PayloadProblem(field, "is missing");
    const name = typeof value === "string" ? branchFromRef(value) : "";
    if (!isBranchName(name)) {
      throw new PayloadProblem(field, `is ${describe(value)}, not ${branchExpected}`);
    }
    return { name, field };
  }

  /**
   * The ref a push updated (`refs/heads/<branch>` or `refs/tags/<tag>`); unknown when the field
   * is absent or anything else, which the caller treats as the most cautious case.
   */
  pushedRef(field: string): CiPushedRef {
    let value: unknown;
    try {
      value = this.value(field);
    } catch (error) {
      if (error instanceof PayloadProblem) return { kind: "unknown" };
      throw error;
    }
    if (typeof value !== "string") return { kind: "unknown" };
    if (value.startsWith("refs/heads/")) {
      const name = value.slice("refs/heads/".length);
      return isBranchName(name) ? { kind: "branch", name, field } : { kind: "unknown" };
    }
    if (value.startsWith("refs/tags/")) return { kind: "other", ref: value, field };
    return { kind: "unknown" };
  }

  /** A branch the request can do without: null when absent or not a usable name. */
  optionalBranch(field: string): CiBranch | null {
    try {
      return this.branch(field);
    } catch (error) {
      if (error instanceof PayloadProblem) return null;
      throw error;
    }
  }
}

function describe(value: unknown): string {
  if (value === null || value === undefined) return String(value);
  if (Array.isArray(value)) return "an array";
  if (typeof value === "string") {
    const shown = value.length > 80 ? `${value.slice(0, 80)}…` : value;
    return JSON.stringify(shown);
  }
  if (typeof value === "object") return "an object";
  return `${typeof value} ${String(value)}`;
}

/**
 * What a CI run asks to check, or why that cannot be decided: the facts github.ts and gitlab.ts
 * read from the run, which src/ci resolves against the clone and src/report words.
 */

export type CiProvider = "github" | "gitlab";

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
  /** Nothing to check: the push deleted the branch. */
  | { kind: "nothing"; source: string };

/** What a value the CI gives was expected to be. */
export type CiValueKind = "commit-sha" | "branch-name";

/** Why --ci needs a variable the CI did not set. */
export type CiVariableNeed =
  /** GITHUB_EVENT_NAME names the event that started the run. */
  | "event-name"
  /** GITHUB_EVENT_PATH names the event's payload file. */
  | "payload-file"
  /** CI_PIPELINE_SOURCE names what started the pipeline. */
  | "pipeline-source"
  /** GitLab sets the variable for this pipeline source. */
  | "set-for-source"
  /** A pipeline with no previous commit checks the commits not on the default branch. */
  | "no-previous-commit"
  /** A merge request lands on its target branch's tip, where the rules in force start. */
  | "target-branch-tip";

/**
 * What is wrong with a field of the event payload. `found` is the JSON value met: the field's own
 * (`wrong-value`), or the object it should be in (`no-parent`: at `parent`, "" for the payload).
 */
export type PayloadFieldProblem =
  | { kind: "missing" }
  | { kind: "no-parent"; parent: string; found: unknown }
  | { kind: "wrong-value"; found: unknown; expected: CiValueKind };

/** Why a CI run's range cannot be decided; src/report words each for the user. */
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
  | { kind: "missing-variable"; provider: CiProvider; variable: string; need: CiVariableNeed }
  | {
      kind: "bad-variable";
      provider: CiProvider;
      variable: string;
      value: string;
      expected: CiValueKind;
    }
  /** The payload file cannot be read: `reason` is the system's error code (or message). */
  | { kind: "unreadable-payload"; reason: string }
  /** The payload is not JSON: `detail` is the parser's message. */
  | { kind: "payload-not-json"; detail: string }
  /** A payload field that is missing or not what it should be; `field` is its dotted path. */
  | { kind: "bad-payload"; field: string; problem: PayloadFieldProblem };

export type CiDecision = { ok: true; request: CiRangeRequest } | { ok: false; problem: CiProblem };

/** An answer, or the problem that stopped it. */
export type Checked<T> = ({ ok: true } & T) | { ok: false; problem: CiProblem };

export function missingVariable(
  provider: CiProvider,
  variable: string,
  need: CiVariableNeed,
): { ok: false; problem: CiProblem } {
  return { ok: false, problem: { kind: "missing-variable", provider, variable, need } };
}

import { z } from "zod";
import { isBranchName, isZeroSha } from "./git-names.js";
import {
  branchName,
  commitSha,
  optionalBranchName,
  optionalRef,
  readPayload,
} from "./payload-fields.js";
import type {
  CiBranch,
  CiCommit,
  CiDecision,
  CiPushedRef,
  CiRangeRequest,
} from "./range-request.js";

/** The GitHub Actions events whose payload says which commits they bring. */
export const githubEvents = ["pull_request", "pull_request_target", "push", "merge_group"] as const;
export type GithubEvent = (typeof githubEvents)[number];

/** The default branch, when the payload names a usable one. */
const repositoryIfAny = z
  .object({ default_branch: optionalBranchName })
  .catch({ default_branch: null });

// Each event's payload, as far as intentguard reads it; the required fields in the order a
// problem is looked for.
const pullRequestPayload = z.object({
  pull_request: z.object({
    base: z.object({ sha: commitSha, ref: optionalBranchName }),
    head: z.object({ sha: commitSha }),
  }),
});
const mergeGroupPayload = z.object({
  merge_group: z.object({ base_sha: commitSha, head_sha: commitSha, base_ref: optionalRef }),
  repository: repositoryIfAny,
});
const pushPayload = z.object({
  after: commitSha,
  before: commitSha,
  ref: optionalRef,
  repository: repositoryIfAny,
});
/** A push that created its branch is compared with the default branch: it must be named. */
const newBranchPayload = z.object({ repository: z.object({ default_branch: branchName }) });

/** The range a GitHub event asks for, from its payload (the text of GITHUB_EVENT_PATH). */
export function githubRangeRequest(event: GithubEvent, payloadText: string): CiDecision {
  let payload: unknown;
  try {
    payload = JSON.parse(payloadText);
  } catch (error) {
    return { ok: false, problem: { kind: "payload-not-json", detail: (error as Error).message } };
  }
  switch (event) {
    case "pull_request":
    case "pull_request_target": {
      const read = readPayload(pullRequestPayload, payload);
      if (!read.ok) return read;
      const { base, head } = read.value.pull_request;
      return requested({
        kind: "merge-base",
        source: `github ${event}`,
        base: commit(base.sha, "pull_request.base.sha"),
        head: commit(head.sha, "pull_request.head.sha"),
        baseBranch: branch(base.ref, "pull_request.base.ref"),
        start: "base-sha",
      });
    }
    case "merge_group": {
      const read = readPayload(mergeGroupPayload, payload);
      if (!read.ok) return read;
      const { merge_group: group, repository } = read.value;
      // The queue lands on its target (base_ref); head_ref is the queue's own temporary branch.
      return requested({
        kind: "between",
        source: "github merge_group",
        rewrittenSource: "github merge_group",
        event: "github merge_group",
        from: commit(group.base_sha, "merge_group.base_sha"),
        to: commit(group.head_sha, "merge_group.head_sha"),
        branch: branch(repository.default_branch, "repository.default_branch"),
        pushed: pushedRef(group.base_ref, "merge_group.base_ref"),
      });
    }
    case "push":
      return pushRequest(payload);
  }
}

function pushRequest(payload: unknown): CiDecision {
  const read = readPayload(pushPayload, payload);
  if (!read.ok) return read;
  const { after, before, ref, repository } = read.value;
  if (isZeroSha(after))
    return requested({ kind: "nothing", source: "github push (branch deleted)" });
  const pushed = pushedRef(ref, "ref");
  if (isZeroSha(before)) {
    const named = readPayload(newBranchPayload, payload);
    if (!named.ok) return named;
    return requested({
      kind: "new-branch",
      source: `github push (new ${pushed.kind === "other" ? "tag" : "branch"})`,
      event: "github push",
      created: true,
      head: commit(after, "after"),
      defaultBranch: {
        name: named.value.repository.default_branch,
        field: "repository.default_branch",
      },
      pushed,
    });
  }
  return requested({
    kind: "between",
    source: "github push",
    rewrittenSource: "github push (force push)",
    event: "github push",
    from: commit(before, "before"),
    to: commit(after, "after"),
    branch: branch(repository.default_branch, "repository.default_branch"),
    pushed,
  });
}

function requested(request: CiRangeRequest): CiDecision {
  return { ok: true, request };
}

function commit(sha: string, field: string): CiCommit {
  return { sha, field };
}

function branch(name: string | null, field: string): CiBranch | null {
  return name === null ? null : { name, field };
}

/**
 * The ref a push updated (`refs/heads/<branch>` or `refs/tags/<tag>`); unknown when the field is
 * absent or anything else, which the caller treats as the most cautious case.
 */
function pushedRef(value: string | null, field: string): CiPushedRef {
  if (value === null) return { kind: "unknown" };
  if (value.startsWith("refs/heads/")) {
    const name = value.slice("refs/heads/".length);
    return isBranchName(name) ? { kind: "branch", name, field } : { kind: "unknown" };
  }
  if (value.startsWith("refs/tags/")) return { kind: "other", ref: value, field };
  return { kind: "unknown" };
}

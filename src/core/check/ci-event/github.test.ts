import { describe, expect, it } from "vitest";
import { type GithubEvent, githubRangeRequest } from "./github.js";
import type { CiDecision, PayloadFieldProblem } from "./range-request.js";

const a = "a".repeat(40);
const b = "b".repeat(40);
const zeros = "0".repeat(40);

function request(event: GithubEvent, payload: unknown): CiDecision {
  return githubRangeRequest(event, typeof payload === "string" ? payload : JSON.stringify(payload));
}

function badPayload(field: string, problem: PayloadFieldProblem): CiDecision {
  return { ok: false, problem: { kind: "bad-payload", field, problem } };
}

const wrongSha = (found: unknown): PayloadFieldProblem => ({
  kind: "wrong-value",
  found,
  expected: "commit-sha",
});

const pullRequest = (base: unknown, head: unknown, ref: unknown = "main") => ({
  pull_request: { base: { sha: base, ref }, head: { sha: head } },
});

describe("pull_request and pull_request_target", () => {
  it("ask for the head's commits since its fork, landing on base.sha", () => {
    for (const event of ["pull_request", "pull_request_target"] as const) {
      expect(request(event, pullRequest(a, b))).toEqual({
        ok: true,
        request: {
          kind: "merge-base",
          source: `github ${event}`,
          base: { sha: a, field: "pull_request.base.sha" },
          head: { sha: b, field: "pull_request.head.sha" },
          baseBranch: { name: "main", field: "pull_request.base.ref" },
          start: "base-sha",
        },
      });
    }
  });

  it("do without base.ref when it is absent, not a string, or not a branch name", () => {
    for (const ref of [undefined, null, 5, "-x", "a..b", "refs/heads/", ["main"]]) {
      const payload = { pull_request: { base: { sha: a, ref }, head: { sha: b } } };
      const decision = request("pull_request", payload);
      expect(decision, JSON.stringify(ref)).toMatchObject({
        ok: true,
        request: { baseBranch: null },
      });
    }
    expect(request("pull_request", pullRequest(a, b, "refs/heads/dev"))).toMatchObject({
      request: { baseBranch: { name: "dev", field: "pull_request.base.ref" } },
    });
  });

  it("ignore the fields they do not read", () => {
    const payload = {
      action: "opened",
      number: 7,
      pull_request: {
        title: "x",
        base: { sha: a, ref: "main", repo: {} },
        head: { sha: b, ref: 1 },
      },
    };
    expect(request("pull_request", payload)).toEqual(request("pull_request", pullRequest(a, b)));
  });

  it("name the first field that is missing, and where the path stops", () => {
    expect(request("pull_request", {})).toEqual(
      badPayload("pull_request.base.sha", {
        kind: "no-parent",
        parent: "pull_request",
        found: undefined,
      }),
    );
    expect(request("pull_request", { pull_request: [] })).toEqual(
      badPayload("pull_request.base.sha", { kind: "no-parent", parent: "pull_request", found: [] }),
    );
    expect(request("pull_request", { pull_request: { base: { sha: a } } })).toEqual(
      badPayload("pull_request.head.sha", {
        kind: "no-parent",
        parent: "pull_request.head",
        found: undefined,
      }),
    );
    expect(request("pull_request", { pull_request: { base: { sha: a }, head: null } })).toEqual(
      badPayload("pull_request.head.sha", {
        kind: "no-parent",
        parent: "pull_request.head",
        found: null,
      }),
    );
    expect(request("pull_request", pullRequest(null, b))).toEqual(
      badPayload("pull_request.base.sha", { kind: "missing" }),
    );
    expect(request("pull_request", { pull_request: { base: { sha: a }, head: {} } })).toEqual(
      badPayload("pull_request.head.sha", { kind: "missing" }),
    );
  });

  it("refuse a forged SHA, naming base before head", () => {
    for (const forged of [
      a.toUpperCase(),
      a.slice(0, 12),
      `${a}..${b}`,
      "--output=/tmp/x",
      "HEAD",
      12,
      false,
      { sha: a },
      [a],
    ]) {
      expect(request("pull_request", pullRequest(forged, "zz")), JSON.stringify(forged)).toEqual(
        badPayload("pull_request.base.sha", wrongSha(forged)),
      );
    }
    expect(request("pull_request_target", pullRequest(a, "-x"))).toEqual(
      badPayload("pull_request.head.sha", wrongSha("-x")),
    );
  });
});

describe("push", () => {
  const push = (before: unknown, after: unknown, more: Record<string, unknown> = {}) => ({
    before,
    after,
    ref: "refs/heads/feature",
    repository: { default_branch: "main" },
    ...more,
  });

  it("asks for before..after, compared with the default branch when before is gone", () => {
    expect(request("push", push(a, b))).toEqual({
      ok: true,
      request: {
        kind: "between",
        source: "github push",
        rewrittenSource: "github push (force push)",
        event: "github push",
        from: { sha: a, field: "before" },
        to: { sha: b, field: "after" },
        branch: { name: "main", field: "repository.default_branch" },
        pushed: { kind: "branch", name: "feature", field: "ref" },
      },
    });
  });

  it("does without the default branch and the ref when they are unusable", () => {
    const decision = request("push", push(a, b, { ref: "refs/heads/a..b", repository: [] }));
    expect(decision).toMatchObject({
      ok: true,
      request: { branch: null, pushed: { kind: "unknown" } },
    });
    for (const ref of [undefined, 7, "main", "refs/heads/-x", "refs/remotes/origin/x"]) {
      expect(request("push", push(a, b, { ref })), String(ref)).toMatchObject({
        request: { pushed: { kind: "unknown" } },
      });
    }
    expect(request("push", push(a, b, { ref: "refs/tags/v1" }))).toMatchObject({
      request: { pushed: { kind: "other", ref: "refs/tags/v1", field: "ref" } },
    });
  });

  it("a new branch or tag (before all zeros): the commits not on the default branch", () => {
    expect(request("push", push(zeros, b))).toEqual({
      ok: true,
      request: {
        kind: "new-branch",
        source: "github push (new branch)",
        event: "github push",
        created: true,
        head: { sha: b, field: "after" },
        defaultBranch: { name: "main", field: "repository.default_branch" },
        pushed: { kind: "branch", name: "feature", field: "ref" },
      },
    });
    expect(request("push", push("0".repeat(64), b, { ref: "refs/tags/v1" }))).toMatchObject({
      request: { kind: "new-branch", source: "github push (new tag)" },
    });
    expect(
      request("push", push(zeros, b, { repository: { default_branch: "refs/heads/trunk" } })),
    ).toMatchObject({
      request: { defaultBranch: { name: "trunk", field: "repository.default_branch" } },
    });
  });

  it("a new branch needs the default branch: missing or forged, it is named", () => {
    const field = "repository.default_branch";
    expect(request("push", { before: zeros, after: b })).toEqual(
      badPayload(field, { kind: "no-parent", parent: "repository", found: undefined }),
    );
    expect(request("push", push(zeros, b, { repository: "x" }))).toEqual(
      badPayload(field, { kind: "no-parent", parent: "repository", found: "x" }),
    );
    expect(request("push", push(zeros, b, { repository: {} }))).toEqual(
      badPayload(field, { kind: "missing" }),
    );
    for (const forged of ["-x", "ma..in", "refs/heads/", 3, ["main"]]) {
      expect(request("push", push(zeros, b, { repository: { default_branch: forged } }))).toEqual(
        badPayload(field, { kind: "wrong-value", found: forged, expected: "branch-name" }),
      );
    }
  });

  it("a deleted branch (after all zeros) brings nothing, once before is a SHA", () => {
    expect(request("push", push(a, zeros))).toEqual({
      ok: true,
      request: { kind: "nothing", source: "github push (branch deleted)" },
    });
    expect(request("push", { after: zeros })).toEqual(badPayload("before", { kind: "missing" }));
    expect(request("push", push("x", zeros))).toEqual(badPayload("before", wrongSha("x")));
  });

  it("names after before before, and a payload that is not an object", () => {
    expect(request("push", { before: "x" })).toEqual(badPayload("after", { kind: "missing" }));
    expect(request("push", push(a, "-x"))).toEqual(badPayload("after", wrongSha("-x")));
    for (const text of ["null", "[]", "42", '"hello"', "true"]) {
      expect(request("push", text), text).toEqual(
        badPayload("after", { kind: "no-parent", parent: "", found: JSON.parse(text) }),
      );
    }
  });
});

describe("merge_group", () => {
  it("asks for base_sha..head_sha, landing on base_ref", () => {
    const payload = {
      merge_group: {
        base_sha: a,
        head_sha: b,
        base_ref: "refs/heads/main",
        head_ref: "gh-readonly-queue/main/x",
      },
      repository: { default_branch: "main" },
    };
    expect(request("merge_group", payload)).toEqual({
      ok: true,
      request: {
        kind: "between",
        source: "github merge_group",
        rewrittenSource: "github merge_group",
        event: "github merge_group",
        from: { sha: a, field: "merge_group.base_sha" },
        to: { sha: b, field: "merge_group.head_sha" },
        branch: { name: "main", field: "repository.default_branch" },
        pushed: { kind: "branch", name: "main", field: "merge_group.base_ref" },
      },
    });
  });

  it("does without base_ref and the repository, never without the SHAs", () => {
    expect(
      request("merge_group", { merge_group: { base_sha: a, head_sha: b }, repository: 1 }),
    ).toMatchObject({
      ok: true,
      request: { branch: null, pushed: { kind: "unknown" } },
    });
    expect(request("merge_group", { merge_group: { base_sha: a } })).toEqual(
      badPayload("merge_group.head_sha", { kind: "missing" }),
    );
    expect(request("merge_group", { merge_group: [1] })).toEqual(
      badPayload("merge_group.base_sha", { kind: "no-parent", parent: "merge_group", found: [1] }),
    );
    expect(request("merge_group", { merge_group: { base_sha: "../etc", head_sha: b } })).toEqual(
      badPayload("merge_group.base_sha", wrongSha("../etc")),
    );
  });
});

describe("a payload that is not JSON", () => {
  it("is a problem carrying the parser's message, for every event", () => {
    expect(githubRangeRequest("push", "{not json")).toEqual({
      ok: false,
      problem: {
        kind: "payload-not-json",
        detail: "Expected property name or '}' in JSON at position 1",
      },
    });
    expect(githubRangeRequest("pull_request", "")).toEqual({
      ok: false,
      problem: { kind: "payload-not-json", detail: "Unexpected end of JSON input" },
    });
  });

  it("never reads a field from the prototype a forged key would set", () => {
    const text = `{"__proto__": {"after": "${a}", "before": "${b}"}}`;
    expect(githubRangeRequest("push", text)).toEqual(badPayload("after", { kind: "missing" }));
  });
});

import { describe, expect, it } from "vitest";
import { ciEnvironment } from "../../../../test/support/ci-environment.js";
import type { CiEnvironment } from "./ci-environment.js";
import { recogniseCi } from "./recognise-ci.js";

const github = (variables: Partial<CiEnvironment>) =>
  ciEnvironment({ githubActions: true, ...variables });

describe("recogniseCi", () => {
  it("finds no CI when neither GITHUB_ACTIONS nor GITLAB_CI is true", () => {
    expect(recogniseCi(ciEnvironment({ githubEventName: "push" }))).toEqual({
      ok: false,
      problem: { kind: "no-ci" },
    });
  });

  it("recognises each GitHub event it reads, with its payload file", () => {
    for (const event of ["pull_request", "pull_request_target", "push", "merge_group"]) {
      expect(recogniseCi(github({ githubEventName: event, githubEventPath: "/e.json" }))).toEqual({
        ok: true,
        provider: "github",
        event,
        eventPath: "/e.json",
      });
    }
  });

  it("names GitHub's missing variables: the event first, then the payload file", () => {
    expect(recogniseCi(github({ githubEventPath: "/e.json" }))).toEqual({
      ok: false,
      problem: {
        kind: "missing-variable",
        provider: "github",
        variable: "GITHUB_EVENT_NAME",
        need: "event-name",
      },
    });
    expect(recogniseCi(github({ githubEventName: "push" }))).toEqual({
      ok: false,
      problem: {
        kind: "missing-variable",
        provider: "github",
        variable: "GITHUB_EVENT_PATH",
        need: "payload-file",
      },
    });
  });

  it("refuses a GitHub event it cannot read (workflow_dispatch, schedule, forged names)", () => {
    for (const event of ["workflow_dispatch", "schedule", "-x", "push "]) {
      expect(recogniseCi(github({ githubEventName: event, githubEventPath: "/e.json" }))).toEqual({
        ok: false,
        problem: {
          kind: "unsupported-event",
          provider: "github",
          variable: "GITHUB_EVENT_NAME",
          event,
          supported: ["pull_request", "pull_request_target", "push", "merge_group"],
        },
      });
    }
  });

  it("reads GitLab's pipeline sources, and names a missing or unsupported one", () => {
    const gitlab = (source: string | undefined) =>
      recogniseCi(ciEnvironment({ gitlabCi: true, gitlabPipelineSource: source }));
    for (const source of ["merge_request_event", "push", "web", "schedule", "api", "trigger"]) {
      expect(gitlab(source)).toEqual({ ok: true, provider: "gitlab" });
    }
    expect(gitlab(undefined)).toEqual({
      ok: false,
      problem: {
        kind: "missing-variable",
        provider: "gitlab",
        variable: "CI_PIPELINE_SOURCE",
        need: "pipeline-source",
      },
    });
    expect(gitlab("external_pull_request_event")).toEqual({
      ok: false,
      problem: {
        kind: "unsupported-event",
        provider: "gitlab",
        variable: "CI_PIPELINE_SOURCE",
        event: "external_pull_request_event",
        supported: ["merge_request_event", "push", "web", "schedule", "api", "trigger"],
      },
    });
  });

  it("takes GitHub first when both CIs say they run", () => {
    const both = ciEnvironment({
      githubActions: true,
      gitlabCi: true,
      gitlabPipelineSource: "push",
    });
    expect(recogniseCi(both)).toMatchObject({ ok: false, problem: { provider: "github" } });
  });
});

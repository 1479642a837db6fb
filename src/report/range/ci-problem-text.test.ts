import { describe, expect, it } from "vitest";
import type { PayloadFieldProblem } from "../../core/check/ci-event/range-request.js";
import { ciProblemText } from "./ci-problem-text.js";

const instead =
  "name the commits with --range <a>..<b> (e.g. --range origin/main..HEAD) or --base <ref> (e.g. --base origin/main)";
const file = "/run/event.json";

describe("ciProblemText", () => {
  it("words what the CI does not say", () => {
    expect(ciProblemText({ kind: "no-ci" }, null)).toBe(
      `--ci found no CI it knows: neither GITHUB_ACTIONS=true (GitHub Actions) nor GITLAB_CI=true (GitLab CI/CD) is set. Outside those, ${instead}.`,
    );
    expect(
      ciProblemText(
        {
          kind: "unsupported-event",
          provider: "gitlab",
          variable: "CI_PIPELINE_SOURCE",
          event: "chat",
          supported: ["push", "web"],
        },
        null,
      ),
    ).toBe(
      `--ci cannot tell which commits GitLab CI/CD's "chat" (CI_PIPELINE_SOURCE) brings; it reads push, web. For this one, ${instead}.`,
    );
    expect(
      ciProblemText(
        {
          kind: "missing-variable",
          provider: "github",
          variable: "GITHUB_EVENT_PATH",
          need: "payload-file",
        },
        null,
      ),
    ).toBe(
      `GITHUB_EVENT_PATH is not set, and --ci needs it on GitHub Actions: it names the event's payload file. Run it in a job the CI started, or ${instead}.`,
    );
    expect(
      ciProblemText(
        {
          kind: "bad-variable",
          provider: "gitlab",
          variable: "CI_COMMIT_SHA",
          value: "-x",
          expected: "commit-sha",
        },
        null,
      ),
    ).toBe(
      `CI_COMMIT_SHA is "-x", not a full commit SHA (40 or 64 hexadecimal digits). --ci reads the commits to check from it; ${instead}.`,
    );
  });

  it("words a payload that cannot be read, naming the file", () => {
    expect(ciProblemText({ kind: "unreadable-payload", reason: "ENOENT" }, file)).toBe(
      "cannot read the GitHub event payload /run/event.json (GITHUB_EVENT_PATH): ENOENT. --ci reads the commits to check from it: run it in the job GitHub started, or name the commits with --range or --base.",
    );
    expect(
      ciProblemText({ kind: "payload-not-json", detail: "Unexpected end of JSON input" }, file),
    ).toBe(
      "the GitHub event payload /run/event.json (GITHUB_EVENT_PATH) is not valid JSON (Unexpected end of JSON input). --ci reads the commits to check from it; name them with --range or --base instead.",
    );
  });

  it("words a payload field: missing, where its path stops, or what it is instead", () => {
    const field = (problem: PayloadFieldProblem) =>
      ciProblemText({ kind: "bad-payload", field: "pull_request.base.sha", problem }, file);
    const prefix = "the GitHub event payload /run/event.json: pull_request.base.sha";
    const suffix = `. --ci reads the commits to check from it; ${instead}.`;
    expect(field({ kind: "missing" })).toBe(`${prefix} is missing${suffix}`);
    expect(field({ kind: "no-parent", parent: "", found: null })).toBe(
      `${prefix} is missing (the payload is null, not a JSON object)${suffix}`,
    );
    expect(field({ kind: "no-parent", parent: "pull_request", found: undefined })).toBe(
      `${prefix} is missing (the payload has no pull_request)${suffix}`,
    );
    expect(field({ kind: "no-parent", parent: "pull_request.base", found: 7 })).toBe(
      `${prefix} is missing (pull_request.base is number 7, not an object)${suffix}`,
    );
    expect(field({ kind: "wrong-value", found: [1], expected: "commit-sha" })).toBe(
      `${prefix} is an array, not a full commit SHA (40 or 64 hexadecimal digits)${suffix}`,
    );
    expect(field({ kind: "wrong-value", found: { a: 1 }, expected: "branch-name" })).toBe(
      `${prefix} is an object, not a branch name${suffix}`,
    );
    expect(field({ kind: "wrong-value", found: "x".repeat(81), expected: "commit-sha" })).toBe(
      `${prefix} is "${"x".repeat(80)}…", not a full commit SHA (40 or 64 hexadecimal digits)${suffix}`,
    );
  });
});

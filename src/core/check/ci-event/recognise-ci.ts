/**
 * Which commits a CI run should check, decided from the CI's own facts: its environment variables
 * and, on GitHub Actions, the event payload. This entry recognises the CI; github.ts and gitlab.ts
 * read each one's event. Pure: the caller reads the environment (src/environment.ts) and the
 * payload file, and resolves the answer against the clone with git. Nothing here asks a hosting
 * API: every SHA comes from the run itself.
 */

import type { CiEnvironment } from "./ci-environment.js";
import { type GithubEvent, githubEvents } from "./github.js";
import { gitlabPipelineSources } from "./gitlab.js";
import { type CiProblem, missingVariable } from "./range-request.js";

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
    if (event === undefined) return missingVariable("github", "GITHUB_EVENT_NAME", "event-name");
    if (!isOneOf(githubEvents, event)) {
      return unsupported("github", "GITHUB_EVENT_NAME", event, githubEvents);
    }
    if (ci.githubEventPath === undefined) {
      return missingVariable("github", "GITHUB_EVENT_PATH", "payload-file");
    }
    return { ok: true, provider: "github", event, eventPath: ci.githubEventPath };
  }
  if (ci.gitlabCi) {
    const source = ci.gitlabPipelineSource;
    if (source === undefined) {
      return missingVariable("gitlab", "CI_PIPELINE_SOURCE", "pipeline-source");
    }
    if (!isOneOf(gitlabPipelineSources, source)) {
      return unsupported("gitlab", "CI_PIPELINE_SOURCE", source, gitlabPipelineSources);
    }
    return { ok: true, provider: "gitlab" };
  }
  return { ok: false, problem: { kind: "no-ci" } };
}

function isOneOf<T extends string>(names: readonly T[], name: string): name is T {
  return (names as readonly string[]).includes(name);
}

function unsupported(
  provider: "github" | "gitlab",
  variable: string,
  event: string,
  supported: readonly string[],
): CiStart {
  return {
    ok: false,
    problem: { kind: "unsupported-event", provider, variable, event, supported },
  };
}

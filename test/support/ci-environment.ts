import type { CiEnvironment } from "../../src/core/check/ci-event/ci-environment.js";

/** A CI environment with nothing set but `variables`. */
export function ciEnvironment(variables: Partial<CiEnvironment> = {}): CiEnvironment {
  return {
    githubActions: false,
    githubEventName: undefined,
    githubEventPath: undefined,
    githubSha: undefined,
    githubStepSummary: undefined,
    gitlabCi: false,
    gitlabPipelineSource: undefined,
    gitlabMergeRequestDiffBaseSha: undefined,
    gitlabMergeRequestTargetBranchName: undefined,
    gitlabMergeRequestSourceBranchSha: undefined,
    gitlabCommitSha: undefined,
    gitlabCommitBeforeSha: undefined,
    gitlabDefaultBranch: undefined,
    gitlabCommitBranch: undefined,
    gitlabCommitTag: undefined,
    ...variables,
  };
}

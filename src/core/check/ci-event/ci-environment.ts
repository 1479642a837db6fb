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

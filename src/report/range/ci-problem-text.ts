import type {
  CiProblem,
  CiProvider,
  CiValueKind,
  CiVariableNeed,
  PayloadFieldProblem,
} from "../../core/check/ci-event/range-request.js";

const instead =
  "name the commits with --range <a>..<b> (e.g. --range origin/main..HEAD) or --base <ref> (e.g. --base origin/main)";

/**
 * Why `check --ci` cannot tell which commits to check, for the user. `payloadFile`: the GitHub
 * event payload file (GITHUB_EVENT_PATH), once the run is known to be on GitHub Actions.
 */
export function ciProblemText(problem: CiProblem, payloadFile: string | null): string {
  switch (problem.kind) {
    case "no-ci":
      return `--ci found no CI it knows: neither GITHUB_ACTIONS=true (GitHub Actions) nor GITLAB_CI=true (GitLab CI/CD) is set. Outside those, ${instead}.`;
    case "unsupported-event":
      return `--ci cannot tell which commits ${providerPossessive(problem.provider)} ${JSON.stringify(problem.event)} (${problem.variable}) brings; it reads ${problem.supported.join(", ")}. For this one, ${instead}.`;
    case "missing-variable":
      return `${problem.variable} is not set, and --ci needs it on ${providerName(problem.provider)}: ${needText[problem.need]}. Run it in a job the CI started, or ${instead}.`;
    case "bad-variable":
      return `${problem.variable} is ${JSON.stringify(problem.value)}, not ${expectedText[problem.expected]}. --ci reads the commits to check from it; ${instead}.`;
    case "unreadable-payload":
      return `cannot read the GitHub event payload ${namedPayload(payloadFile)}: ${problem.reason}. --ci reads the commits to check from it: run it in the job GitHub started, or name the commits with --range or --base.`;
    case "payload-not-json":
      return `the GitHub event payload ${namedPayload(payloadFile)} is not valid JSON (${problem.detail}). --ci reads the commits to check from it; name them with --range or --base instead.`;
    case "bad-payload":
      return `the GitHub event payload ${payloadFile ?? "(GITHUB_EVENT_PATH)"}: ${problem.field} ${fieldProblemText(problem.problem)}. --ci reads the commits to check from it; ${instead}.`;
  }
}

const needText: Record<CiVariableNeed, string> = {
  "event-name": "it names the event that started the run",
  "payload-file": "it names the event's payload file",
  "pipeline-source": "it names what started the pipeline",
  "set-for-source": "GitLab sets it for this pipeline source",
  "no-previous-commit":
    "a pipeline with no previous commit (CI_COMMIT_BEFORE_SHA all zeros) checks the commits not on the default branch",
  "target-branch-tip":
    "a merge request lands on its target branch's tip, where the rules in force start",
};

const expectedText: Record<CiValueKind, string> = {
  "commit-sha": "a full commit SHA (40 or 64 hexadecimal digits)",
  "branch-name": "a branch name",
};

function namedPayload(file: string | null): string {
  return file === null ? "(GITHUB_EVENT_PATH)" : `${file} (GITHUB_EVENT_PATH)`;
}

/** Said after the field's dotted path: "is missing (the payload has no pull_request)". */
function fieldProblemText(problem: PayloadFieldProblem): string {
  switch (problem.kind) {
    case "missing":
      return "is missing";
    case "no-parent": {
      const why =
        problem.parent === ""
          ? `the payload is ${describe(problem.found)}, not a JSON object`
          : problem.found === undefined
            ? `the payload has no ${problem.parent}`
            : `${problem.parent} is ${describe(problem.found)}, not an object`;
      return `is missing (${why})`;
    }
    case "wrong-value":
      return `is ${describe(problem.found)}, not ${expectedText[problem.expected]}`;
  }
}

/** A JSON value, short: a string quoted (cut at 80 characters), a number, "an object", … */
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

function providerName(provider: CiProvider): string {
  return provider === "github" ? "GitHub Actions" : "GitLab CI/CD";
}

/** "GitHub Actions'", "GitLab CI/CD's". */
function providerPossessive(provider: CiProvider): string {
  const name = providerName(provider);
  return name.endsWith("s") ? `${name}'` : `${name}'s`;
}

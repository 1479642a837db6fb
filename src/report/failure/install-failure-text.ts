import type { InstallFailure } from "../../core/failure/install-failure.js";

/** The words for wiring intentguard in that would lose what is there. */
export function installFailureText(failure: InstallFailure): string {
  switch (failure.kind) {
    case "hook-chain-taken": {
      const { file, chained } = failure;
      return `Both ${file} and ${chained} exist, and ${file} is not intentguard's. Merge them into one hook (or remove ${chained}), then run intentguard install again.`;
    }
    case "agent-config-not-json":
      return `${failure.file} is not valid JSON (${failure.parser}), so intentguard cannot merge its hooks into it without losing yours. Fix the file (comments are not JSON), then run the command again.`;
    case "agent-config-not-object":
      return `${failure.file} is not a JSON object; fix it, then run the command again.`;
    case "agent-config-refused":
      return `${failure.file} cannot take intentguard's hooks: its ${failure.problem.field} field is not ${failure.problem.expected === "list" ? "a list" : "an object"}. Fix it (it must be the agent's JSON configuration), then run intentguard agent install ${failure.agent} again.`;
    case "manifest-not-editable":
      return `${failure.file} is not a package manifest intentguard can edit (not valid JSON, or "scripts" is not an object), so its prepare script was not added and the hooks were not installed. Fix the file, then run intentguard init again.`;
    case "package-outside-repo":
      return `The husky hooks in this repository are committed and shared, so they must name intentguard by a path inside the repository, and this intentguard runs from ${failure.packageRoot}, outside it. Install it as a development dependency of the project (npm install --save-dev intentguard, or from a tarball or checkout as the README says), then run npx intentguard install from the repository.`;
  }
}

import type { GateFailure } from "../../core/failure/gate-failure.js";
import { intentsFilePath } from "../../core/governance/governance-files.js";
import { printable } from "../text/messages.js";

/**
 * The words for a judgement that cannot start; `agent` when an agent's tool runs intentguard,
 * which is never told to skip the hooks.
 */
export function gateFailureText(failure: GateFailure, command: string, agent = false): string {
  switch (failure.kind) {
    case "no-governance":
      return (
        `This repository has no ${intentsFilePath}, neither committed nor staged, so intentguard cannot tell which intents may commit. ` +
        `Run \`${command} init\` to create it, then commit it (the adoption commit); ${agent ? "an agent asks the person it works for, who decides" : "or skip the hooks for one command with INTENTGUARD=0"}.`
      );
    case "path-outside-repo":
      return `${JSON.stringify(failure.path)} is not a path inside the repository at ${failure.root}. Give paths to files or directories inside it.`;
    case "unknown-agent": {
      const { name } = failure;
      const what =
        name === undefined
          ? "needs an agent"
          : `${JSON.stringify(name)} is not an agent intentguard knows`;
      return `${what}: one of ${failure.known.join(", ")} (as ${command} agent install writes it).`;
    }
    case "judged-from-unknown":
      return `the server's git config intentguard.judgedFrom is ${JSON.stringify(failure.judgedFrom)}, which names no commit in this repository, so intentguard cannot tell which history to leave unjudged and refuses the push. Set it to a commit the repository has (git config intentguard.judgedFrom <sha>), or unset it.`;
    case "commondir-planted":
      return `${failure.file} points git at another repository's common directory (${failure.points}): git makes that file only in a linked work tree's git directory, so in a main work tree's .git it was planted, and git would take its hooks, refs and configuration from there. Nothing is judged until it is gone: ${agent ? "tell the person you work for, who removes it" : "remove it"}, then run ${command} doctor.`;
    case "ref-updates-missing":
      return 'pre-receive read no "<old-id> <new-id> <ref>" line on its standard input, where git writes one for every ref a push updates (and runs the hook only when there is one), so intentguard cannot tell what the push would change and refuses it. A wrapper in front of the hook (a server hook manager, a script that runs it by hand) must pass git\'s standard input through unchanged.';
    case "ref-update-unreadable":
      return `line ${failure.line} of what pre-receive read on its standard input is "${printable(failure.text.slice(0, 200))}", not "<old-id> <new-id> <ref>" as git writes one for every ref a push updates, so intentguard cannot tell what the push would change and refuses it. git gives pre-receive these lines itself: a wrapper in front of the hook (a server hook manager, a script that runs it by hand) must pass git's standard input through unchanged.`;
  }
}

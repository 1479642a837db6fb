import path from "node:path";
import { shellQuote } from "../core/text/shell-quote.js";
import type { Repo } from "../git/repo.js";
import { packageDirInRepo, packageRoot } from "./package-root.js";

/**
 * How a hook that failed to run says so: exit 2 with a message on stderr (the agents that block
 * on exit 2), or a deny the agent reads on stdout (those that block only on JSON).
 */
export type HookFailure = { kind: "exit" } | { kind: "json"; deny: (message: string) => unknown };

const failureMessage =
  "intentguard: the agent hook could not run (node, git or the intentguard package is missing here: run npm ci in the project), so the tool call is denied.";

/**
 * The shell command an agent's configuration runs. The configuration is committed, so it names
 * the package by a path every clone has: the main work tree's (`git rev-parse --git-common-dir`,
 * which linked work trees share) plus the package's place in it — a package outside the
 * repository only by its absolute path. Its answers are exit 0 and 2 (exit codes) or
 * exit 0 (JSON); anything else (no node, no package, a crash) becomes a deny in the agent's
 * blocking form.
 */
export function agentHookCommand(repo: Repo, agent: string, failure: HookFailure): string {
  const packageDir = packageDirInRepo(repo);
  const cli =
    packageDir === null
      ? shellQuote(path.join(packageRoot(), "dist", "agent-hook.cjs"))
      : `"$(git rev-parse --path-format=absolute --git-common-dir)"/../${shellQuote(packageDir === "." ? "dist/agent-hook.cjs" : `${packageDir}/dist/agent-hook.cjs`)}`;
  const run = `node ${cli} ${agent}; s=$?`;
  // A node that never started left the payload unread: read it (builtins only), so the agent
  // writing it gets no broken pipe before it reads the answer.
  const drain = "while IFS= read -r ig_; do :; done";
  if (failure.kind === "exit") {
    return `${run}; [ "$s" = 0 ] || [ "$s" = 2 ] || { ${drain}; echo ${shellQuote(failureMessage)} >&2; exit 2; }; exit "$s"`;
  }
  const deny = shellQuote(JSON.stringify(failure.deny(failureMessage)));
  return `${run}; [ "$s" = 0 ] || { ${drain}; echo ${deny}; }; exit 0`;
}

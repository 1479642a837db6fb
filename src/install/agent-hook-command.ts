import path from "node:path";
import { agentHookDeadline } from "../core/agent/agent-hook-deadline.js";
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

const deadlineMessage = `intentguard: the agent hook did not answer within ${agentHookDeadline} s (something it reads waits for ever: a FIFO or a device where git keeps a file, a hung git), so the tool call is denied. Run intentguard doctor in the repository.`;

/**
 * The shell command an agent's configuration runs. The configuration is committed, so it names
 * the package by a path every clone has: the work tree's own top level, else the main work tree's
 * (`git rev-parse --git-common-dir`, which linked work trees share), plus the package's place in
 * it — a package outside the repository only by its absolute path. Its answers are exit 0 and 2 (exit codes) or
 * exit 0 (JSON); anything else (no node, no package, a crash) becomes a deny in the agent's
 * blocking form. The deadline is kept here, outside anything that could block: coreutils'
 * `timeout` stops node (and the git it started: its process group) after agentHookDeadline
 * seconds, exit 124 (TERM, which ends a process blocked in a read; KILL 2 s later); where there is
 * none (macOS), node runs in the background (its stdin handed over through fd 3, as an
 * asynchronous command's own is /dev/null) under a watchdog that kills it, exit 137, stopped as
 * soon as node answers. A hook stopped either way is a deny.
 */
export function agentHookCommand(repo: Repo, agent: string, failure: HookFailure): string {
  const packageDir = packageDirInRepo(repo);
  // The package's path is found inside what the deadline covers (git reads the repository's
  // files, which may be FIFOs), with git's stdin and stderr off the agent's pipes.
  let find = "";
  let cli = shellQuote(path.join(packageRoot(), "dist", "agent-hook.cjs"));
  if (packageDir !== null) {
    // The work tree's own copy first (its top level is where its `.git` is, whatever that names);
    // the main work tree's through the common directory only where it has none (a linked work
    // tree without node_modules): a `commondir` file planted in `.git` moves only the latter.
    const bundle = shellQuote(
      packageDir === "." ? "dist/agent-hook.cjs" : `${packageDir}/dist/agent-hook.cjs`,
    );
    const git = "</dev/null 2>/dev/null";
    find = `ig_d="$(git rev-parse --show-toplevel ${git})"; [ -f "$ig_d"/${bundle} ] || ig_d="$(git rev-parse --path-format=absolute --git-common-dir ${git})/.."; `;
    cli = `"$ig_d"/${bundle}`;
  }
  const node = `ig_run=${shellQuote(`${find}exec node ${cli} ${agent}`)}`;
  const watchdog = `(trap 'kill $ig_s 2>/dev/null; exit 0' TERM; sleep ${agentHookDeadline} & ig_s=$!; wait $ig_s && kill -9 $ig_p) </dev/null >/dev/null 2>&1 3<&- &`;
  const run = `${node}; if command -v timeout >/dev/null 2>&1; then timeout -k 2 ${agentHookDeadline} sh -c "$ig_run"; s=$?; else exec 3<&0; sh -c "$ig_run" 0<&3 3<&- & ig_p=$!; ${watchdog} ig_w=$!; wait $ig_p 2>/dev/null; s=$?; kill $ig_w 2>/dev/null; fi`;
  // A node that never started left the payload unread: read it (builtins only), so the agent
  // writing it gets no broken pipe before it reads the answer.
  const drain = "while IFS= read -r ig_; do :; done";
  const why = (say: (message: string) => string) =>
    `if [ "$s" = 124 ] || [ "$s" = 137 ]; then ${say(deadlineMessage)}; else ${say(failureMessage)}; fi`;
  if (failure.kind === "exit") {
    const say = (message: string) => `echo ${shellQuote(message)} >&2`;
    return `${run}; [ "$s" = 0 ] || [ "$s" = 2 ] || { ${drain}; ${why(say)}; exit 2; }; exit "$s"`;
  }
  const say = (message: string) => `echo ${shellQuote(JSON.stringify(failure.deny(message)))}`;
  return `${run}; [ "$s" = 0 ] || { ${drain}; ${why(say)}; }; exit 0`;
}

import { systemClock } from "../../clock.js";
import type { Environment } from "../../environment.js";
import type { Repo } from "../../git/repo.js";
import { appendLedgerEvent } from "../../ledger/ledger.js";
import { hookErrorMessage } from "../../report/text/messages.js";

/**
 * Reports a failure of a hook that must not fail (the commit or rewrite already happened): one
 * line on stderr that says what is left untraced and how to see it, and a hook_error event.
 */
export async function reportHookError(
  repo: Repo | null,
  env: Environment,
  hook: string,
  commit: string | null,
  error: unknown,
): Promise<void> {
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(hookErrorMessage(hook, commit, message));
  if (env.debug && error instanceof Error) process.stderr.write(`${error.stack}\n`);
  if (!repo) return;
  try {
    await appendLedgerEvent(repo, systemClock, { event: "hook_error", hook, commit, message });
  } catch {
    // The ledger itself is what failed: stderr has said it all.
  }
}

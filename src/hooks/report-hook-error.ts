import type { Repo } from "../git/repo.js";
import { appendLedgerEvent } from "../ledger/ledger.js";

/**
 * Reports a failure of a hook that must not fail (the commit or rewrite already happened): one
 * line on stderr that says what is left untraced and how to see it, and a hook_error event.
 */
export async function reportHookError(
  repo: Repo | null,
  hook: string,
  commit: string | null,
  error: unknown,
): Promise<void> {
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(
    `intentguard: ${hook} could not record the trace of ${commit ?? "the commit"} (${message.split("\n")[0]}). The commit stands; intentguard trace verify lists it as untraced.\n`,
  );
  if (process.env.INTENTGUARD_DEBUG === "1" && error instanceof Error)
    process.stderr.write(`${error.stack}\n`);
  if (!repo) return;
  try {
    await appendLedgerEvent(repo, { event: "hook_error", hook, commit, message });
  } catch {
    // The ledger itself is what failed: stderr has said it all.
  }
}

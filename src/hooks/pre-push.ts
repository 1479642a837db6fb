import { ExitCode } from "../errors.js";
import { locateRepo } from "../git/repo.js";
import { pushNotes } from "../trace/sync-notes.js";

/**
 * pre-push ($1: the remote): pushes the trace notes to the same remote, without forcing, merging
 * the remote's first when they diverged. It never blocks the user's push: a failure is said on
 * stderr, with the command that retries it.
 */
export async function run(args: string[]): Promise<ExitCode> {
  const [remote] = args;
  if (!remote) return ExitCode.Ok;
  try {
    const result = await pushNotes(await locateRepo(), remote);
    if (!result.ok) {
      process.stderr.write(
        `intentguard: ${result.message}. Your push goes on; retry the traces with: intentguard trace push ${remote}\n`,
      );
    }
  } catch (error) {
    process.stderr.write(
      `intentguard: could not push the trace notes (${(error as Error).message}). Your push goes on; retry with: intentguard trace push ${remote}\n`,
    );
  }
  return ExitCode.Ok;
}

import { systemClock } from "../../clock.js";
import { notesRef } from "../../core/trace/notes-ref.js";
import { notesSyncFailed } from "../../core/trace/notes-sync.js";
import type { Environment } from "../../environment.js";
import { ExitCode } from "../../errors.js";
import { locateRepo } from "../../git/repo.js";
import { notesNotPushedMessage, notesPushFailedMessage } from "../../report/text/messages.js";
import { notesSyncText } from "../../report/trace/notes-sync-text.js";
import { pushNotes } from "../../trace/sync-notes.js";
import { readStdin } from "./ref-updates.js";

/**
 * pre-push ($1: the remote): pushes the trace notes to the same remote, without forcing, merging
 * the remote's first when they diverged. It never blocks the user's push: a failure is said on
 * stderr, with the command that retries it.
 */
export async function run(args: string[], env: Environment): Promise<ExitCode> {
  const [remote] = args;
  if (!remote) return ExitCode.Ok;
  // git's lines, `<local ref> <local id> <remote ref> <remote id>`: a push that updates the notes
  // itself (git push <remote> refs/notes/intentguard, --mirror) carries them; pushing them
  // first would make git's own update of the ref fail.
  const pushed = (await readStdin()).split("\n").map((line) => line.split(" ")[2]);
  if (pushed.includes(notesRef)) return ExitCode.Ok;
  try {
    const result = await pushNotes(await locateRepo(env.cwd), systemClock, remote);
    if (notesSyncFailed(result)) {
      process.stderr.write(notesNotPushedMessage(notesSyncText(result), remote, env.command));
    }
  } catch (error) {
    process.stderr.write(notesPushFailedMessage((error as Error).message, remote, env.command));
  }
  return ExitCode.Ok;
}

import { systemClock } from "../../clock.js";
import type { Clock } from "../../core/clock.js";
import { type NotesSync, notesSyncFailed } from "../../core/trace/notes-sync.js";
import { ExitCode, IntentguardError, UsageError } from "../../errors.js";
import { defaultRemote } from "../../git/notes-remote.js";
import { locateRepo, type Repo } from "../../git/repo.js";
import { startsLikeOption } from "../../git/revisions.js";
import { badRemoteMessage } from "../../report/text/messages.js";
import { notesSyncText } from "../../report/trace/notes-sync-text.js";
import type { CommandInput } from "./command.js";

/**
 * `trace push` and `trace fetch`: the remote named, else the default one, refused before git sees
 * it when git would read it as an option ("--receive-pack=…", "--upload-pack=…"); then `sync`,
 * its outcome said on stdout, a failure with exit 2.
 */
export async function runNotesSync(
  { positionals, env }: CommandInput,
  command: "trace push" | "trace fetch",
  sync: (repo: Repo, clock: Clock, remote: string) => Promise<NotesSync>,
): Promise<ExitCode> {
  const repo = await locateRepo(env.cwd);
  const remote = positionals[0] ?? (await defaultRemote(repo.root));
  if (remote.trim() === "" || startsLikeOption(remote)) {
    throw new UsageError(badRemoteMessage(remote, command), command);
  }
  const result = await sync(repo, systemClock, remote);
  if (notesSyncFailed(result)) throw new IntentguardError(notesSyncText(result));
  process.stdout.write(`intentguard: ${notesSyncText(result)}\n`);
  return ExitCode.Ok;
}

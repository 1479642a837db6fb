import { systemClock } from "../clock.js";
import { ExitCode, IntentguardError, UsageError } from "../errors.js";
import { defaultRemote } from "../git/notes-remote.js";
import { locateRepo } from "../git/repo.js";
import { startsLikeOption } from "../git/revisions.js";
import { badRemoteMessage } from "../report/text/messages.js";
import { notesSyncText } from "../report/trace/notes-sync-text.js";
import { pushNotes } from "../trace/sync-notes.js";
import type { CommandInput } from "./support/command.js";

/** Pushes refs/notes/intentguard (merging the remote's first when they diverged). */
export async function run({ positionals, env }: CommandInput): Promise<ExitCode> {
  const repo = await locateRepo(env.cwd);
  const remote = positionals[0] ?? (await defaultRemote(repo.root));
  // Checked before git sees it: git push would read "--receive-pack=…" as an option.
  if (remote.trim() === "" || startsLikeOption(remote)) {
    throw new UsageError(badRemoteMessage(remote, "trace push"), "trace push");
  }
  const result = await pushNotes(repo, systemClock, remote);
  if (result.kind === "failed") throw new IntentguardError(notesSyncText(result));
  process.stdout.write(`intentguard: ${notesSyncText(result)}\n`);
  return ExitCode.Ok;
}

import { systemClock } from "../clock.js";
import { ExitCode, IntentguardError, UsageError } from "../errors.js";
import { defaultRemote } from "../git/notes-remote.js";
import { locateRepo } from "../git/repo.js";
import { startsLikeOption } from "../git/revisions.js";
import { badRemoteMessage } from "../report/text/messages.js";
import { notesSyncText } from "../report/trace/notes-sync-text.js";
import { fetchNotes } from "../trace/sync-notes.js";
import type { CommandInput } from "./support/command.js";

/** Fetches a remote's refs/notes/intentguard and merges it into ours, keeping both sides. */
export async function run({ positionals, env }: CommandInput): Promise<ExitCode> {
  const repo = await locateRepo(env.cwd);
  const remote = positionals[0] ?? (await defaultRemote(repo.root));
  // Checked before git sees it: git fetch would read "--upload-pack=…" as an option.
  if (remote.trim() === "" || startsLikeOption(remote)) {
    throw new UsageError(badRemoteMessage(remote, "trace fetch"), "trace fetch");
  }
  const result = await fetchNotes(repo, systemClock, remote);
  if (result.kind === "failed") throw new IntentguardError(notesSyncText(result));
  process.stdout.write(`intentguard: ${notesSyncText(result)}\n`);
  return ExitCode.Ok;
}

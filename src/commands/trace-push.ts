import { ExitCode, IntentguardError } from "../errors.js";
import { defaultRemote } from "../git/notes-remote.js";
import { locateRepo } from "../git/repo.js";
import { pushNotes } from "../trace/sync-notes.js";
import type { CommandInput } from "./command.js";

/** Pushes refs/notes/intentguard (merging the remote's first when they diverged). */
export async function run({ positionals, env }: CommandInput): Promise<ExitCode> {
  const repo = await locateRepo(env.cwd);
  const result = await pushNotes(repo, positionals[0] ?? (await defaultRemote(repo.root)));
  if (!result.ok) throw new IntentguardError(result.message);
  process.stdout.write(`intentguard: ${result.message}\n`);
  return ExitCode.Ok;
}

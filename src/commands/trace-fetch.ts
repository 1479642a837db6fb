import { ExitCode, IntentguardError } from "../errors.js";
import { defaultRemote } from "../git/notes-remote.js";
import { locateRepo } from "../git/repo.js";
import { fetchNotes } from "../trace/sync-notes.js";
import type { CommandInput } from "./command.js";

/** Fetches a remote's refs/notes/intentguard and merges it into ours, keeping both sides. */
export async function run({ positionals, env }: CommandInput): Promise<ExitCode> {
  const repo = await locateRepo(env.cwd);
  const result = await fetchNotes(repo, positionals[0] ?? (await defaultRemote(repo.root)));
  if (!result.ok) throw new IntentguardError(result.message);
  process.stdout.write(`intentguard: ${result.message}\n`);
  return ExitCode.Ok;
}

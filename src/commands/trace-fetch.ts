import type { CommandInput } from "../cli/command.js";
import { ExitCode } from "../errors.js";
import { locateRepo } from "../git/repo.js";
import { defaultRemote, fetchNotes } from "../trace/sync-notes.js";

/** Fetches a remote's refs/notes/intentguard and merges it into ours, keeping both sides. */
export async function run({ positionals }: CommandInput): Promise<ExitCode> {
  const repo = await locateRepo();
  const result = await fetchNotes(repo, positionals[0] ?? (await defaultRemote()));
  process.stdout.write(`intentguard: ${result.message}\n`);
  return result.ok ? ExitCode.Ok : ExitCode.CannotEvaluate;
}

import type { CommandInput } from "../cli/command.js";
import { ExitCode } from "../errors.js";
import { locateRepo } from "../git/repo.js";
import { defaultRemote, pushNotes } from "../trace/sync-notes.js";

/** Pushes refs/notes/intentguard (merging the remote's first when they diverged). */
export async function run({ positionals }: CommandInput): Promise<ExitCode> {
  const repo = await locateRepo();
  const result = await pushNotes(repo, positionals[0] ?? (await defaultRemote()));
  process.stdout.write(`intentguard: ${result.message}\n`);
  return result.ok ? ExitCode.Ok : ExitCode.CannotEvaluate;
}

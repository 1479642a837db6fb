import type { ExitCode } from "../errors.js";
import { fetchNotes } from "../trace/sync-notes.js";
import type { CommandInput } from "./support/command.js";
import { runNotesSync } from "./support/sync-notes-command.js";

/** Fetches a remote's refs/notes/intentguard and merges it into ours, keeping both sides. */
export function run(input: CommandInput): Promise<ExitCode> {
  return runNotesSync(input, "trace fetch", fetchNotes);
}

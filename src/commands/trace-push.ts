import type { ExitCode } from "../errors.js";
import { pushNotes } from "../trace/sync-notes.js";
import type { CommandInput } from "./support/command.js";
import { runNotesSync } from "./support/sync-notes-command.js";

/** Pushes refs/notes/intentguard (merging the remote's first when they diverged). */
export function run(input: CommandInput): Promise<ExitCode> {
  return runNotesSync(input, "trace push", pushNotes);
}

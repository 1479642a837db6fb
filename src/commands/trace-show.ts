import { ExitCode, RefusedError, UsageError } from "../errors.js";
import { readNote } from "../git/notes.js";
import { resolveCommit } from "../git/revisions.js";
import { styleFor } from "../report/style.js";
import { formatTraceShow, traceShowJson } from "../report/trace-show.js";
import { parseNote } from "../trace/note-records.js";
import type { CommandInput } from "./command.js";

/** The trace record of one commit, pretty or `--json` (the note's records as a JSON array). */
export async function run({ values, positionals, env }: CommandInput): Promise<ExitCode> {
  const [rev = "HEAD"] = positionals;
  const commit = await resolveCommit(env.cwd, rev).catch(() => {
    throw new UsageError(
      `${JSON.stringify(rev)} is not a commit. Usage: intentguard trace show [<rev>] [--json]`,
      "trace show",
    );
  });
  const note = await readNote(env.cwd, commit);
  if (note === null) {
    throw new RefusedError(
      `${commit} has no trace record (untraced: made with hooks off, or before adoption, or its notes were not fetched: intentguard trace fetch).`,
    );
  }
  const lines = parseNote(note);
  process.stdout.write(
    values.json
      ? traceShowJson(lines)
      : formatTraceShow(lines, await styleFor(process.stdout, env.color)),
  );
  return ExitCode.Ok;
}

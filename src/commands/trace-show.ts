import { ExitCode, IntentguardError, RefusedError, UsageError } from "../errors.js";
import { readNote } from "../git/notes.js";
import { notesNotFetched } from "../git/notes-remote.js";
import { locateRepo } from "../git/repo.js";
import { resolveCommit, startsLikeOption } from "../git/revisions.js";
import { badRevisionMessage } from "../report/text/messages.js";
import { styleFor } from "../report/text/style.js";
import { formatTraceShow, traceShowJson } from "../report/trace/trace-show.js";
import { type UntracedReason, untracedCommitMessage } from "../report/trace/untraced.js";
import { commitsBeforeAdoption, headIsUnborn } from "../trace/commit-range.js";
import { noteLines } from "../trace/note-records.js";
import type { CommandInput } from "./support/command.js";

const usage = "intentguard trace show [<rev>] [--json]";

/**
 * The trace record of one commit, pretty or `--json` (the note's records as a JSON array). Each
 * line of the note is checked: one that is not a valid record of that commit is shown as such.
 */
export async function run({ values, positionals, env }: CommandInput): Promise<ExitCode> {
  const [rev = "HEAD"] = positionals;
  if (rev.trim() === "" || startsLikeOption(rev)) {
    throw new UsageError(badRevisionMessage(rev, usage), "trace show");
  }
  const repo = await locateRepo(env.cwd);
  const commit = await resolveCommit(repo.root, rev).catch(async () => {
    if (rev === "HEAD" && (await headIsUnborn(repo.root))) {
      throw new IntentguardError(
        `this branch has no commits yet, so HEAD has no trace to show. Make a commit first, or name one: ${usage}`,
      );
    }
    throw new UsageError(`${JSON.stringify(rev)} is not a commit. Usage: ${usage}`, "trace show");
  });
  const note = await readNote(repo.root, commit);
  if (note === null) {
    throw new RefusedError(
      untracedCommitMessage(commit, await whyUntraced(repo.root, commit), env.command),
    );
  }
  const lines = await noteLines(note, commit);
  process.stdout.write(
    values.json
      ? traceShowJson(lines)
      : formatTraceShow(lines, await styleFor(process.stdout, env.color)),
  );
  return ExitCode.Ok;
}

/**
 * Why a commit has no record, as far as this clone can tell: made before adoption (no record was
 * ever due, whatever is fetched), or a clone with no notes at all that could fetch the team's.
 */
async function whyUntraced(dir: string, commit: string): Promise<UntracedReason> {
  if ((await commitsBeforeAdoption(dir, commit)).has(commit)) return "before-adoption";
  return (await notesNotFetched(dir)) ? "notes-not-fetched" : "unknown";
}

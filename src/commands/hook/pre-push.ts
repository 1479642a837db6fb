import { pushedEscapes } from "../../agent/escapes.js";
import { systemClock } from "../../clock.js";
import { isObjectId } from "../../core/commit/object-id.js";
import { notesRef } from "../../core/trace/notes-ref.js";
import { notesSyncFailed } from "../../core/trace/notes-sync.js";
import type { Environment } from "../../environment.js";
import { ExitCode } from "../../errors.js";
import { locateRepo } from "../../git/repo.js";
import { notesNotPushedMessage, notesPushFailedMessage } from "../../report/text/messages.js";
import { notesSyncText } from "../../report/trace/notes-sync-text.js";
import { standingEscapesText } from "../../report/verdict/after-tool-findings.js";
import { pushNotes } from "../../trace/sync-notes.js";
import { readStdin } from "./ref-updates.js";

/**
 * pre-push ($1: the remote): refuses a push that sends a commit an agent's shell got past the
 * commit gate (an escape, src/agent/escapes.ts), until it is undone; otherwise pushes the trace
 * notes to the same remote, without forcing, merging the remote's first when they diverged. A
 * notes failure never blocks the user's push: it is said on stderr, with the command that retries.
 */
export async function run(args: string[], env: Environment): Promise<ExitCode> {
  const [remote] = args;
  if (!remote) return ExitCode.Ok;
  // git's lines, `<local ref> <local id> <remote ref> <remote id>`: a push that updates the notes
  // itself (git push <remote> refs/notes/intentguard, --mirror) carries them; pushing them
  // first would make git's own update of the ref fail.
  const lines = (await readStdin()).split("\n").map((line) => line.split(" "));
  const repo = await locateRepo(env.cwd);
  const sent = lines
    .filter(([, local]) => local !== undefined && isObjectId(local) && /[^0]/.test(local))
    .map(([, local, , remoteId]) => ({
      local: local as string,
      remote: remoteId && /[^0]/.test(remoteId) ? remoteId : null,
    }));
  const escaped = await pushedEscapes(repo, sent);
  if (escaped.length > 0) {
    process.stderr.write(`${standingEscapesText(escaped, env.agentProcess !== null)}\n`);
    return ExitCode.Blocked;
  }
  if (lines.some((line) => line[2] === notesRef)) return ExitCode.Ok;
  try {
    const result = await pushNotes(repo, systemClock, remote);
    if (notesSyncFailed(result)) {
      process.stderr.write(notesNotPushedMessage(notesSyncText(result), remote, env.command));
    }
  } catch (error) {
    process.stderr.write(notesPushFailedMessage((error as Error).message, remote, env.command));
  }
  return ExitCode.Ok;
}

import { GitError } from "../errors.js";
import { runGit } from "../git/exec.js";
import { notesRef, refTip, withNotesLock } from "../git/notes.js";
import type { Repo } from "../git/repo.js";

/** Where fetched notes land before they are merged into ours. */
const incomingRef = "refs/notes/intentguard-incoming";
const attempts = 3;

export interface SyncResult {
  ok: boolean;
  message: string;
}

/** Network git runs must never wait for a password prompt inside a hook. */
const networkEnv = { ...process.env, GIT_TERMINAL_PROMPT: "0" };

/**
 * Pushes our notes ref to `remote` without forcing. When the remote has notes we lack (someone
 * else pushed traces), fetches and merges them — keeping both sides' lines — and tries again, a
 * bounded number of times. Reports instead of throwing: the caller decides what a failure means.
 */
export async function pushNotes(repo: Repo, remote: string): Promise<SyncResult> {
  if ((await refTip(notesRef)) === null) return { ok: true, message: "no trace notes to push yet" };
  let last = "";
  for (let attempt = 1; attempt <= attempts; attempt++) {
    try {
      const refspec = `${notesRef}:${notesRef}`;
      await runGit(["push", "--no-verify", "--quiet", remote, refspec], { env: networkEnv });
      return { ok: true, message: `pushed ${notesRef} to ${remote}` };
    } catch (error) {
      if (!(error instanceof GitError)) throw error;
      last = error.stderr.trim();
      if (!/rejected|non-fast-forward|fetch first/.test(last)) break;
      const fetched = await fetchNotes(repo, remote);
      if (!fetched.ok) return fetched;
    }
  }
  const reason = last.split("\n").pop() ?? last;
  return { ok: false, message: `could not push ${notesRef} to ${remote}: ${reason}` };
}

/**
 * Fetches `remote`'s notes and merges them into ours with the cat_sort_uniq strategy: notes are
 * JSONL, so the union of both sides' lines is a valid note holding every record.
 */
export async function fetchNotes(repo: Repo, remote: string): Promise<SyncResult> {
  const refspec = `+${notesRef}:${incomingRef}`;
  try {
    await runGit(["fetch", "--quiet", "--no-tags", remote, refspec], { env: networkEnv });
  } catch (error) {
    if (!(error instanceof GitError)) throw error;
    if (/couldn't find remote ref/i.test(error.stderr)) {
      return { ok: true, message: `${remote} has no trace notes yet` };
    }
    const reason = error.stderr.trim();
    return { ok: false, message: `could not fetch ${notesRef} from ${remote}: ${reason}` };
  }
  try {
    const incoming = await refTip(incomingRef);
    if (incoming === null) return { ok: true, message: `${remote} has no trace notes yet` };
    await withNotesLock(repo, () => mergeIncoming(incoming));
    return { ok: true, message: `merged ${remote}'s trace notes into ${notesRef}` };
  } finally {
    await runGit(["update-ref", "-d", incomingRef], { okExitCodes: [1] });
  }
}

async function mergeIncoming(incoming: string): Promise<void> {
  if ((await refTip(notesRef)) === null) {
    await runGit(["update-ref", notesRef, incoming]);
    return;
  }
  await runGit([
    "notes",
    `--ref=${notesRef}`,
    "merge",
    "--quiet",
    "-s",
    "cat_sort_uniq",
    incomingRef,
  ]);
}

/** The current branch's remote, else origin. */
export async function defaultRemote(): Promise<string> {
  const branch = await runGit(["symbolic-ref", "-q", "--short", "HEAD"], { okExitCodes: [1] });
  const name = branch.stdout.toString("utf8").trim();
  if (name) {
    const remote = await runGit(["config", "--get", `branch.${name}.remote`], { okExitCodes: [1] });
    const configured = remote.stdout.toString("utf8").trim();
    if (configured) return configured;
  }
  return "origin";
}

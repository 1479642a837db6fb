import type { Clock } from "../core/clock.js";
import { notesRef } from "../core/trace/notes-ref.js";
import { withNotesLock } from "../git/notes.js";
import { deleteRef, fetchNotesRef, mergeNotesFrom, pushNotesRef } from "../git/notes-remote.js";
import type { Repo } from "../git/repo.js";
import { refTip } from "../git/revisions.js";

/** Where fetched notes land before they are merged into ours. */
const incomingRef = "refs/notes/intentguard-incoming";
const attempts = 3;

export interface SyncResult {
  ok: boolean;
  message: string;
}

/**
 * Pushes our notes ref to `remote` without forcing. When the remote has notes we lack (someone
 * else pushed traces), fetches and merges them — keeping both sides' lines — and tries again, a
 * bounded number of times. Reports instead of throwing: the caller decides what a failure means.
 */
export async function pushNotes(repo: Repo, clock: Clock, remote: string): Promise<SyncResult> {
  if ((await refTip(repo.root, notesRef)) === null) {
    return { ok: true, message: "no trace notes to push yet" };
  }
  let last = "";
  for (let attempt = 1; attempt <= attempts; attempt++) {
    const pushed = await pushNotesRef(repo.root, remote);
    if (pushed.ok) return { ok: true, message: `pushed ${notesRef} to ${remote}` };
    last = pushed.stderr;
    if (!/rejected|non-fast-forward|fetch first/.test(last)) break;
    const fetched = await fetchNotes(repo, clock, remote);
    if (!fetched.ok) return fetched;
  }
  const reason = last.split("\n").pop() ?? last;
  return { ok: false, message: `could not push ${notesRef} to ${remote}: ${reason}` };
}

/**
 * Fetches `remote`'s notes and merges them into ours with the cat_sort_uniq strategy: notes are
 * JSONL, so the union of both sides' lines is a valid note holding every record.
 */
export async function fetchNotes(repo: Repo, clock: Clock, remote: string): Promise<SyncResult> {
  const fetched = await fetchNotesRef(repo.root, remote, incomingRef);
  if (!fetched.ok) {
    if (/couldn't find remote ref/i.test(fetched.stderr)) {
      return { ok: true, message: `${remote} has no trace notes yet` };
    }
    return { ok: false, message: `could not fetch ${notesRef} from ${remote}: ${fetched.stderr}` };
  }
  try {
    const incoming = await refTip(repo.root, incomingRef);
    if (incoming === null) return { ok: true, message: `${remote} has no trace notes yet` };
    await withNotesLock(repo, clock, () => mergeNotesFrom(repo.root, incomingRef));
    return { ok: true, message: `merged ${remote}'s trace notes into ${notesRef}` };
  } finally {
    await deleteRef(repo.root, incomingRef);
  }
}

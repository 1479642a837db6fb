import type { Clock } from "../core/clock.js";
import { notesRef } from "../core/trace/notes-ref.js";
import { type NotesSync, notesSyncFailed } from "../core/trace/notes-sync.js";
import { commitIfPresent } from "../git/history-bounds.js";
import { withNotesLock } from "../git/notes.js";
import { deleteRef, fetchNotesRef, mergeNotesFrom, pushNotesRef } from "../git/notes-remote.js";
import type { Repo } from "../git/repo.js";
import { refTip } from "../git/revisions.js";

/** Where fetched notes land before they are merged into ours. */
const incomingRef = "refs/notes/intentguard-incoming";
const attempts = 3;

/**
 * Pushes our notes ref to `remote` without forcing. When the remote has notes we lack (someone
 * else pushed traces), fetches and merges them — keeping both sides' lines — and tries again, a
 * bounded number of times. Returns a failure instead of throwing: the caller decides what it means.
 */
export async function pushNotes(repo: Repo, clock: Clock, remote: string): Promise<NotesSync> {
  if ((await refTip(repo.root, notesRef)) === null) return { kind: "nothing-to-push" };
  let last = "";
  for (let attempt = 1; attempt <= attempts; attempt++) {
    const pushed = await pushNotesRef(repo.root, remote);
    if (pushed.ok) return { kind: "pushed", remote };
    last = pushed.stderr;
    if (!/rejected|non-fast-forward|fetch first/.test(last)) break;
    const fetched = await fetchNotes(repo, clock, remote);
    if (notesSyncFailed(fetched)) return fetched;
  }
  return { kind: "failed", action: "push", remote, gitSays: last };
}

/**
 * Fetches `remote`'s notes and merges them into ours with the cat_sort_uniq strategy: notes are
 * JSONL, so the union of both sides' lines is a valid note holding every record.
 */
export async function fetchNotes(repo: Repo, clock: Clock, remote: string): Promise<NotesSync> {
  const fetched = await fetchNotesRef(repo.root, remote, incomingRef);
  if (!fetched.ok) {
    if (/couldn't find remote ref/i.test(fetched.stderr))
      return { kind: "remote-has-none", remote };
    return { kind: "failed", action: "fetch", remote, gitSays: fetched.stderr };
  }
  try {
    const incoming = await refTip(repo.root, incomingRef);
    if (incoming === null) return { kind: "remote-has-none", remote };
    // git notes merge takes only a commit; a remote whose ref names a blob or tree is damaged.
    if ((await commitIfPresent(repo.root, incomingRef)) === null) {
      return { kind: "remote-notes-not-commit", remote };
    }
    await withNotesLock(repo, clock, () => mergeNotesFrom(repo, incomingRef));
    return { kind: "merged", remote };
  } finally {
    await deleteRef(repo.root, incomingRef);
  }
}

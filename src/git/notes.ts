import { mkdirSync } from "node:fs";
import path from "node:path";
import { notesRef } from "../core/trace/notes-ref.js";
import { GitError } from "../errors.js";
import { withFileLock } from "../fs/file-lock.js";
import { runGit } from "./exec.js";
import { readObjects } from "./read-objects.js";
import type { Repo } from "./repo.js";

const lockContention =
  /cannot lock ref|Unable to create '.*\.lock'|is at [0-9a-f]+ but expected|File exists/i;

/**
 * Serialises every update of our notes ref in this clone, across processes and linked work
 * trees. `git notes add` updates the ref without checking it still points where it read it, so
 * two commits at the same moment would otherwise lose one of their notes.
 */
export function withNotesLock<T>(repo: Repo, work: () => Promise<T>): Promise<T> {
  const directory = path.join(repo.commonDir, "intentguard");
  mkdirSync(directory, { recursive: true });
  return withFileLock(path.join(directory, "notes.lock"), work);
}

/**
 * Writes (replacing) a commit's note under the notes lock. Another tool holding git's own lock
 * on the ref makes git refuse: that is retried with backoff for up to ~5 s before giving up.
 */
export function writeNote(repo: Repo, commit: string, content: string): Promise<void> {
  return withNotesLock(repo, () => addNote(repo.root, commit, content));
}

async function addNote(dir: string, commit: string, content: string): Promise<void> {
  for (let attempt = 0, delay = 10; ; attempt++, delay = Math.min(delay * 2, 500)) {
    try {
      await runGit(dir, ["notes", `--ref=${notesRef}`, "add", "-f", "-F", "-", commit], {
        input: content,
      });
      return;
    } catch (error) {
      if (!(error instanceof GitError) || !lockContention.test(error.stderr) || attempt >= 15)
        throw error;
      await new Promise((resolve) =>
        setTimeout(resolve, delay + Math.floor(Math.random() * delay)),
      );
    }
  }
}

/**
 * The notes of `commits` (commit → note text), with two git processes whatever their number:
 * `git notes list` (names only), then one `cat-file --batch` for just the notes wanted, so a
 * short range does not read every note in the repository.
 */
export async function readNotes(
  dir: string,
  commits: Iterable<string>,
): Promise<Map<string, string>> {
  const { stdout, status } = await runGit(dir, ["notes", `--ref=${notesRef}`, "list"], {
    okExitCodes: [1],
  });
  const notes = new Map<string, string>();
  if (status !== 0) return notes; // no notes ref yet
  const wanted = new Set(commits);
  const pairs = stdout
    .toString("utf8")
    .split("\n")
    .map((line) => line.split(" "))
    .filter((pair): pair is [string, string] => pair.length === 2 && wanted.has(pair[1] ?? ""));
  const blobs = await readObjects(
    dir,
    pairs.map(([blob]) => blob),
  );
  for (const [blob, commit] of pairs) {
    const object = blobs.get(blob);
    if (object) notes.set(commit, object.content.toString("utf8"));
  }
  return notes;
}

/** One commit's note, or null when it has none. */
export async function readNote(dir: string, commit: string): Promise<string | null> {
  const { stdout, status } = await runGit(dir, ["notes", `--ref=${notesRef}`, "show", commit], {
    okExitCodes: [1],
  });
  return status === 0 ? stdout.toString("utf8") : null;
}

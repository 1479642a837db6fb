import { mkdirSync } from "node:fs";
import path from "node:path";
import { GitError } from "../errors.js";
import { withFileLock } from "../fs/file-lock.js";
import { gitText, runGit } from "./exec.js";
import { readObjects } from "./read-objects.js";
import type { Repo } from "./repo.js";

/** The shared trace: one note per commit, JSONL, pushed with the branch. */
export const notesRef = "refs/notes/intentguard";

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
  return withNotesLock(repo, () => addNote(commit, content));
}

async function addNote(commit: string, content: string): Promise<void> {
  for (let attempt = 0, delay = 10; ; attempt++, delay = Math.min(delay * 2, 500)) {
    try {
      await runGit(["notes", `--ref=${notesRef}`, "add", "-f", "-F", "-", commit], {
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
export async function readNotes(commits: Iterable<string>): Promise<Map<string, string>> {
  const { stdout, status } = await runGit(["notes", `--ref=${notesRef}`, "list"], {
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
  const blobs = await readObjects(pairs.map(([blob]) => blob));
  for (const [blob, commit] of pairs) {
    const object = blobs.get(blob);
    if (object) notes.set(commit, object.content.toString("utf8"));
  }
  return notes;
}

/** One commit's note, or null when it has none. */
export async function readNote(commit: string): Promise<string | null> {
  const { stdout, status } = await runGit(["notes", `--ref=${notesRef}`, "show", commit], {
    okExitCodes: [1],
  });
  return status === 0 ? stdout.toString("utf8") : null;
}

/** The commit a notes ref points at, or null when it does not exist. */
export async function refTip(ref: string): Promise<string | null> {
  const { stdout, status } = await runGit(["rev-parse", "-q", "--verify", ref], {
    okExitCodes: [1],
  });
  return status === 0 ? stdout.toString("utf8").trim() : null;
}

/** Full commit ID of a revision; fails with git's message when it does not resolve. */
export function resolveCommit(rev: string): Promise<string> {
  return gitText(["rev-parse", "--verify", `${rev}^{commit}`]);
}

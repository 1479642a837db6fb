import path from "node:path";
import { type Clock, epochSeconds } from "../core/clock.js";
import { isObjectId } from "../core/commit/object-id.js";
import { notesRef } from "../core/trace/notes-ref.js";
import { FailureError, GitError } from "../errors.js";
import { announceLockWait, withFileLock } from "../fs/file-lock.js";
import { makeDirectory } from "../fs/make-directory.js";
import { runGit } from "./exec.js";
import { recordOwnRefNow, withoutHooks } from "./own-refs.js";
import { readObjects } from "./read-objects.js";
import type { Repo } from "./repo.js";

const lockContention =
  /cannot lock ref|Unable to create '.*\.lock'|is at [0-9a-f]+ but expected|File exists/i;

/**
 * Serialises every update of our notes ref in this clone, across processes and linked work
 * trees. `git notes add` updates the ref without checking it still points where it read it, so
 * two commits at the same moment would otherwise lose one of their notes.
 */
export function withNotesLock<T>(repo: Repo, clock: Clock, work: () => Promise<T>): Promise<T> {
  const directory = path.join(repo.commonDir, "intentguard");
  makeDirectory(directory);
  return withFileLock(path.join(directory, "notes.lock"), clock, work);
}

/**
 * Writes (replacing) a commit's note under the notes lock. Another tool holding git's own lock
 * on the ref makes git refuse: that is retried with backoff for up to ~5 s before giving up.
 */
export function writeNote(
  repo: Repo,
  clock: Clock,
  commit: string,
  content: string,
): Promise<void> {
  return withNotesLock(repo, clock, async () => {
    await addNote(repo.root, clock, commit, content);
    await recordOwnRefNow(repo, notesRef);
  });
}

async function addNote(dir: string, clock: Clock, commit: string, content: string): Promise<void> {
  const started = clock.now();
  let announced = false;
  for (let attempt = 0, delay = 10; ; attempt++, delay = Math.min(delay * 2, 500)) {
    try {
      await runGit(
        dir,
        [...withoutHooks, "notes", `--ref=${notesRef}`, "add", "-f", "-F", "-", commit],
        {
          input: content,
        },
      );
      return;
    } catch (error) {
      if (!(error instanceof GitError) || !lockContention.test(error.stderr) || attempt >= 15)
        throw error;
      const file = /Unable to create '(.*\.lock)'/.exec(error.stderr)?.[1];
      if (!announced && file !== undefined && clock.now() - started >= 1000) {
        announced = true;
        announceLockWait({ file, pid: null, host: null, since: null });
      }
      await clock.sleep(delay + Math.floor(Math.random() * delay));
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
  const { stdout, status } = await readNotesRef(dir, ["list"]);
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
  const { stdout, status } = await readNotesRef(dir, ["show", commit]);
  return status === 0 ? stdout.toString("utf8") : null;
}

/**
 * Writes many commits' notes (replacing any they had) as one notes commit, with one
 * `git fast-import` under the notes lock: a rebase of fifty commits costs one process, not fifty.
 * fast-import lays the notes out with git's fan-out, and refuses to move the ref unless the new
 * notes commit descends from the tip it was given.
 */
export function writeNotes(
  repo: Repo,
  clock: Clock,
  notes: ReadonlyMap<string, string>,
): Promise<void> {
  if (notes.size === 0) return Promise.resolve();
  if (notes.size === 1) {
    const [[commit, content]] = [...notes] as [[string, string]];
    return writeNote(repo, clock, commit, content);
  }
  return withNotesLock(repo, clock, async () => {
    const tip = await notesTip(repo.root);
    const now = epochSeconds(clock.now());
    const message = Buffer.from("Notes added by intentguard\n");
    const parts: Buffer[] = [
      Buffer.from(
        `commit ${notesRef}\ncommitter intentguard <intentguard@invalid> ${now} +0000\ndata ${message.length}\n`,
      ),
      message,
      Buffer.from(tip ? `from ${tip}\n` : ""),
    ];
    for (const [commit, content] of notes) {
      const bytes = Buffer.from(content, "utf8");
      parts.push(
        Buffer.from(`N inline ${commit}\ndata ${bytes.length}\n`),
        bytes,
        Buffer.from("\n"),
      );
    }
    parts.push(Buffer.from("\n"));
    await runGit(repo.root, [...withoutHooks, "fast-import", "--quiet", "--done"], {
      input: Buffer.concat([...parts, Buffer.from("done\n")]),
    });
    await recordOwnRefNow(repo, notesRef);
  });
}

/** Removes the notes of `commits` (those that have one), under the notes lock. */
export function removeNotes(repo: Repo, clock: Clock, commits: readonly string[]): Promise<void> {
  if (commits.length === 0) return Promise.resolve();
  return withNotesLock(repo, clock, async () => {
    await runGit(
      repo.root,
      [...withoutHooks, "notes", `--ref=${notesRef}`, "remove", "--ignore-missing", "--stdin"],
      {
        input: `${commits.join("\n")}\n`,
      },
    );
    await recordOwnRefNow(repo, notesRef);
  });
}

/** The commit our notes ref points at; null when there are no notes yet. */
export async function notesTip(dir: string): Promise<string | null> {
  const { stdout, status } = await runGit(dir, ["rev-parse", "-q", "--verify", notesRef], {
    okExitCodes: [1],
  });
  return status === 0 ? stdout.toString("utf8").trim() : null;
}

/**
 * The commits whose note differs between two notes commits (added, changed or removed), with
 * their note blob in `to` (null when removed), from one `git diff-tree`. Null when `from` is
 * gone (not an object here): the caller starts over from `git notes list`.
 */
export async function changedNotes(
  dir: string,
  from: string,
  to: string,
): Promise<Map<string, string | null> | null> {
  const { stdout, status } = await runGit(
    dir,
    ["diff-tree", "-r", "-z", "--no-renames", "--no-ext-diff", from, to],
    { okExitCodes: [128] },
  );
  if (status !== 0) return null;
  const changed = new Map<string, string | null>();
  const fields = stdout.toString("utf8").split("\0");
  for (let at = 0; at + 1 < fields.length; at += 2) {
    const [, , , blob, kind] = (fields[at] as string).split(" ");
    const commit = (fields[at + 1] as string).replaceAll("/", "");
    if (!isObjectId(commit)) continue; // not a note
    // A notes tree changing fan-out lists a note's removal at one path and its addition at
    // another: the addition is what holds.
    const removed = kind === "D" || !blob;
    if (!removed || !changed.get(commit)) changed.set(commit, removed ? null : (blob as string));
  }
  return changed;
}

/** Every note of our notes ref, commit → note blob ID, from one `git notes list`. */
export async function listNotes(dir: string): Promise<Map<string, string>> {
  const { stdout, status } = await readNotesRef(dir, ["list"]);
  const notes = new Map<string, string>();
  if (status !== 0) return notes; // no notes ref yet
  for (const line of stdout.toString("utf8").split("\n")) {
    const [blob, commit] = line.split(" ");
    if (blob && commit) notes.set(commit, blob);
  }
  return notes;
}

/**
 * The names under which `git cat-file` finds a commit's note, one per fan-out git may have laid
 * the notes tree out with (none, 2/38, 2/2/36): asked beside other objects of a job, they cost no
 * process of their own. At most one of them exists.
 */
export function noteObjectNames(commit: string): string[] {
  return [
    `${notesRef}:${commit}`,
    `${notesRef}:${commit.slice(0, 2)}/${commit.slice(2)}`,
    `${notesRef}:${commit.slice(0, 2)}/${commit.slice(2, 4)}/${commit.slice(4)}`,
  ];
}

/**
 * `git notes <args>` on our notes ref, exit 1 an answer (no notes ref, no note). A ref that points
 * at what git cannot read as notes (a blob, put there by hand or by another tool) is explained,
 * with the fix, rather than failing as a bug: nothing of the trace can be read until it is
 * repaired.
 */
async function readNotesRef(dir: string, args: readonly string[]) {
  try {
    return await runGit(dir, ["notes", `--ref=${notesRef}`, ...args], { okExitCodes: [1] });
  } catch (error) {
    const unreadable = /Failed to read notes tree referenced by \S+ \(([0-9a-f]+)\)/.exec(
      error instanceof GitError ? error.stderr : "",
    );
    if (!unreadable) throw error;
    throw new FailureError({
      kind: "notes-ref-unreadable",
      ref: notesRef,
      object: unreadable[1] as string,
    });
  }
}

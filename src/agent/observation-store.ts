import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { type Clock, isoMillis } from "../core/clock.js";
import { withFileLock } from "../fs/file-lock.js";
import { makeDirectory } from "../fs/make-directory.js";
import { readIfExists } from "../fs/read-if-exists.js";
import { ownRefValue, recordedOwnRef } from "../git/own-refs.js";
import { commitRefFiles, readRefFile, readRefFiles, removeRefFiles } from "../git/ref-files.js";
import type { Repo } from "../git/repo.js";
import { checkpointDir } from "./agent-state.js";
import { fileKey } from "./file-key.js";

/** The agent, model, session and tool call that wrote some lines: an `observed` evidence's fields. */
export interface Writer {
  agent_id: string;
  model_identifier?: string;
  session_id?: string;
  tool_use_id?: string;
}

/**
 * Why a file's observations no longer vouch for who wrote its lines: they were changed other than
 * by intentguard (`changed`) or taken away (`removed`), found at `at` by `by` (the check after a
 * shell command, a post-write, a landing). The lines they covered are then nobody's: `withheld`.
 */
export interface Withheld {
  how: "changed" | "removed";
  at: string;
  by: "shell" | "write" | "landing";
}

/**
 * A file's observed lines: its text when an agent last wrote it, and who wrote each line — an
 * index into `writers`, `personLine` for a line a person changed between the agent's writes, null
 * for a line as it was before the agent first wrote the file (the baseline, fingerprinted by
 * textHash). Kept until every line it holds is committed.
 */
export interface FileLines {
  version: 2;
  path: string;
  text: string;
  baseline: string;
  owners: (number | null)[];
  writers: Writer[];
  withheld?: Withheld;
}

/** Where in the store's tree a file's observed lines are. */
const folder = "lines";

/**
 * The ref that keeps a work tree's observed lines: git objects (src/git/ref-files.ts), one file
 * per observed file, under intentguard's own ref for the work tree — where an agent's shell that
 * deletes or rewrites files in git's directory cannot quietly change what was seen.
 */
export function observedRef(repo: Repo): string {
  const linked = path.resolve(repo.gitDir) !== path.resolve(repo.commonDir);
  return `refs/intentguard/observed/${linked ? `worktrees/${path.basename(repo.gitDir)}` : "main"}`;
}

/** The observed lines kept here before they were git objects (an older intentguard's). */
function legacyDir(repo: Repo): string {
  return path.join(checkpointDir(repo.stateDir), "lines");
}

/**
 * Whether this work tree keeps observations, or should: the ref exists, or intentguard recorded a
 * value for it (a ref that vanished must still be noticed), or an older intentguard's folder is
 * there. File reads only: an ordinary commit starts no git and loads no jsdiff for it.
 */
export function hasObservations(repo: Repo): boolean {
  const ref = observedRef(repo);
  if (recordedOwnRef(repo, ref) !== null || existsSync(path.join(repo.commonDir, ref))) return true;
  if (existsSync(legacyDir(repo))) return true;
  const packed = readIfExists(path.join(repo.commonDir, "packed-refs"))?.toString("utf8") ?? "";
  return packed.includes(` ${ref}\n`);
}

/** What a check of the store found: observations changed or removed other than by intentguard. */
export interface Tampering {
  how: Withheld["how"];
  /** The files whose observations are now withheld. */
  files: string[];
}

/** The store, read under its lock: its files, and whether it had to be restored first. */
export interface Observations {
  files: Map<string, FileLines>;
  tampering: Tampering | null;
}

/**
 * Runs `work` under the store's lock (every hook of every agent of this work tree writes it),
 * after checking the ref against the value intentguard last gave it: a ref another writer moved
 * or removed is put back to intentguard's last value, every file in it withheld (its lines are
 * then nobody's when they land); a ref intentguard never wrote is dropped. `work` gets the head to
 * build on and what the check found.
 */
export async function withObservations<T>(
  repo: Repo,
  clock: Clock,
  by: Withheld["by"],
  work: (head: string | null, tampering: Tampering | null) => Promise<T>,
): Promise<T> {
  makeDirectory(checkpointDir(repo.stateDir));
  const lock = path.join(checkpointDir(repo.stateDir), "observations.lock");
  return withFileLock(lock, clock, async () => {
    const ref = observedRef(repo);
    const recorded = recordedOwnRef(repo, ref);
    const current = await ownRefValue(repo, ref);
    const tampering =
      recorded === current ? null : await restore(repo, clock, by, recorded, current);
    await importLegacy(repo, clock);
    return work(await ownRefValue(repo, ref), tampering);
  });
}

async function restore(
  repo: Repo,
  clock: Clock,
  by: Withheld["by"],
  recorded: string | null,
  current: string | null,
): Promise<Tampering> {
  const ref = observedRef(repo);
  const how: Withheld["how"] = current === null ? "removed" : "changed";
  const files = recorded ? await readAll(repo, recorded) : new Map<string, FileLines>();
  if (files.size === 0) {
    await removeRefFiles(repo, ref);
    return { how, files: [] };
  }
  const withheld: Withheld = { how, at: isoMillis(clock.now()), by };
  const changes = new Map<string, Buffer | null>();
  for (const file of files.values()) {
    changes.set(
      `${folder}/${entryName(file.path)}`,
      Buffer.from(JSON.stringify({ ...file, withheld })),
    );
  }
  await commitRefFiles(repo, clock, ref, null, changes, `observations ${how}: withheld`);
  return { how, files: [...files.keys()] };
}

/** Every file's observed lines at `head` (none without one). */
export async function readAll(repo: Repo, head: string | null): Promise<Map<string, FileLines>> {
  const files = new Map<string, FileLines>();
  if (head === null) return files;
  for (const content of (await readRefFiles(repo, head, folder)).values()) {
    const lines = parseFileLines(content.toString("utf8"));
    if (lines) files.set(lines.path, lines);
  }
  return files;
}

/** One file's observed lines at `head`; null when none are kept (or they are damaged). */
export async function readFileLines(
  repo: Repo,
  head: string | null,
  relative: string,
): Promise<FileLines | null> {
  if (head === null) return null;
  const content = await readRefFile(repo, head, `${folder}/${entryName(relative)}`);
  const lines = content ? parseFileLines(content.toString("utf8")) : null;
  return lines?.path === relative ? lines : null;
}

/**
 * Writes files' observed lines (null forgets a file) as a new commit on `head`; with nothing left
 * in the store, removes its ref. `left`: how many files the store holds after the change, when
 * the caller knows (a landing read them all); unknown, the ref stays until a landing finds it empty.
 */
export async function writeFileLines(
  repo: Repo,
  clock: Clock,
  head: string | null,
  changes: ReadonlyMap<string, FileLines | null>,
  left?: number,
): Promise<void> {
  if (changes.size === 0) return;
  const ref = observedRef(repo);
  if (left === 0) {
    await removeRefFiles(repo, ref);
    return;
  }
  const entries = new Map<string, Buffer | null>();
  for (const [relative, lines] of changes) {
    entries.set(
      `${folder}/${entryName(relative)}`,
      lines ? Buffer.from(JSON.stringify(lines)) : null,
    );
  }
  const kept = [...changes.values()].filter(Boolean).length;
  await commitRefFiles(
    repo,
    clock,
    ref,
    head,
    entries,
    `observed: ${kept} kept, ${changes.size - kept} settled`,
  );
}

function entryName(relative: string): string {
  return `${fileKey(relative)}.json`;
}

/** A file's observed lines as stored; null when damaged (only observations are lost). */
function parseFileLines(text: string): FileLines | null {
  try {
    const value = JSON.parse(text) as FileLines;
    return value.version === 2 && typeof value.path === "string" ? value : null;
  } catch {
    return null;
  }
}

/**
 * An older intentguard kept observed lines as files in the work tree's state folder: taken into
 * the store once (under its lock), then the folder is removed.
 */
async function importLegacy(repo: Repo, clock: Clock): Promise<void> {
  const dir = legacyDir(repo);
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  const changes = new Map<string, FileLines | null>();
  for (const name of names) {
    try {
      const lines = parseFileLines(readFileSync(path.join(dir, name), "utf8"));
      if (lines) changes.set(lines.path, lines);
    } catch {
      // unreadable: its observations are lost, nothing else
    }
  }
  const ref = observedRef(repo);
  await writeFileLines(repo, clock, await ownRefValue(repo, ref), changes);
  rmSync(dir, { recursive: true, force: true });
}

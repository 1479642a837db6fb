import path from "node:path";
import { notesRef } from "../core/trace/notes-ref.js";
import { writeFileAtomic } from "../fs/atomic-write.js";
import { readIfExists } from "../fs/read-if-exists.js";
import { runGit } from "./exec.js";
import type { Repo } from "./repo.js";

/**
 * intentguard's own refs: the trace notes, and what its agent hooks observed
 * (refs/intentguard/observed/<work tree>). Only intentguard writes them, always with git's hooks
 * off (`withoutHooks`): the reference-transaction hook refuses any other move of them, and an
 * agent's shell that goes around git is caught by the ref comparison after its command
 * (src/agent/shell-writes.ts), which holds each against the value intentguard last gave it.
 */
export const ownRefPrefix = "refs/intentguard/";

export function isOwnRef(ref: string): boolean {
  return ref === notesRef || ref.startsWith(ownRefPrefix);
}

/** git's options for intentguard's own writes: no hook runs (the guard would refuse them). */
export const withoutHooks = ["-c", "core.hooksPath=/dev/null"];

/**
 * Where the value intentguard last gave an own ref is kept, one file per ref, in the common git
 * directory (every work tree's writes): `<common>/intentguard/own-refs/<ref, URI-encoded>`. The sh
 * hook that merges fetched notes writes the notes ref's the same way.
 */
export function ownRefRecord(repo: Repo, ref: string): string {
  return path.join(repo.commonDir, "intentguard", "own-refs", encodeURIComponent(ref));
}

/**
 * Records the value intentguard just gave `ref` — or, when it removed the ref, that it did (a
 * record of its own, `removed`: a ref gone with no record of it was removed by someone else).
 */
export function recordOwnRef(repo: Repo, ref: string, value: string | null): void {
  writeFileAtomic(ownRefRecord(repo, ref), `${value ?? removed}\n`);
}

const removed = "removed";

/**
 * The value intentguard last gave `ref`: null when it removed it or never wrote it here. A record
 * that is not one object ID reads as none.
 */
export function recordedOwnRef(repo: Repo, ref: string): string | null {
  const text = recordText(repo, ref);
  return text && /^[0-9a-f]{40}([0-9a-f]{24})?$/.test(text) ? text : null;
}

/** Whether intentguard's record says it removed `ref` itself. */
export function removedByIntentguard(repo: Repo, ref: string): boolean {
  return recordText(repo, ref) === removed;
}

function recordText(repo: Repo, ref: string): string | undefined {
  return readIfExists(ownRefRecord(repo, ref), undefined, 256)?.toString("utf8").trim();
}

/**
 * What `ref` points at now: its loose file, which git has just written after an update (no git
 * process on a commit's path), else git's answer. Null when it does not exist.
 */
export async function ownRefValue(repo: Repo, ref: string): Promise<string | null> {
  const loose = readIfExists(path.join(repo.commonDir, ref), undefined, 256)?.toString("utf8");
  const id = loose?.trim();
  if (id && /^[0-9a-f]{40}([0-9a-f]{24})?$/.test(id)) return id;
  const { stdout, status } = await runGit(repo.root, ["rev-parse", "-q", "--verify", ref], {
    okExitCodes: [1],
  });
  return status === 0 ? stdout.toString("utf8").trim() : null;
}

/** After intentguard moved `ref`: records where it now points. */
export async function recordOwnRefNow(repo: Repo, ref: string): Promise<void> {
  recordOwnRef(repo, ref, await ownRefValue(repo, ref));
}

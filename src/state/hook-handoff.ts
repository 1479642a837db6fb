import { rmSync } from "node:fs";
import path from "node:path";
import type { Trailer } from "../core/trailers.js";
import { writeFileAtomic } from "../fs/atomic-write.js";
import { readIfExists } from "../fs/read-if-exists.js";

/**
 * Hand-offs between the hooks of one commit, kept in the work tree's state directory.
 *
 * `commit-msg-ready`: pre-commit allowed the staged change (under an intent, or as a change that
 * needs none), so commit-msg (a POSIX sh shim, hooks/commit-msg) only adds the trailers listed
 * in it (Intent:, Contributor-*) and need not start Node. The shim trusts it only for the same HEAD, an index not written since,
 * and a message that declares no other intent; it deletes the file on use. The format line is
 * shared with the shim.
 *
 * `amend`: written by the prepare-commit-msg shim for `commit --amend` (HEAD at that moment), so
 * commit-msg judges the whole amended commit against HEAD's parent.
 */
const readyFormat = "intentguard-commit-msg-ready 2";

/** In the hand-off, "allowed without an intent" (a governance, adoption, empty or merge commit). */
export const noIntent = "-";

/** In the hand-off, the HEAD of a repository without commits yet. */
export const unbornHead = "-";

const readyFile = (stateDir: string) => path.join(stateDir, "commit-msg-ready");
const amendFile = (stateDir: string) => path.join(stateDir, "amend");

/** `trailers`: what commit-msg adds, each only when the message lacks that key. */
export function writeCommitMsgReady(
  stateDir: string,
  intent: string,
  head: string,
  trailers: readonly Trailer[],
): void {
  const lines = [
    readyFormat,
    intent,
    head,
    ...trailers.map(({ key, value }) => `${key}: ${value}`),
  ];
  writeFileAtomic(readyFile(stateDir), `${lines.join("\n")}\n`);
}

/** Called as a commit starts (pre-commit, pre-merge-commit): nothing from an aborted one stays. */
export function clearHandoffs(stateDir: string): void {
  rmSync(readyFile(stateDir), { force: true });
  rmSync(amendFile(stateDir), { force: true });
}

/** The HEAD recorded by prepare-commit-msg for an amend, consumed by commit-msg. */
export function takeAmendMarker(stateDir: string): string | undefined {
  const text = readIfExists(amendFile(stateDir))?.toString("utf8");
  if (text === undefined) return undefined;
  rmSync(amendFile(stateDir), { force: true });
  return /^[0-9a-f]{40,64}$/.exec(text.trim())?.[0];
}

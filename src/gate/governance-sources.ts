import { intentsFilePath } from "../core/governance/governance-files.js";
import { lastCommitTouching } from "../git/revisions.js";
import { type GovernanceSnapshot, snapshotFromGit } from "../governance/governance-snapshot.js";

/**
 * For a parent without the intents file: the governance just before the commit in its history
 * that removed the file (that commit's first parent), or null when the history never had one.
 */
export async function governanceBeforeRemoval(
  dir: string,
  parent: string,
): Promise<{ snapshot: GovernanceSnapshot; removedBy: string } | null> {
  const removedBy = await lastCommitTouching(dir, parent, intentsFilePath);
  if (removedBy === null) return null;
  const snapshot = await snapshotFromGit(dir, { kind: "commit", rev: `${removedBy}^` });
  return snapshot.intents === null ? null : { snapshot, removedBy };
}

/** Reads a snapshot once, however often it is asked for. */
export function once<T>(read: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () => {
    pending ??= read();
    return pending;
  };
}

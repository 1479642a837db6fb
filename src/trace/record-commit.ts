import { randomUUID } from "node:crypto";
import type { FileChange } from "../core/changeset.js";
import type { Rules } from "../core/rules.js";
import { buildRecord } from "../core/trace/build-record.js";
import { type Contributor, resolveContributor } from "../core/trace/contributor.js";
import type { LineRange } from "../core/trace/range-hash.js";
import type { TraceRecord } from "../core/trace/record-schema.js";
import { intentTrailer, trailerValues } from "../core/trailers.js";
import { diffCommit } from "../git/diff-commit.js";
import { type BlobDigest, hashBlobs } from "../git/read-blobs.js";
import type { Repo } from "../git/repo.js";
import { compileSnapshot } from "../rules/compile-snapshot.js";
import { snapshotFromGit } from "../rules/rules-snapshot.js";
import { version } from "../version.js";

export interface RecordOptions {
  /** Overrides who made a file's change (a rewrite keeps the original contributors). */
  contributorOf?: (
    file: FileChange,
    ranges: readonly LineRange[],
    commitContributor: Contributor,
  ) => Contributor;
  /** The intent when the commit has no Intent: trailer (a rewrite keeps the original one). */
  intentFallback?: string | null;
}

/**
 * Builds the trace record of one commit: one streamed `git diff-tree` for its changes and
 * ranges, and, started as soon as the diff's raw part is in, one `git cat-file --batch` hashing
 * its blobs and one reading the rules of its first parent (for the intent's related specs).
 */
export async function recordCommit(
  repo: Repo,
  rev: string,
  options: RecordOptions = {},
): Promise<TraceRecord> {
  let blobs: Promise<Map<string, BlobDigest | null>> = Promise.resolve(new Map());
  let rules: Promise<Rules | null> = Promise.resolve(null);
  const diff = await diffCommit(rev, (changes, parents) => {
    blobs = hashBlobs(changes.flatMap(blobIds));
    rules = rulesAt(repo, parents[0] ?? rev);
    blobs.catch(() => {});
  });
  const [digests, rulesOfParent] = await Promise.all([blobs, rules]);
  const intentId =
    trailerValues(diff.commit.trailers, intentTrailer)[0] ?? options.intentFallback ?? null;
  const commitContributor = resolveContributor(diff.commit, {
    contributor: process.env.INTENTGUARD_CONTRIBUTOR,
    model: process.env.INTENTGUARD_MODEL,
    agent: process.env.INTENTGUARD_AGENT,
  });
  return buildRecord({
    diff,
    blobSha256: (oid) => digests.get(oid)?.sha256 ?? null,
    intentId,
    intent: rulesOfParent?.intents.find((intent) => intent.id === intentId) ?? null,
    contributorOf: (file, ranges) =>
      options.contributorOf?.(file, ranges, commitContributor) ?? commitContributor,
    id: randomUUID(),
    timestamp: new Date().toISOString(),
    toolVersion: version,
  });
}

function blobIds(change: FileChange): string[] {
  const ids: string[] = [];
  if (change.oldBlob && change.oldMode !== "160000") ids.push(change.oldBlob);
  if (change.newBlob && change.newMode !== "160000") ids.push(change.newBlob);
  return ids;
}

/** The rules as committed at `rev`; null when absent or invalid (a record is written anyway). */
async function rulesAt(repo: Repo, rev: string): Promise<Rules | null> {
  try {
    return await compileSnapshot(await snapshotFromGit({ kind: "commit", rev }), repo.stateDir);
  } catch {
    return null;
  }
}

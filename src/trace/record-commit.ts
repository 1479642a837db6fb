import { randomUUID } from "node:crypto";
import type { FileChange } from "../core/file-change.js";
import type { Governance } from "../core/governance.js";
import { buildRecord } from "../core/trace/build-record.js";
import {
  type Contributor,
  type ContributorEnvironment,
  resolveContributor,
} from "../core/trace/contributor.js";
import type { LineRange } from "../core/trace/range-hash.js";
import type { TraceRecord } from "../core/trace/record-schema.js";
import { intentTrailer, trailerValues } from "../core/trailers.js";
import { diffCommit } from "../git/diff-commit.js";
import { type BlobsRead, readBlobs } from "../git/read-blobs.js";
import type { Repo } from "../git/repo.js";
import { compileSnapshot } from "../governance/compile-snapshot.js";
import { governanceObjectNames, snapshotOf } from "../governance/governance-snapshot.js";
import { version } from "../version.js";

export interface RecordOptions {
  /** Who the environment says is committing (INTENTGUARD_CONTRIBUTOR, _MODEL, _AGENT). */
  contributorEnv: ContributorEnvironment;
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
 * its blobs and reading the governance of its first parent (for the intent's related specs).
 * `dir` is where git runs; the repository itself (for the governance cache) may still be being
 * located.
 */
export async function recordCommit(
  dir: string,
  repo: Repo | Promise<Repo>,
  rev: string,
  options: RecordOptions,
): Promise<TraceRecord> {
  let objects: Promise<BlobsRead> = Promise.resolve({ digests: new Map(), whole: new Map() });
  let governanceRev = rev;
  const diff = await diffCommit(dir, rev, (changes, parents) => {
    governanceRev = parents[0] ?? rev;
    objects = readBlobs(dir, changes.flatMap(blobIds), governanceObjectNames(governanceRev));
    objects.catch(() => {});
  });
  const { digests, whole } = await objects;
  const parentGovernance = await governanceFrom(repo, governanceRev, whole);
  const intentId =
    trailerValues(diff.commit.trailers, intentTrailer)[0] ?? options.intentFallback ?? null;
  const commitContributor = resolveContributor(diff.commit, options.contributorEnv);
  return buildRecord({
    diff,
    blobSha256: (oid) => digests.get(oid)?.sha256 ?? null,
    intentId,
    intent: parentGovernance?.intents.find((intent) => intent.id === intentId) ?? null,
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

/** The governance as committed at `rev`; null when absent or invalid (a record is written anyway). */
async function governanceFrom(
  repo: Repo | Promise<Repo>,
  rev: string,
  whole: BlobsRead["whole"],
): Promise<Governance | null> {
  const [intents, policy] = governanceObjectNames(rev).map((name) => whole.get(name));
  try {
    const snapshot = snapshotOf({ kind: "commit", rev }, rev, intents, policy);
    return await compileSnapshot(snapshot, (await repo).stateDir);
  } catch {
    return null;
  }
}

import { randomUUID } from "node:crypto";
import { type Clock, isoMillis } from "../core/clock.js";
import { pathKey } from "../core/commit/file-change.js";
import { intentTrailer, trailerValues } from "../core/commit/trailers.js";
import type { Governance } from "../core/governance/governance.js";
import { buildRecord } from "../core/trace/build-record.js";
import { carryAttribution } from "../core/trace/carry-attribution.js";
import type { CommitDiff } from "../core/trace/commit-diff.js";
import { type ContributorEnvironment, resolveContributor } from "../core/trace/contributor.js";
import { type ObservedByCommit, withObservedLines } from "../core/trace/observed-ranges.js";
import type { TraceRecord } from "../core/trace/record-schema.js";
import type { BlobDigest } from "../git/read-blobs.js";
import { version } from "../version.js";
import type { CarriedLines } from "./carry-lines.js";

/** A commit to trace: its diff (already read to judge it) and the governance it was judged by. */
export interface TraceableCommit {
  diff: CommitDiff;
  governance: Governance | null;
}

export interface RecordOptions {
  /** Each record's `timestamp`: when it was made. */
  clock: Clock;
  /** The SHA-256 of the commits' blobs by object ID, read with their judgement. */
  digests: ReadonlyMap<string, BlobDigest | null>;
  /** Who the environment says is committing (INTENTGUARD_CONTRIBUTOR, _MODEL, _AGENT). */
  contributorEnv: ContributorEnvironment;
  /**
   * The records of commits the same ref update drops (an amend's old commit, a rebase's
   * originals): who wrote a file's lines is carried over from them by content hash.
   */
  replaced: readonly TraceRecord[];
  /** Lines carried from other records, by commit (carry-lines.ts): ranges split by contributor. */
  carried?: ReadonlyMap<string, CarriedLines>;
  /** Lines an agent's hook was seen writing, by commit and path (src/agent/observed-lines.ts). */
  observed?: ObservedByCommit;
}

/**
 * Builds the trace records of commits whose diffs and blobs are already read (to judge them):
 * no git process of its own. The intent is the commit's own `Intent:` trailer (null without
 * one).
 */
export function recordCommits(
  commits: readonly TraceableCommit[],
  options: RecordOptions,
): TraceRecord[] {
  const { digests } = options;
  const carried = carryAttribution(options.replaced);
  return commits.map(({ diff, governance }) => {
    const intentId = trailerValues(diff.commit.trailers, intentTrailer)[0] ?? null;
    const commitContributor = resolveContributor(diff.commit, options.contributorEnv);
    return buildRecord({
      diff,
      blob: (oid) => digests.get(oid) ?? null,
      intentId,
      intent: governance?.intents.find((intent) => intent.id === intentId) ?? null,
      contributor: commitContributor,
      attribute: (file, ranges) => {
        const contributor = carried(ranges, commitContributor);
        const lines = options.carried?.get(diff.commit.sha);
        const split = lines ? lines(file, ranges, contributor) : [...ranges];
        const seen = options.observed
          ?.get(diff.commit.sha)
          ?.get(pathKey(file.path, file.pathBytes));
        return {
          contributor,
          ranges: seen ? withObservedLines(split, seen.observed, contributor, seen.lines) : split,
        };
      },
      id: randomUUID(),
      timestamp: isoMillis(options.clock.now()),
      toolVersion: version,
    });
  });
}

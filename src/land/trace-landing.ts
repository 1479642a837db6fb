import { hasObservations, type Tampering } from "../agent/observation-store.js";
import type { Clock } from "../core/clock.js";
import { attributedLines, recordsToNote } from "../core/trace/note-text.js";
import { recordDigest } from "../core/trace/record-digest.js";
import type { TraceRecord } from "../core/trace/record-schema.js";
import type { Environment } from "../environment.js";
import { readNotes, removeNotes, writeNotes } from "../git/notes.js";
import type { BlobDigest } from "../git/read-blobs.js";
import type { Repo } from "../git/repo.js";
import {
  appendAnchoredEvents,
  appendLedgerEvents,
  LedgerAppendError,
  type LedgerEvent,
} from "../ledger/ledger.js";
import { carryLines } from "../trace/carry-lines.js";
import { rememberPendingTraces, takePendingTraces } from "../trace/pending-traces.js";
import { recordCommits } from "../trace/record-commits.js";
import type { CommitJudgement } from "./judge-commit.js";

type Judged = Extract<CommitJudgement, { kind: "judged" }>;

/**
 * What tracing a landing wrote, for the hook to say; `tampering`: the agents' observations here
 * had been changed or removed other than by intentguard (their lines were recorded as nobody's).
 */
export type TraceOutcome =
  | { kind: "nothing" }
  | { kind: "written"; traced: number; events: LedgerEvent[]; tampering?: Tampering | null }
  /** The records were written (`published`) or not, and the ledger could not be appended. */
  | {
      kind: "ledger-failed";
      traced: number;
      commits: string[];
      reason: string;
      published: boolean;
    };

/**
 * Writes the records of a landing's allowed commits: under the ledger lock, the notes (one git
 * process whatever their number), each record anchoring its commit_traced line, then the ledger
 * lines, then the list the `aborted` state would withdraw. A commit that already carries a record
 * for itself (traced where it was made: on another branch here, or fetched) keeps it; a note that
 * holds none (another tool's, a forgery) is replaced — a note never spared a commit its judgement,
 * and it does not stand in for a record either. Who wrote what is carried over, by content, from
 * the commits the update drops (an amend's old commit, a rebase's originals).
 */
export async function traceLanding(
  repo: Repo,
  clock: Clock,
  env: Environment,
  landed: {
    updateLines: string;
    judged: readonly Judged[];
    digests: ReadonlyMap<string, BlobDigest | null>;
    dropped: readonly string[];
  },
): Promise<TraceOutcome> {
  const untraced = await withoutRecords(landed.judged);
  if (untraced.length === 0) return { kind: "nothing" };
  const replaced = await recordsOf(repo, landed.dropped);
  const carried = await carryLines(
    repo,
    untraced.map((one) => one.diff),
    replaced,
  );
  // Loaded only when an agent's lines wait here: an ordinary commit loads no jsdiff.
  const observed = hasObservations(repo)
    ? await (await import("../agent/observed-lines.js")).observedLines(
        repo,
        clock,
        untraced.map((one) => one.diff),
      )
    : null;
  const records = recordCommits(untraced, {
    clock,
    digests: landed.digests,
    contributorEnv: env.contributor,
    replaced,
    carried: carried.byCommit,
    ...(observed ? { observed: observed.byCommit } : {}),
  });
  const events: LedgerEvent[] = records.map((record) => ({
    event: "commit_traced",
    commit: record.vcs.revision_id,
    intent_id: record.intent_id,
    record_id: record.id,
    record_sha256: recordDigest(record),
    files: record.files.length,
    lines: attributedLines(record),
    ...(landed.dropped.length > 0 ? { rewritten_from: [...landed.dropped] } : {}),
  }));
  const publish = async (anchored: readonly TraceRecord[]) => {
    await writeNotes(
      repo,
      clock,
      new Map(anchored.map((record) => [record.vcs.revision_id, recordsToNote([record])])),
    );
    rememberPendingTraces(
      repo,
      landed.updateLines,
      anchored.map((record) => ({ commit: record.vcs.revision_id, record_id: record.id })),
    );
  };
  try {
    const written = await appendAnchoredEvents(repo, clock, events, async (anchors) => {
      const anchored = records.map((record, index) => ({ ...record, ledger: anchors[index] }));
      await publish(anchored);
      await carried.index?.addWritten(repo, anchored);
    });
    await observed?.settle();
    return {
      kind: "written",
      traced: records.length,
      events: written,
      tampering: observed?.tampering ?? null,
    };
  } catch (error) {
    if (!(error instanceof LedgerAppendError)) throw error; // the notes failed: nothing written
    if (!error.published) await publish(records);
    const commits = records.map((record) => record.vcs.revision_id.slice(0, 12));
    return {
      kind: "ledger-failed",
      traced: records.length,
      commits,
      reason: error.message,
      published: error.published,
    };
  }
}

/**
 * The commits that carry no record for themselves (the landing read their notes). A new commit
 * has no note: the reader is loaded only when some commit has one.
 */
async function withoutRecords(judged: readonly Judged[]): Promise<Judged[]> {
  if (judged.every((one) => one.note === undefined)) return [...judged];
  const { noteLines } = await import("../trace/note-records.js");
  // A newer intentguard's record is a record: kept, never overwritten by an older one's.
  const kept: Judged[] = [];
  for (const one of judged) {
    const lines = one.note === undefined ? [] : await noteLines(one.note, one.commit);
    if (!lines.some((line) => line.ok || line.newer !== undefined)) kept.push(one);
  }
  return kept;
}

/** The records of the commits an update drops, whose contributors carry over by content. */
async function recordsOf(repo: Repo, commits: readonly string[]): Promise<TraceRecord[]> {
  if (commits.length === 0) return [];
  const notes = await readNotes(repo.root, commits);
  if (notes.size === 0) return [];
  // Loads the reader only when there are notes to read: not on an ordinary commit.
  const { recordsInNote } = await import("../trace/note-records.js");
  const records: TraceRecord[] = [];
  for (const commit of commits) records.push(...(await recordsInNote(notes.get(commit))));
  return records;
}

/** `aborted`: withdraws the records the `prepared` state wrote for this very update. */
export async function withdrawTraces(repo: Repo, clock: Clock, updateLines: string): Promise<void> {
  const pending = takePendingTraces(repo, updateLines);
  if (pending.length === 0) return;
  await removeNotes(
    repo,
    clock,
    pending.map((trace) => trace.commit),
  );
  await appendLedgerEvents(
    repo,
    clock,
    pending.map((trace) => ({ event: "trace_withdrawn", ...trace })),
  );
}

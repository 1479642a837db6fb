import { buildRecord } from "../core/trace/build-record.js";
import type { CommitDiff } from "../core/trace/commit-diff.js";
import { compareRecord } from "../core/trace/compare-record.js";
import { recordDigest } from "../core/trace/record-digest.js";
import type { TraceRecord } from "../core/trace/record-schema.js";
import { intentTrailer, trailerValues } from "../core/trailers.js";
import { CatFileSession } from "../git/cat-file-batch.js";
import { diffCommitsInBatches } from "../git/diff-commit.js";
import { listNotes } from "../git/notes.js";
import { type BlobDigest, digestInto } from "../git/read-blobs.js";
import { collectInto, type GitObject } from "../git/read-objects.js";
import type { Repo } from "../git/repo.js";
import { ledgerPath, lineHash } from "../ledger/ledger.js";
import {
  indexLedger,
  type LedgerLine,
  readCloneId,
  readLedgerFile,
} from "../ledger/ledger-index.js";
import { type LedgerReport, verifyChain } from "../ledger/verify-chain.js";
import { version } from "../version.js";
import { commitsBeforeAdoption, commitsInRange } from "./commit-range.js";
import { noteLines } from "./note-records.js";

export interface TraceIssue {
  commit: string;
  kind: "untraced" | "invalid" | "tampered" | "ledger";
  detail: string;
}

/**
 * A record that does not count for its commit because another record in the same note does: a
 * fetched note merged with ours (cat_sort_uniq keeps both sides' lines), a second clone's record.
 */
export interface SupersededRecord {
  commit: string;
  record_id: string;
  /** The record that counts instead. */
  counted: string;
}

export interface VerifyReport {
  version: 1;
  range: string;
  ledger: LedgerReport & { file: string };
  commits: {
    checked: number;
    traced: number;
    before_adoption: number;
    /** Records anchored in this clone's ledger, each checked against its line. */
    anchored_here: number;
    /** Records anchored in another clone's ledger: recomputed, but their anchors not checkable. */
    anchored_elsewhere: number;
  };
  issues: TraceIssue[];
  /** Further records of commits that have one that counts: reported, not problems. */
  superseded: SupersededRecord[];
}

/** How many commits are read, diffed and hashed together: what bounds the memory verify uses. */
const batchSize = 256;

/**
 * Verifies the ledger's chain and every commit's trace in a range: a note exists (after
 * adoption), each of its lines is a valid record keyed to that commit, the record that counts (of
 * several, the one this clone's hook wrote, else the first that agrees with the commit; the
 * others are reported as superseded) has the commit's own parents and intent (the Intent:
 * trailer), and its files, blob hashes and ranges equal a fresh recomputation from the commit. A record written in this clone anchors its
 * line in this clone's ledger (sequence number and line hash): the line must still be there,
 * unedited, naming this commit and this record, with the record's digest — so a truncated, edited
 * or deleted ledger, and an edited record id, time, intent or contributor, are found.
 *
 * It streams: the commits come from one `git rev-list`, the notes' names from one `git notes
 * list`, the diffs from one `git diff-tree --stdin` read a batch at a time, and every note and
 * blob from one `git cat-file --batch` kept open for the whole run; memory holds one batch.
 */
export async function verifyTraces(repo: Repo, range: string): Promise<VerifyReport> {
  const file = ledgerPath(repo);
  const ledgerBytes = readLedgerFile(file);
  const ledger = { file, ...verifyChain(ledgerBytes) };
  const anchors = new AnchorCheck(indexLedger(ledgerBytes), readCloneId(repo));
  const [commits, beforeAdoption, noteBlobs] = await Promise.all([
    commitsInRange(repo.root, range),
    commitsBeforeAdoption(repo.root, range),
    listNotes(repo.root),
  ]);
  const issues: TraceIssue[] = [];
  const superseded: SupersededRecord[] = [];
  for (const commit of commits) {
    if (!noteBlobs.has(commit) && !beforeAdoption.has(commit)) {
      issues.push({ commit, kind: "untraced", detail: "no trace record" });
    }
  }
  let traced = 0;
  const session = new CatFileSession(repo.root);
  try {
    const noted = commits.filter((commit) => noteBlobs.has(commit));
    await diffCommitsInBatches(repo.root, noted, batchSize, async (diffs) => {
      const batch = diffs.map((diff) => diff.commit.sha);
      const stored = await readStoredRecords(session, batch, noteBlobs, issues);
      traced += stored.size;
      const differences = await recompute(session, diffs, stored);
      for (const [commit, records] of stored) {
        const counted = countedRecord(records, differences, anchors, commit);
        for (const record of records) {
          if (record === counted) continue;
          superseded.push({ commit, record_id: record.id, counted: counted.id });
        }
        for (const detail of differences.get(counted) ?? []) {
          issues.push({ commit, kind: "tampered", detail });
        }
        issues.push(...anchors.check(commit, counted));
      }
    });
  } finally {
    await session.close().catch(() => {});
  }
  // In the range's order, whatever order the checks found them in.
  const order = new Map(commits.map((commit, index) => [commit, index]));
  issues.sort((a, b) => (order.get(a.commit) ?? 0) - (order.get(b.commit) ?? 0));
  superseded.sort((a, b) => (order.get(a.commit) ?? 0) - (order.get(b.commit) ?? 0));
  return {
    version: 1,
    range,
    ledger,
    commits: {
      checked: commits.length,
      traced,
      before_adoption: beforeAdoption.size,
      anchored_here: anchors.here,
      anchored_elsewhere: anchors.elsewhere,
    },
    issues,
    superseded,
  };
}

/**
 * Of several records of a commit, the one that counts: one this clone's hook wrote as it judged
 * the commit (anchored in this clone's ledger, which names it) and that agrees with the commit;
 * else the first that agrees with the commit; else the first (its problems are reported).
 */
function countedRecord(
  records: readonly TraceRecord[],
  differences: ReadonlyMap<TraceRecord, readonly string[]>,
  anchors: AnchorCheck,
  commit: string,
): TraceRecord {
  const agrees = (record: TraceRecord) => (differences.get(record) ?? []).length === 0;
  return (
    records.find((record) => agrees(record) && anchors.wroteHere(commit, record)) ??
    records.find(agrees) ??
    (records[0] as TraceRecord)
  );
}

/** How many problems a report counts: every trace issue, every ledger issue not marked. */
export function verifyProblems(report: VerifyReport): number {
  return report.issues.length + report.ledger.issues.filter((issue) => !issue.marked).length;
}

/** A batch's valid records by commit (at least one each); invalid lines as issues. */
async function readStoredRecords(
  session: CatFileSession,
  batch: readonly string[],
  noteBlobs: ReadonlyMap<string, string>,
  issues: TraceIssue[],
): Promise<Map<string, TraceRecord[]>> {
  const notes = new Map<string, GitObject | null>();
  await session.read(
    batch.map((commit) => noteBlobs.get(commit) ?? ""),
    (name, object) => collectInto(notes, name, object),
  );
  const stored = new Map<string, TraceRecord[]>();
  for (const commit of batch) {
    const note = notes.get(noteBlobs.get(commit) ?? "");
    if (!note) {
      issues.push({ commit, kind: "untraced", detail: "its note cannot be read" });
      continue;
    }
    const records: TraceRecord[] = [];
    for (const line of noteLines(note.content.toString("utf8"))) {
      if (line.ok) records.push(line.record);
      else
        issues.push({
          commit,
          kind: "invalid",
          detail: `note line ${line.line} is ${line.problem}`,
        });
    }
    if (records.length > 0) stored.set(commit, records);
  }
  return stored;
}

/** Recomputes a batch's records from their commits and lists, per record, what differs. */
async function recompute(
  session: CatFileSession,
  diffs: readonly CommitDiff[],
  stored: Map<string, TraceRecord[]>,
): Promise<Map<TraceRecord, string[]>> {
  const digests = new Map<string, BlobDigest | null>();
  const oids = new Set(
    diffs.flatMap((diff) =>
      stored.has(diff.commit.sha)
        ? diff.changes.flatMap((change) =>
            [change.oldBlob, change.newBlob].filter((oid): oid is string => oid !== null),
          )
        : [],
    ),
  );
  await session.read([...oids], digestInto(digests));
  const differences = new Map<TraceRecord, string[]>();
  for (const diff of diffs) {
    for (const record of stored.get(diff.commit.sha) ?? []) {
      const fresh = buildRecord({
        diff,
        blob: (oid) => digests.get(oid) ?? null,
        intentId: trailerValues(diff.commit.trailers, intentTrailer)[0] ?? null,
        intent: null,
        contributorOf: () => ({ entity_type: "HUMAN" }),
        id: record.id,
        timestamp: record.timestamp,
        toolVersion: version,
      });
      const found = compareRecord(record, fresh);
      if (found.length > 0) differences.set(record, found);
    }
  }
  return differences;
}

/** What this clone's ledger says it traced a commit as: its line, record id and digest. */
interface TracedHere {
  seq: number;
  recordId: string;
  digest: string | null;
}

/**
 * Checks each record against this clone's ledger. A record written here anchors its line: the
 * line exists (else the ledger was truncated or deleted), is the very line (its hash; else it was
 * edited), names this commit and this record, and carries the record's digest (else the record
 * was edited after it was written). A record without this clone's anchor (written elsewhere, or
 * by an older version) is held to the ledger's own word when the ledger traced that commit.
 */
class AnchorCheck {
  here = 0;
  elsewhere = 0;
  /** commit → the last commit_traced event not withdrawn since. */
  private readonly traced = new Map<string, TracedHere>();

  constructor(
    private readonly lines: readonly LedgerLine[],
    private readonly clone: string | null,
  ) {
    lines.forEach(({ entry }, index) => {
      const commit = typeof entry?.commit === "string" ? entry.commit : null;
      const recordId = typeof entry?.record_id === "string" ? entry.record_id : null;
      if (!commit || !recordId) return;
      if (entry?.event === "commit_traced") {
        const digest = typeof entry.record_sha256 === "string" ? entry.record_sha256 : null;
        this.traced.set(commit, { seq: index + 1, recordId, digest });
      }
      if (entry?.event === "trace_withdrawn" && this.traced.get(commit)?.recordId === recordId) {
        this.traced.delete(commit);
      }
    });
  }

  /** Whether this clone's hook wrote `record` as it traced `commit` (its anchor and the ledger say so). */
  wroteHere(commit: string, record: TraceRecord): boolean {
    return record.ledger?.clone === this.clone && this.traced.get(commit)?.recordId === record.id;
  }

  check(commit: string, record: TraceRecord): TraceIssue[] {
    const anchor = record.ledger;
    const issue = (detail: string): TraceIssue[] => [{ commit, kind: "ledger", detail }];
    if (!anchor || anchor.clone !== this.clone) {
      if (anchor) this.elsewhere += 1;
      const here = this.traced.get(commit);
      if (!here) return [];
      if (here.recordId !== record.id) {
        return issue(
          `this clone's ledger (line ${here.seq}) traced the commit as record ${here.recordId}, but its note holds record ${record.id}`,
        );
      }
      if (here.digest !== null && here.digest !== recordDigest(record))
        return issue(edited(here.seq));
      return [];
    }
    this.here += 1;
    const line = this.lines[anchor.seq - 1];
    if (!line) {
      return issue(
        `the record anchors ledger line ${anchor.seq}, but this clone's ledger has ${this.lines.length} line${this.lines.length === 1 ? "" : "s"}: it was truncated or deleted`,
      );
    }
    if (lineHash(line.bytes) !== anchor.line_hash) {
      return issue(`ledger line ${anchor.seq} is not the line the record anchors: it was edited`);
    }
    const { entry } = line;
    if (
      entry?.event !== "commit_traced" ||
      entry.commit !== commit ||
      entry.record_id !== record.id
    ) {
      return issue(`ledger line ${anchor.seq} does not record this commit's record ${record.id}`);
    }
    if (entry.record_sha256 !== recordDigest(record)) return issue(edited(anchor.seq));
    return [];
  }
}

function edited(seq: number): string {
  return `the record is not the one ledger line ${seq} recorded: its id, time, intent or contributor was edited after it was written`;
}

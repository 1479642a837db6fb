import type { TraceIssueKind } from "../core/check/range-check.js";
import { intentTrailer, trailerValues } from "../core/commit/trailers.js";
import { buildRecord } from "../core/trace/build-record.js";
import type { CommitDiff } from "../core/trace/commit-diff.js";
import { compareRecord } from "../core/trace/compare-record.js";
import type { Contributor } from "../core/trace/contributor.js";
import { contentHash, recordedLines } from "../core/trace/range-hash.js";
import {
  fileContributor,
  rangeContributor,
  sameContributor,
  sameContributorOrNone,
} from "../core/trace/record-contributors.js";
import { recordDigest } from "../core/trace/record-digest.js";
import type { RangeEvidence, TracedRange, TraceRecord } from "../core/trace/record-schema.js";
import { contentRunLength } from "../core/trace/recorded-runs.js";
import type { TraceIssueDetail } from "../core/trace/trace-issue-detail.js";
import { CatFileSession } from "../git/cat-file-batch.js";
import { diffCommitsInBatches } from "../git/diff-commit.js";
import { listNotes } from "../git/notes.js";
import { type BlobDigest, digestInto } from "../git/read-blobs.js";
import { collectInto, type GitObject } from "../git/read-objects.js";
import type { Repo } from "../git/repo.js";
import { lineHash } from "../ledger/ledger.js";
import { ledgerPath, readLedgerFile } from "../ledger/ledger-file.js";
import { indexLedger, type LedgerLine, readCloneId } from "../ledger/ledger-index.js";
import { type LedgerReport, verifyChain } from "../ledger/verify-chain.js";
import { version } from "../version.js";
import { commitsBeforeAdoption, commitsInRange } from "./commit-range.js";
import { noteLines, recordsInNote } from "./note-records.js";

export interface TraceIssue {
  commit: string;
  kind: TraceIssueKind;
  detail: TraceIssueDetail;
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
      issues.push({ commit, kind: "untraced", detail: { kind: "no-record" } });
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
      const countedRecords = new Map<string, TraceRecord>();
      for (const [commit, records] of stored) {
        const counted = countedRecord(records, differences, anchors, commit);
        countedRecords.set(commit, counted);
        for (const record of records) {
          if (record === counted) continue;
          superseded.push({ commit, record_id: record.id, counted: counted.id });
          // Every report that reads the note sees this record too: it must agree with the
          // commit as the counted one does, or it is a forgery riding beside a true record.
          const disagreements = [...(differences.get(record) ?? [])];
          // Who made the commit comes from the commit (its author, its Contributor-* trailers),
          // so two hooks' records of it name the same one; a file's or range's own contributor
          // may differ (only the clone whose agent hooks saw the writes has that evidence).
          if (
            "contributor" in record &&
            "contributor" in counted &&
            !sameContributor(record.contributor, counted.contributor)
          ) {
            disagreements.push({
              kind: "contributor-differs",
              contributor: record.contributor,
              counted: counted.contributor,
            });
          }
          for (const detail of disagreements) {
            issues.push({
              commit,
              kind: "tampered",
              detail: { kind: "superseded-disagrees", record: record.id, detail },
            });
          }
        }
        for (const detail of differences.get(counted) ?? []) {
          issues.push({ commit, kind: "tampered", detail });
        }
        issues.push(...anchors.check(commit, counted));
      }
      issues.push(...(await checkEvidence(session, noteBlobs, countedRecords)));
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
  differences: ReadonlyMap<TraceRecord, readonly TraceIssueDetail[]>,
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
      issues.push({ commit, kind: "untraced", detail: { kind: "note-unreadable" } });
      continue;
    }
    const records: TraceRecord[] = [];
    for (const line of await noteLines(note.content)) {
      if (line.ok) records.push(line.record);
      else
        issues.push({
          commit,
          kind: "invalid",
          detail: { kind: "invalid-line", line: line.line, problem: line.problem },
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
): Promise<Map<TraceRecord, TraceIssueDetail[]>> {
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
  const split = await splitFileContent(session, diffs, stored);
  const differences = new Map<TraceRecord, TraceIssueDetail[]>();
  for (const diff of diffs) {
    for (const record of stored.get(diff.commit.sha) ?? []) {
      const fresh = buildRecord({
        diff,
        blob: (oid) => digests.get(oid) ?? null,
        intentId: trailerValues(diff.commit.trailers, intentTrailer)[0] ?? null,
        intent: null,
        // Who wrote what is not recomputable: the ledger vouches for it, and evidence below.
        contributor: { entity_type: "HUMAN" },
        id: record.id,
        timestamp: record.timestamp,
        toolVersion: version,
      });
      const pieceHash = (path: string, start: number, end: number) => {
        const lines = split.get(`${diff.commit.sha}:${path}`);
        return lines && end <= lines.length ? contentHash(lines.slice(start - 1, end)) : null;
      };
      const found = compareRecord(record, fresh, pieceHash);
      if (found.length > 0) differences.set(record, found);
    }
  }
  return differences;
}

/**
 * The lines of the files whose ranges a record split by contributor (version 2), by
 * `commit:path`: a piece's content hash is checked against them. Read only for such files.
 */
async function splitFileContent(
  session: CatFileSession,
  diffs: readonly CommitDiff[],
  stored: ReadonlyMap<string, readonly TraceRecord[]>,
): Promise<Map<string, Uint8Array[]>> {
  const wanted = new Map<string, string>();
  for (const diff of diffs) {
    for (const record of stored.get(diff.commit.sha) ?? []) {
      for (const file of record.files) {
        if (!file.ranges.some((range) => "contributor" in range && range.contributor)) continue;
        const change = diff.changes.find((candidate) => candidate.path === file.relative_path);
        if (change?.newBlob) wanted.set(`${diff.commit.sha}:${file.relative_path}`, change.newBlob);
      }
    }
  }
  const lines = new Map<string, Uint8Array[]>();
  if (wanted.size === 0) return lines;
  const blobs = new Map<string, GitObject | null>();
  await session.read([...new Set(wanted.values())], (name, object) =>
    collectInto(blobs, name, object),
  );
  for (const [key, oid] of wanted) {
    const blob = blobs.get(oid);
    if (blob) lines.set(key, recordedLines(new Uint8Array(blob.content)));
  }
  return lines;
}

/**
 * Each range whose contributor rests on another record (`evidence.kind` "source") against that
 * record, read through the session: it must hold, at the lines named, in that file, the same
 * line hashes in order — found in this range — as the same contributor. A forged contributor, or
 * a source that does not say so, is reported as tampered.
 */
async function checkEvidence(
  session: CatFileSession,
  noteBlobs: ReadonlyMap<string, string>,
  counted: ReadonlyMap<string, TraceRecord>,
): Promise<TraceIssue[]> {
  const claims: { commit: string; path: string; range: TracedRange; who: Contributor }[] = [];
  for (const [commit, record] of counted) {
    for (const file of record.files) {
      for (const range of file.ranges) {
        if (!("evidence" in range) || range.evidence?.kind !== "source") continue;
        claims.push({
          commit,
          path: file.relative_path,
          range,
          // A source range always names its contributor (only a withheld one names none).
          who: rangeContributor(record, file, range) ?? fileContributor(record, file),
        });
      }
    }
  }
  if (claims.length === 0) return [];
  const sources = [
    ...new Set(
      claims.map(({ range }) => (range as { evidence: { commit: string } }).evidence.commit),
    ),
  ];
  const notes = new Map<string, GitObject | null>();
  const blobOf = (commit: string) => noteBlobs.get(commit) ?? "";
  await session.read(
    sources.filter((commit) => noteBlobs.has(commit)).map(blobOf),
    (name, object) => collectInto(notes, name, object),
  );
  const issues: TraceIssue[] = [];
  for (const { commit, path, range, who } of claims) {
    const evidence = (range as { evidence: Extract<RangeEvidence, { kind: "source" }> }).evidence;
    const note = notes.get(blobOf(evidence.commit));
    const records = note ? await recordsInNote(note.content, evidence.commit) : [];
    const span = { path, start: range.start_line, end: range.end_line };
    const lines = evidence.end_line - evidence.start_line + 1;
    if (evidence.commit === commit || lines < contentRunLength) {
      const source = evidence.commit === commit ? null : { commit: evidence.commit, lines };
      issues.push({
        commit,
        kind: "tampered",
        detail: { kind: "evidence-short", range: span, who, source, needed: contentRunLength },
      });
      continue;
    }
    if (!records.some((record) => sourceHolds(record, evidence, range, who))) {
      const source = {
        commit: evidence.commit,
        path: evidence.path,
        start: evidence.start_line,
        end: evidence.end_line,
      };
      issues.push({
        commit,
        kind: "tampered",
        detail: { kind: "evidence-unheld", range: span, who, source, recorded: records.length > 0 },
      });
    }
  }
  return issues;
}

/** Whether a source record holds the evidence's lines, as `who`, with hashes found in `range`. */
function sourceHolds(
  record: TraceRecord,
  evidence: Extract<RangeEvidence, { kind: "source" }>,
  range: TracedRange,
  who: Contributor | null,
): boolean {
  const file = record.files.find((candidate) => candidate.relative_path === evidence.path);
  const held = file?.ranges.find(
    (candidate) =>
      candidate.start_line <= evidence.start_line && evidence.end_line <= candidate.end_line,
  );
  if (!file || !held?.line_hashes || !range.line_hashes) return false;
  if (!sameContributorOrNone(rangeContributor(record, file, held), who)) return false;
  const hashes = held.line_hashes
    .slice(evidence.start_line - held.start_line, evidence.end_line - held.start_line + 1)
    .join(",");
  return range.line_hashes.join(",").includes(hashes);
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
    const issue = (detail: TraceIssueDetail): TraceIssue[] => [{ commit, kind: "ledger", detail }];
    if (!anchor || anchor.clone !== this.clone) {
      if (anchor) this.elsewhere += 1;
      const here = this.traced.get(commit);
      if (!here) return [];
      if (here.recordId !== record.id) {
        return issue({
          kind: "ledger-other-record",
          seq: here.seq,
          ledgerRecord: here.recordId,
          noteRecord: record.id,
        });
      }
      if (here.digest !== null && here.digest !== recordDigest(record))
        return issue({ kind: "record-edited", seq: here.seq });
      return [];
    }
    this.here += 1;
    const line = this.lines[anchor.seq - 1];
    if (!line) {
      return issue({ kind: "ledger-truncated", seq: anchor.seq, lines: this.lines.length });
    }
    if (lineHash(line.bytes) !== anchor.line_hash) {
      return issue({ kind: "ledger-line-edited", seq: anchor.seq });
    }
    const { entry } = line;
    if (
      entry?.event !== "commit_traced" ||
      entry.commit !== commit ||
      entry.record_id !== record.id
    ) {
      return issue({ kind: "ledger-line-other", seq: anchor.seq, record: record.id });
    }
    if (entry.record_sha256 !== recordDigest(record)) {
      return issue({ kind: "record-edited", seq: anchor.seq });
    }
    return [];
  }
}

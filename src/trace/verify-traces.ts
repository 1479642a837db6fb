import { readFileSync } from "node:fs";
import { buildRecord } from "../core/trace/build-record.js";
import type { CommitDiff } from "../core/trace/commit-diff.js";
import { compareRecord } from "../core/trace/compare-record.js";
import { TraceRecord } from "../core/trace/record-schema.js";
import { diffCommits } from "../git/diff-commit.js";
import { readNotes } from "../git/notes.js";
import { readBlobs } from "../git/read-blobs.js";
import type { Repo } from "../git/repo.js";
import { ledgerPath } from "../ledger/ledger.js";
import { type LedgerReport, verifyChain } from "../ledger/verify-chain.js";
import { version } from "../version.js";
import { commitsBeforeAdoption, commitsInRange } from "./commit-range.js";
import { parseNote } from "./note-records.js";

export interface TraceIssue {
  commit: string;
  kind: "untraced" | "invalid" | "tampered" | "duplicate";
  detail: string;
}

export interface VerifyReport {
  version: 1;
  range: string;
  ledger: LedgerReport & { file: string };
  commits: { checked: number; traced: number; before_adoption: number };
  issues: TraceIssue[];
}

/**
 * Verifies the ledger's chain and every commit's trace in a range: a note exists (after
 * adoption), each of its lines is a valid record keyed to that commit, there is exactly one, and
 * its files, blob hashes and ranges equal a fresh recomputation from the commit. The range's
 * diffs stream from one `git diff-tree --stdin`, its blobs from one `git cat-file --batch`.
 */
export async function verifyTraces(repo: Repo, range: string): Promise<VerifyReport> {
  const file = ledgerPath(repo);
  const ledger = { file, ...verifyChain(readLedger(file)) };
  const [commits, beforeAdoption] = await Promise.all([
    commitsInRange(repo.root, range),
    commitsBeforeAdoption(repo.root, range),
  ]);
  const notes = await readNotes(repo.root, commits);
  const issues: TraceIssue[] = [];
  const stored = new Map<string, TraceRecord>();
  for (const commit of commits) {
    const note = notes.get(commit);
    if (note === undefined) {
      if (!beforeAdoption.has(commit))
        issues.push({ commit, kind: "untraced", detail: "no trace record" });
      continue;
    }
    const records = checkNote(commit, note, issues);
    if (records.length > 1) {
      issues.push({
        commit,
        kind: "duplicate",
        detail: `${records.length} records in one note; expected one`,
      });
    }
    const [record] = records;
    if (record) stored.set(commit, record);
  }
  for (const [commit, differences] of await recompute(repo.root, stored)) {
    for (const detail of differences) issues.push({ commit, kind: "tampered", detail });
  }
  return {
    version: 1,
    range,
    ledger,
    commits: { checked: commits.length, traced: stored.size, before_adoption: beforeAdoption.size },
    issues,
  };
}

/** How many problems a report counts: every trace issue, every ledger issue not marked. */
export function verifyProblems(report: VerifyReport): number {
  return report.issues.length + report.ledger.issues.filter((issue) => !issue.marked).length;
}

function readLedger(file: string): Buffer {
  try {
    return readFileSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return Buffer.alloc(0);
    throw error;
  }
}

/** The note's lines that are valid records; every other line becomes an issue. */
function checkNote(commit: string, note: string, issues: TraceIssue[]): TraceRecord[] {
  const records: TraceRecord[] = [];
  for (const line of parseNote(note)) {
    if (!line.ok) {
      issues.push({
        commit,
        kind: "invalid",
        detail: `note line ${line.line} is not JSON (${line.problem})`,
      });
      continue;
    }
    const parsed = TraceRecord.safeParse(line.record);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue?.path.join(".") || "record";
      issues.push({
        commit,
        kind: "invalid",
        detail: `note is not a valid trace record (${where}: ${issue?.message})`,
      });
      continue;
    }
    records.push(parsed.data);
  }
  return records;
}

/** Recomputes the stored records' commits and lists, per commit, what differs. */
async function recompute(
  dir: string,
  stored: Map<string, TraceRecord>,
): Promise<Map<string, string[]>> {
  const diffs: CommitDiff[] = [];
  await diffCommits(dir, [...stored.keys()], (diff) => diffs.push(diff));
  const oids = diffs.flatMap((diff) =>
    diff.changes.flatMap((change) =>
      [change.oldBlob, change.newBlob].filter((oid): oid is string => oid !== null),
    ),
  );
  const { digests } = await readBlobs(dir, oids);
  const differences = new Map<string, string[]>();
  for (const diff of diffs) {
    const record = stored.get(diff.commit.sha);
    if (!record) continue;
    const fresh = buildRecord({
      diff,
      blobSha256: (oid) => digests.get(oid)?.sha256 ?? null,
      intentId: record.intent_id,
      intent: null,
      contributorOf: () => ({ entity_type: "HUMAN" }),
      id: record.id,
      timestamp: record.timestamp,
      toolVersion: version,
    });
    const found = compareRecord(record, fresh);
    if (found.length > 0) differences.set(diff.commit.sha, found);
  }
  return differences;
}

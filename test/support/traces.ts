import { createHash } from "node:crypto";
import { fileContributor } from "../../src/core/trace/record-contributors.js";
import type { TraceRecord } from "../../src/core/trace/record-schema.js";
import type { TestRepo } from "./test-repo.js";

/** The records in a commit's note, read with plain git. */
/** A record's file's contributor (its own, else the record's: version 2 names it once). */
export function fileContributorOf(record: TraceRecord | undefined, path?: string) {
  const file = path ? record?.files.find((f) => f.relative_path === path) : record?.files[0];
  return record && file ? fileContributor(record, file) : undefined;
}

export function noteRecords(repo: TestRepo, rev = "HEAD"): TraceRecord[] {
  const note = repo.tryGit(["notes", "--ref=refs/notes/intentguard", "show", rev]);
  if (note.status !== 0) return [];
  return note.stdout
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as TraceRecord);
}

/**
 * Lines start..end of a file as `git show` returns it, as records hash them: each without its
 * "\n", a line that "\n" ended without its final "\r" (a "\r" ending an unterminated last line
 * stays). Written here anew, with none of intentguard's code.
 */
function independentLines(
  repo: TestRepo,
  rev: string,
  path: string,
  start: number,
  end: number,
): string[] {
  const pieces = repo.git("show", `${rev}:${path}`).split("\n");
  return pieces.slice(start - 1, end).map((line, index) => {
    const terminated = start - 1 + index < pieces.length - 1;
    return terminated && line.endsWith("\r") ? line.slice(0, -1) : line;
  });
}

/**
 * The content hash of lines start..end of a file as `git show` returns it, computed here with
 * Node's crypto and none of intentguard's code: the independent check of every range.
 */
export function independentHash(
  repo: TestRepo,
  rev: string,
  path: string,
  start: number,
  end: number,
): string {
  const lines = independentLines(repo, rev, path, start, end);
  return `sha256:${createHash("sha256").update(lines.join("\n"), "utf8").digest("hex")}`;
}

/**
 * The line hashes of lines start..end, likewise: the first 16 hex digits of each line's SHA-256,
 * computed here with Node's crypto alone.
 */
export function independentLineHashes(
  repo: TestRepo,
  rev: string,
  path: string,
  start: number,
  end: number,
): string[] {
  return independentLines(repo, rev, path, start, end).map((line) =>
    createHash("sha256").update(line, "utf8").digest("hex").slice(0, 16),
  );
}

/**
 * Every range of a record, checked against the independent hash of the commit's content, and its
 * line hashes, when it has them, against the independent hash of each line. Returns how many
 * ranges it checked.
 */
export function expectRangesMatchContent(repo: TestRepo, record: TraceRecord): number {
  let checked = 0;
  for (const file of record.files) {
    for (const range of file.ranges) {
      const where = `${file.relative_path} lines ${range.start_line}-${range.end_line}`;
      const args = [
        repo,
        record.vcs.revision_id,
        file.relative_path,
        range.start_line,
        range.end_line,
      ] as const;
      const expected = independentHash(...args);
      if (range.content_hash !== expected) {
        throw new Error(`${where}: recorded ${range.content_hash}, independent ${expected}`);
      }
      if (range.line_hashes !== undefined) {
        const lines = independentLineHashes(...args);
        if (range.line_hashes.join(" ") !== lines.join(" ")) {
          throw new Error(
            `${where}: recorded line_hashes ${range.line_hashes.join(" ")}, independent ${lines.join(" ")}`,
          );
        }
      }
      checked += 1;
    }
  }
  return checked;
}

/** The ledger's events, parsed. */
export function ledgerEvents(repo: TestRepo): Record<string, unknown>[] {
  const text = repo.read(".orchestration/agent_trace.jsonl");
  return text
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

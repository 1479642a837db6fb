import { createHash } from "node:crypto";
import type { TraceRecord } from "../../src/core/trace/record-schema.js";
import type { TestRepo } from "./test-repo.js";

/** The records in a commit's note, read with plain git. */
export function noteRecords(repo: TestRepo, rev = "HEAD"): TraceRecord[] {
  const note = repo.tryGit(["notes", "--ref=refs/notes/intentguard", "show", rev]);
  if (note.status !== 0) return [];
  return note.stdout
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as TraceRecord);
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
  const content = repo.git("show", `${rev}:${path}`);
  const lines = content.split("\n").slice(start - 1, end);
  const stripped = lines.map((line, index) => {
    const terminated = start - 1 + index < content.split("\n").length - 1;
    return terminated && line.endsWith("\r") ? line.slice(0, -1) : line;
  });
  return `sha256:${createHash("sha256").update(stripped.join("\n"), "utf8").digest("hex")}`;
}

/** Every range of a record, checked against the independent hash of the commit's content. */
export function expectRangesMatchContent(repo: TestRepo, record: TraceRecord): number {
  let checked = 0;
  for (const file of record.files) {
    for (const range of file.ranges) {
      const expected = independentHash(
        repo,
        record.vcs.revision_id,
        file.relative_path,
        range.start_line,
        range.end_line,
      );
      if (range.content_hash !== expected) {
        throw new Error(
          `${file.relative_path} lines ${range.start_line}-${range.end_line}: recorded ${range.content_hash}, independent ${expected}`,
        );
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

import { splitLines } from "../fs/split-lines.js";
import { lineHash } from "./ledger.js";

export interface LedgerIssue {
  line: number;
  kind: "garbled" | "torn" | "seq mismatch" | "prev mismatch";
  detail: string;
  /** A torn line the appender already found and marked (`torn_line_found`): reported, tolerated. */
  marked?: true;
}

export interface LedgerReport {
  entries: number;
  issues: LedgerIssue[];
}

/**
 * Checks the ledger's chain: every line is JSON, its `seq` is its line number, and its `prev` is
 * the SHA-256 of the line before. A garbled line in the middle, an edited or deleted line (the
 * next `prev` no longer matches) and a torn last line are each reported with their line number.
 */
export function verifyChain(bytes: Buffer): LedgerReport {
  if (bytes.length === 0) return { entries: 0, issues: [] };
  const torn = bytes[bytes.length - 1] !== 10;
  const raw = splitLines(torn ? bytes : bytes.subarray(0, -1));
  const lines = raw.map((line) => line.toString("utf8"));
  const issues: LedgerIssue[] = [];
  const markedTorn = new Set<number>();
  lines.forEach((text, index) => {
    const line = index + 1;
    let entry: { seq?: unknown; prev?: unknown; event?: unknown; line?: unknown };
    try {
      entry = JSON.parse(text) as typeof entry;
    } catch {
      const last = line === lines.length;
      issues.push(
        last && torn
          ? {
              line,
              kind: "torn",
              detail: "the last line was never finished (a crash while writing?)",
            }
          : {
              line,
              kind: "garbled",
              detail: `not JSON: ${text.slice(0, 60)}${text.length > 60 ? "…" : ""}`,
            },
      );
      return;
    }
    if (entry.event === "torn_line_found" && typeof entry.line === "number")
      markedTorn.add(entry.line);
    if (entry.seq !== line) {
      issues.push({
        line,
        kind: "seq mismatch",
        detail: `seq is ${JSON.stringify(entry.seq)}, expected ${line}`,
      });
    }
    const expected = line === 1 ? null : lineHash(raw[index - 1] ?? Buffer.alloc(0));
    if (entry.prev !== expected) {
      issues.push({
        line,
        kind: "prev mismatch",
        detail: `prev does not match line ${line - 1}: it was edited, removed or inserted`,
      });
    }
  });
  for (const issue of issues) {
    if (issue.kind === "garbled" && markedTorn.has(issue.line)) {
      issue.kind = "torn";
      issue.detail = "cut short by a crash, kept and marked by the next append";
      issue.marked = true;
    }
  }
  return { entries: lines.length, issues };
}

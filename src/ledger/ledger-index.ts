import { randomUUID } from "node:crypto";
import path from "node:path";
import { writeFileAtomic } from "../fs/atomic-write.js";
import { readIfExists } from "../fs/read-if-exists.js";
import { splitLines } from "../fs/split-lines.js";
import type { Repo } from "../git/repo.js";

/** One line of the ledger: its bytes (what `prev` and anchors hash) and its event, if it parses. */
export interface LedgerLine {
  bytes: Buffer;
  entry: Record<string, unknown> | null;
}

/** The ledger's lines in order (line n is seq n); a torn last line is kept. */
export function indexLedger(bytes: Buffer): LedgerLine[] {
  if (bytes.length === 0) return [];
  const body = bytes[bytes.length - 1] === 10 ? bytes.subarray(0, -1) : bytes;
  return splitLines(body).map((line) => {
    try {
      const entry = JSON.parse(line.toString("utf8")) as unknown;
      return {
        bytes: line,
        entry: entry && typeof entry === "object" ? (entry as Record<string, unknown>) : null,
      };
    } catch {
      return { bytes: line, entry: null };
    }
  });
}

/**
 * This clone's identity, kept beside the ledger in the common git directory: records written
 * here anchor this clone's ledger under it, so verify checks them against this ledger and leaves
 * records anchored in teammates' ledgers alone.
 */
export function cloneIdFile(repo: Repo): string {
  return path.join(repo.commonDir, "intentguard", "clone-id");
}

export function readCloneId(repo: Repo): string | null {
  const text = readIfExists(cloneIdFile(repo))?.toString("utf8").trim();
  return text && /^[0-9a-f-]{36}$/.test(text) ? text : null;
}

/** The clone's identity, made the first time it is needed. */
export function cloneId(repo: Repo): string {
  const existing = readCloneId(repo);
  if (existing) return existing;
  const made = randomUUID();
  writeFileAtomic(cloneIdFile(repo), `${made}\n`, undefined, "this clone's identity");
  return made;
}

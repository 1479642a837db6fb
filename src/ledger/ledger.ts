import { createHash } from "node:crypto";
import {
  appendFileSync,
  closeSync,
  existsSync,
  fstatSync,
  mkdirSync,
  openSync,
  readFileSync,
  readSync,
  writeSync,
} from "node:fs";
import path from "node:path";
import { withFileLock } from "../fs/file-lock.js";
import { splitLines } from "../fs/split-lines.js";
import type { Repo } from "../git/repo.js";

/** What the hooks and commands record in this clone's ledger. */
export type LedgerEvent =
  | { event: "intent_selected"; intent_id: string; work_tree: string }
  | {
      event: "commit_traced";
      commit: string;
      intent_id: string | null;
      record_id: string;
      files: number;
      lines: number;
      /** Commits the same ref update dropped (an amend's or a rebase's originals). */
      rewritten_from?: string[];
    }
  /** A record written while a ref update was prepared, removed because the update was aborted. */
  | { event: "trace_withdrawn"; commit: string; record_id: string }
  | {
      event: "commit_denied";
      hook: string;
      /** The refused commit, when it exists already (a ref update); null for a staged change. */
      commit?: string;
      rules: string[];
      intent_id: string | null;
      paths: string[];
      path_count: number;
    }
  | { event: "hook_error"; hook: string; commit: string | null; message: string }
  | { event: "torn_line_found"; line: number };

/**
 * The ledger is this clone's: one file for every linked work tree, in the main work tree's
 * `.orchestration/` (ignored by git), or in the common git directory of a bare repository.
 */
export function ledgerPath(repo: Repo): string {
  if (path.basename(repo.commonDir) === ".git") {
    return path.join(path.dirname(repo.commonDir), ".orchestration", "agent_trace.jsonl");
  }
  return path.join(repo.commonDir, "intentguard", "agent_trace.jsonl");
}

/**
 * The ledger is never to be committed: `init` writes .orchestration/.gitignore, and in case it
 * was not run, the ledger and its lock also go into the repository's local exclude file.
 */
function excludeFromGit(repo: Repo, file: string): void {
  const mainWorkTree = path.dirname(repo.commonDir);
  const relative = path.relative(mainWorkTree, file);
  if (relative.startsWith("..") || path.isAbsolute(relative)) return; // kept in the git directory
  const pattern = `/${relative.split(path.sep).join("/")}`;
  const exclude = path.join(repo.commonDir, "info", "exclude");
  const existing = existsSync(exclude) ? readFileSync(exclude, "utf8") : "";
  if (existing.split("\n").includes(pattern)) return;
  mkdirSync(path.dirname(exclude), { recursive: true });
  const separator = existing === "" || existing.endsWith("\n") ? "" : "\n";
  appendFileSync(
    exclude,
    `${separator}# intentguard's local ledger\n${pattern}\n${pattern}.lock\n`,
  );
}

/** SHA-256 of a ledger line's bytes (without its newline): the next line's `prev`. */
export function lineHash(line: Buffer | string): string {
  return `sha256:${createHash("sha256").update(line).digest("hex")}`;
}

/**
 * Appends one event as one write of one line, under the ledger lock, chained to the line before
 * (`seq` is the line's number, `prev` the SHA-256 of the previous line). A torn last line left by
 * a crash is kept: it is terminated, a `torn_line_found` event says where it is, and the chain
 * continues from it, so nothing is dropped or overwritten. Returns the events written (the torn
 * line's marker first, when there was one), so the caller can say what happened; it prints nothing.
 */
export function appendLedgerEvent(repo: Repo, event: LedgerEvent): Promise<LedgerEvent[]> {
  return appendLedgerEvents(repo, [event]);
}

/** Appends several events in one write under one lock (a rebase traces many commits at once). */
export async function appendLedgerEvents(
  repo: Repo,
  events: readonly LedgerEvent[],
): Promise<LedgerEvent[]> {
  const file = ledgerPath(repo);
  if (!existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true });
    excludeFromGit(repo, file);
  }
  return withFileLock(`${file}.lock`, () => {
    const tail = readTail(file);
    const lines: string[] = [];
    const written: LedgerEvent[] = [];
    let seq = tail.lastSeq;
    let prev = tail.lastLine === null ? null : lineHash(tail.lastLine);
    const push = (next: LedgerEvent) => {
      seq += 1;
      const line = JSON.stringify({ seq, prev, timestamp: new Date().toISOString(), ...next });
      lines.push(line);
      written.push(next);
      prev = lineHash(line);
    };
    if (tail.torn) {
      seq += 1; // the torn line keeps its place
      push({ event: "torn_line_found", line: seq });
    }
    for (const event of events) push(event);
    const text = `${tail.torn ? "\n" : ""}${lines.join("\n")}\n`;
    const fd = openSync(file, "a");
    try {
      writeSync(fd, text);
    } finally {
      closeSync(fd);
    }
    return written;
  });
}

interface Tail {
  /** The last line's bytes (torn or not), null for an empty ledger. */
  lastLine: Buffer | null;
  /** The seq of the last complete line (its line number). */
  lastSeq: number;
  /** The file does not end with a newline: its last line was never finished. */
  torn: boolean;
}

const tailBytes = 1 << 16;

/** Reads the end of the ledger: its last line, and the last complete line's seq. */
function readTail(file: string): Tail {
  let fd: number;
  try {
    fd = openSync(file, "r");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT")
      return { lastLine: null, lastSeq: 0, torn: false };
    throw error;
  }
  try {
    const size = fstatSync(fd).size;
    if (size === 0) return { lastLine: null, lastSeq: 0, torn: false };
    for (let length = Math.min(size, tailBytes); ; length = Math.min(size, length * 4)) {
      const window = Buffer.alloc(length);
      readSync(fd, window, 0, length, size - length);
      const torn = window[length - 1] !== 10;
      const lines = splitLines(torn ? window : window.subarray(0, -1));
      // The window's first line may be cut off unless the window starts the file.
      const needed = torn ? 2 : 1;
      if (lines.length <= needed && length < size) continue;
      const lastLine = lines[lines.length - 1] ?? Buffer.alloc(0);
      const lastComplete = torn ? lines[lines.length - 2] : lastLine;
      const lastSeq = lastComplete === undefined ? 0 : seqOf(lastComplete, fd, size);
      return { lastLine, lastSeq, torn };
    }
  } finally {
    closeSync(fd);
  }
}

/** The seq of the last complete line; counts lines when that line is not valid JSON. */
function seqOf(line: Buffer, fd: number, size: number): number {
  try {
    const seq = (JSON.parse(line.toString("utf8")) as { seq?: unknown }).seq;
    if (typeof seq === "number" && Number.isInteger(seq)) return seq;
  } catch {
    // a garbled line: fall through and count
  }
  const all = Buffer.alloc(size);
  readSync(fd, all, 0, size, 0);
  const text = all.toString("utf8");
  const complete = text.endsWith("\n") ? text : text.slice(0, text.lastIndexOf("\n") + 1);
  return complete.split("\n").length - 1;
}

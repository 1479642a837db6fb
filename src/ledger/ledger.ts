import { createHash } from "node:crypto";
import {
  appendFileSync,
  closeSync,
  constants,
  existsSync,
  fstatSync,
  mkdirSync,
  openSync,
  readSync,
  writeSync,
} from "node:fs";
import path from "node:path";
import { type Clock, isoMillis } from "../core/clock.js";
import { IntentguardError } from "../errors.js";
import { withFileLock } from "../fs/file-lock.js";
import { fileSystemError } from "../fs/fs-error.js";
import { makeDirectory } from "../fs/make-directory.js";
import { readIfExists } from "../fs/read-if-exists.js";
import { splitLines } from "../fs/split-lines.js";
import type { Repo } from "../git/repo.js";
import { ledgerPath, notRegularFile } from "./ledger-file.js";
import { cloneId } from "./ledger-index.js";

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
      /** The SHA-256 of the record (see core/trace/record-digest): the ledger vouches for it. */
      record_sha256?: string;
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
  | { event: "scope_requested"; intent_id: string; grant: number; paths: string[] }
  | { event: "scope_approved"; intent_id: string; grant: number; by: string; signature: string }
  | {
      event: "scope_reviewed";
      intent_id: string;
      grant: number;
      reviewer: string;
      decision: "APPROVED" | "REJECTED";
      reasons: string;
    }
  | { event: "torn_line_found"; line: number };

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
  const existing = readIfExists(exclude, "git's exclude file")?.toString("utf8") ?? "";
  if (existing.split("\n").includes(pattern)) return;
  const separator = existing === "" || existing.endsWith("\n") ? "" : "\n";
  makeDirectory(path.dirname(exclude));
  try {
    appendFileSync(
      exclude,
      `${separator}# intentguard's local ledger\n${pattern}\n${pattern}.lock\n`,
    );
  } catch (error) {
    throw fileSystemError(error, exclude, "write", "git's exclude file");
  }
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
export function appendLedgerEvent(
  repo: Repo,
  clock: Clock,
  event: LedgerEvent,
): Promise<LedgerEvent[]> {
  return appendLedgerEvents(repo, clock, [event]);
}

/** Appends several events in one write under one lock (a rebase traces many commits at once). */
export async function appendLedgerEvents(
  repo: Repo,
  clock: Clock,
  events: readonly LedgerEvent[],
): Promise<LedgerEvent[]> {
  try {
    return await appendAnchoredEvents(repo, clock, events, async () => {});
  } catch (error) {
    throw error instanceof LedgerAppendError ? error.failure : error;
  }
}

/** Where an event lies: this clone's ledger, the event's line number and its line's SHA-256. */
export interface LedgerAnchor {
  clone: string;
  seq: number;
  line_hash: string;
}

/**
 * The ledger could not be appended. `published`: what points at the lines (the trace records)
 * was written before the append failed, so it names lines this ledger does not have.
 */
export class LedgerAppendError extends IntentguardError {
  constructor(
    readonly failure: unknown,
    readonly published: boolean,
  ) {
    super(failure instanceof Error ? failure.message : String(failure));
  }
}

/**
 * Appends events that something else points at (a trace record anchors its commit_traced line):
 * under the ledger lock the lines are composed, `publish` is handed each event's anchor and
 * writes what points at them (the notes), and only then are the lines appended — so the ledger
 * says "traced" only of what is, and no other writer takes those line numbers meanwhile. When
 * `publish` fails nothing is appended; any failure of the ledger itself is a LedgerAppendError
 * saying whether `publish` had run.
 */
export async function appendAnchoredEvents(
  repo: Repo,
  clock: Clock,
  events: readonly LedgerEvent[],
  publish: (anchors: LedgerAnchor[]) => Promise<void>,
): Promise<LedgerEvent[]> {
  let published = false;
  try {
    const file = prepareLedger(repo);
    const clone = cloneId(repo);
    return await withFileLock(`${file}.lock`, clock, async () => {
      const at = isoMillis(clock.now());
      const { text, written, anchors } = composeLines(readTail(file), events, clone, at);
      await publish(anchors).catch((error: unknown) => {
        throw new PublishError(error);
      });
      published = true;
      appendText(file, text);
      return written;
    });
  } catch (error) {
    if (error instanceof PublishError) throw error.cause;
    throw new LedgerAppendError(error, published);
  }
}

/** Carries a failure of `publish` through the ledger's own error handling unchanged. */
class PublishError {
  constructor(readonly cause: unknown) {}
}

/** The ledger's path, its directory made and kept out of git the first time. */
function prepareLedger(repo: Repo): string {
  const file = ledgerPath(repo);
  if (!existsSync(file)) {
    try {
      mkdirSync(path.dirname(file), { recursive: true });
    } catch (error) {
      throw fileSystemError(error, file, "write", "the ledger");
    }
    excludeFromGit(repo, file);
  }
  return file;
}

/**
 * The text that appends `events` after `tail`, each line chained to the one before; a torn last
 * line is terminated and marked first. Every line of one append has the same time: they are
 * written at once. The anchors are the events' own lines, in order.
 */
function composeLines(
  tail: Tail,
  events: readonly LedgerEvent[],
  clone: string,
  timestamp: string,
): { text: string; written: LedgerEvent[]; anchors: LedgerAnchor[] } {
  const lines: string[] = [];
  const written: LedgerEvent[] = [];
  const anchors: LedgerAnchor[] = [];
  let seq = tail.lastSeq;
  let prev = tail.lastLine === null ? null : lineHash(tail.lastLine);
  const push = (next: LedgerEvent) => {
    seq += 1;
    const line = JSON.stringify({ seq, prev, timestamp, ...next });
    lines.push(line);
    written.push(next);
    prev = lineHash(line);
    return { clone, seq, line_hash: prev };
  };
  if (tail.torn) {
    seq += 1; // the torn line keeps its place
    push({ event: "torn_line_found", line: seq });
  }
  for (const event of events) anchors.push(push(event));
  return { text: `${tail.torn ? "\n" : ""}${lines.join("\n")}\n`, written, anchors };
}

/** One write of the composed lines, appended. */
function appendText(file: string, text: string): void {
  try {
    const fd = openSync(file, "a");
    try {
      writeSync(fd, text);
    } finally {
      closeSync(fd);
    }
  } catch (error) {
    throw fileSystemError(error, file, "write", "the ledger");
  }
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

/**
 * Reads the end of the ledger: its last line, and the last complete line's seq. A ledger that
 * cannot be read (no permission, a directory in its place) is explained with its path.
 */
function readTail(file: string): Tail {
  try {
    return readTailOf(file);
  } catch (error) {
    throw fileSystemError(error, file, "read", "the ledger");
  }
}

function readTailOf(file: string): Tail {
  let fd: number;
  try {
    // Non-blocking: a FIFO in the ledger's place must not hang the hook until a writer comes.
    fd = openSync(file, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT")
      return { lastLine: null, lastSeq: 0, torn: false };
    throw error;
  }
  try {
    const stat = fstatSync(fd);
    if (stat.isFIFO() || stat.isSocket()) throw notRegularFile(file);
    const size = stat.size;
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

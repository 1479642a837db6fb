import { closeSync, constants, fstatSync, openSync, readFileSync } from "node:fs";
import path from "node:path";
import { ExitCode, FailureError } from "../errors.js";
import { fileSystemError } from "../fs/fs-error.js";
import type { Repo } from "../git/repo.js";

// Apart from ledger.ts and ledger-index.ts, which load node:crypto: an agent's hook reads the
// ledger (traced-here.ts) without loading it on every edit.

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
 * The whole ledger, empty when there is none. Only a regular file is read: a ledger pointed at a
 * device (/dev/zero, a FIFO) would never end.
 */
export function readLedgerFile(file: string): Buffer {
  let fd: number;
  try {
    fd = openSync(file, constants.O_RDONLY | constants.O_NONBLOCK); // a FIFO must not hang it
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return Buffer.alloc(0);
    throw fileSystemError(error, file, "read", "the ledger");
  }
  try {
    if (!fstatSync(fd).isFile()) throw notRegularFile(file);
    return readFileSync(fd);
  } catch (error) {
    throw fileSystemError(error, file, "read", "the ledger");
  } finally {
    closeSync(fd);
  }
}

export function notRegularFile(file: string): FailureError {
  return new FailureError({ kind: "ledger-not-regular-file", file }, ExitCode.CannotEvaluate);
}

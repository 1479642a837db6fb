import { mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileSystemError } from "./fs-error.js";

/**
 * Writes a file so that readers see the old content or the new, never a half-written one:
 * a temporary file in the same directory, then rename(2), which replaces atomically. A failure
 * (no permission, a full or read-only disk, a directory in the file's place) leaves the old
 * content and no temporary file, and is explained with the path and the fix; `what` names the
 * file for the user ("the intent selection").
 * Synchronous: the files are small, and the hook path avoids loading fs/promises (~2 ms).
 * The temporary name is the process's own (its pid and a count), with a random part against a
 * stale file of a dead process that had the same pid: Math.random, not node:crypto, whose load
 * costs every command that writes a file ~2.5 ms (a CPU profile of check --staged).
 */
let written = 0;
const processTag = Math.random().toString(36).slice(2, 10);

export function writeFileAtomic(
  file: string,
  content: string | Buffer,
  mode?: number,
  what?: string,
): void {
  const temporary = `${file}.${process.pid}.${processTag}.${++written}.tmp`;
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(temporary, content, mode === undefined ? {} : { mode });
    renameSync(temporary, file);
  } catch (error) {
    try {
      rmSync(temporary, { force: true });
    } catch {
      // Never created, or as unremovable as it was unwritable: the first failure is the one to tell.
    }
    throw fileSystemError(error, file, "write", what);
  }
}

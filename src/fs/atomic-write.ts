import { randomBytes } from "node:crypto";
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
 */
let written = 0;

export function writeFileAtomic(
  file: string,
  content: string | Buffer,
  mode?: number,
  what?: string,
): void {
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString("hex")}.${++written}.tmp`;
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

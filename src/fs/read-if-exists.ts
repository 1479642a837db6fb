import { closeSync, constants, fstatSync, lstatSync, openSync, readSync } from "node:fs";
import { FileSystemError, fileSystemError } from "./fs-error.js";

/**
 * Opened without waiting: a FIFO (or a device) where a file belongs opens at once with
 * O_NONBLOCK, and is then refused by its type, where a plain open would wait for a writer for
 * ever. An agent's shell can plant one in git's directory or ours; a hook must never hang on it.
 */
const readFlags = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0);

/**
 * A small file's content, or undefined when it does not exist (nor can: a part of its path is a
 * file). A file that exists and cannot be read (no permission, a directory, a FIFO, a socket or a
 * device in its place, more than `limit` bytes) fails with an explained error naming it; `what`
 * names it for the user ("the intent selection"). Never waits: see readFlags.
 */
export function readIfExists(
  file: string,
  what?: string,
  limit = Number.POSITIVE_INFINITY,
): Buffer | undefined {
  let fd: number;
  try {
    fd = openSync(file, readFlags);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") return undefined;
    throw fileSystemError(error, file, "read", what);
  }
  try {
    const stat = fstatSync(fd);
    if (stat.isDirectory()) {
      throw fileSystemError(
        Object.assign(new Error("EISDIR"), { code: "EISDIR" }),
        file,
        "read",
        what,
      );
    }
    if (!stat.isFile()) throw notAFile(file, stat, what);
    if (stat.size > limit) throw tooLarge(file, limit, what);
    return readAll(fd, stat.size, limit, file, what);
  } catch (error) {
    throw fileSystemError(error, file, "read", what);
  } finally {
    closeSync(fd);
  }
}

/**
 * Refuses, by lstat alone (nothing is opened), a FIFO, socket or device at `file` where a regular
 * file belongs: what git itself would open and wait on for ever. Absent, a file, a folder or a
 * symlink pass (git reads those, or refuses them, without waiting).
 */
export function refuseIrregular(file: string, what?: string): void {
  let stat: ReturnType<typeof lstatSync>;
  try {
    stat = lstatSync(file, { throwIfNoEntry: false });
  } catch {
    return; // a part of the path is a file: there is nothing here to wait on
  }
  if (
    stat &&
    (stat.isFIFO() || stat.isSocket() || stat.isCharacterDevice() || stat.isBlockDevice())
  )
    throw notAFile(file, stat, what);
}

/**
 * The whole file from `fd`: `size` bytes in one read, then a read into a small shared buffer that
 * finds the end (a file that grew while read is read on, `limit` still holding).
 */
function readAll(fd: number, size: number, limit: number, file: string, what?: string): Buffer {
  const first = Buffer.allocUnsafe(size);
  let total = 0;
  while (total < size) {
    const read = readSync(fd, first, total, size - total, null);
    if (read === 0) return first.subarray(0, total);
    total += read;
  }
  const more: Buffer[] = [];
  for (;;) {
    const read = readSync(fd, probe, 0, probe.length, null);
    if (read === 0) break;
    total += read;
    if (total > limit) throw tooLarge(file, limit, what);
    more.push(Buffer.from(probe.subarray(0, read)));
  }
  return more.length === 0 ? first : Buffer.concat([first, ...more], total);
}

/** Where readAll looks past a file's size: one buffer for the process. */
const probe = Buffer.allocUnsafe(8192);

function notAFile(
  file: string,
  stat: { isFIFO(): boolean; isSocket(): boolean },
  what?: string,
): FileSystemError {
  const kind = stat.isFIFO() ? "a FIFO" : stat.isSocket() ? "a socket" : "a device";
  const subject = what ? `${what} ${file}` : file;
  return new FileSystemError(
    `cannot read ${subject}: it is ${kind}, where a regular file belongs (reading it could wait for ever). Move it away or remove it, then run the command again.`,
    file,
    "ENOTREG",
  );
}

function tooLarge(file: string, limit: number, what?: string): FileSystemError {
  const subject = what ? `${what} ${file}` : file;
  return new FileSystemError(
    `cannot read ${subject}: it holds more than the ${limit} bytes such a file ever needs. Move it away or remove it, then run the command again.`,
    file,
    "EFBIG",
  );
}

import { closeSync, openSync, readFileSync, rmSync, statSync, writeSync } from "node:fs";
import os from "node:os";
import { type Clock, isoMillis } from "../core/clock.js";
import type { LockHolder } from "../core/lock-holder.js";
import { ExitCode, FailureError } from "../errors.js";
import { fileSystemError } from "./fs-error.js";

const staleAfterMs = 30_000;
const giveUpAfterMs = 10_000;
/** How long a wait goes unannounced: most locks are let go within milliseconds. */
const announceAfterMs = 1_000;

let announceWait: (holder: LockHolder) => void = () => {};

/**
 * Who is told, once per wait, that a lock is being waited for and who holds it. The CLI sets it
 * at its edge (src/cli.ts), where output is written: the locks are taken deep in the stores (the
 * notes, the ledger, the intents file), under every command and hook that writes them.
 */
export function onLockWait(listener: (holder: LockHolder) => void): void {
  announceWait = listener;
}

/** Tells the listener that `holder` is being waited for (git's own locks, which it retries). */
export function announceLockWait(holder: LockHolder): void {
  announceWait(holder);
}

/**
 * An exclusive lock shared by every process and linked work tree: a lock file created with
 * O_CREAT|O_EXCL. A lock left by a crashed process is broken: at once when its pid is gone on
 * this host, after 30 s when it is another host's (which cannot be asked) or names no process.
 * A live holder is waited for, up to 10 s; after a second the wait is announced (onLockWait),
 * and giving up names the holder. The wait and the lock file's time are the clock's.
 */
export async function withFileLock<T>(
  lockFile: string,
  clock: Clock,
  work: () => T | Promise<T>,
): Promise<T> {
  const started = clock.now();
  let announced = false;
  let delay = 5;
  for (;;) {
    if (tryCreate(lockFile, clock)) {
      try {
        return await work();
      } finally {
        rmSync(lockFile, { force: true });
      }
    }
    if (breakIfStale(lockFile, clock)) continue;
    const waited = clock.now() - started;
    if (waited > giveUpAfterMs) {
      const holder = lockHolder(lockFile);
      const waitedSeconds = giveUpAfterMs / 1000;
      throw new FailureError(
        { kind: "lock-held", lockFile, waitedSeconds, holder },
        ExitCode.CannotEvaluate,
      );
    }
    if (!announced && waited >= announceAfterMs) {
      announced = true;
      announceWait(lockHolder(lockFile));
    }
    await clock.sleep(delay);
    delay = Math.min(delay * 2, 100);
  }
}

/**
 * Takes the lock: true when this process created the lock file, false when another holds it. A
 * directory that refuses the file (no permission, a full or read-only disk) is explained.
 */
function tryCreate(lockFile: string, clock: Clock): boolean {
  let fd: number;
  try {
    fd = openSync(lockFile, "wx");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw fileSystemError(error, lockFile, "lock");
  }
  try {
    writeSync(fd, `${process.pid} ${os.hostname()} ${isoMillis(clock.now())}\n`);
  } catch (error) {
    // A full disk: the lock was taken, empty; give it back rather than leave it to go stale.
    closeSync(fd);
    rmSync(lockFile, { force: true });
    throw fileSystemError(error, lockFile, "lock");
  }
  closeSync(fd);
  return true;
}

/**
 * Removes a stale lock. Breaking is itself exclusive (a `.break` file created with O_EXCL), and
 * the lock is re-read under it, so two processes cannot both break it and one remove the fresh
 * lock the other has just taken.
 */
function breakIfStale(lockFile: string, clock: Clock): boolean {
  const breaker = `${lockFile}.break`;
  const before = readLock(lockFile);
  if (before === null || !isStale(lockFile, before, clock)) return false;
  if (!tryCreate(breaker, clock)) {
    if (isStale(breaker, readLock(breaker) ?? "", clock)) rmSync(breaker, { force: true });
    return false;
  }
  try {
    if (readLock(lockFile) === before) rmSync(lockFile, { force: true });
    return true;
  } finally {
    rmSync(breaker, { force: true });
  }
}

function readLock(file: string): string | null {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return null;
  }
}

function lockHolder(file: string): LockHolder {
  return parseHolder(file, readLock(file) ?? "");
}

function parseHolder(file: string, content: string): LockHolder {
  const [pid, host, since] = content.trim().split(" ");
  const number = Number(pid);
  const named = Number.isSafeInteger(number) && number > 0;
  return {
    file,
    pid: named ? number : null,
    host: named && host ? host : null,
    since: named && since ? since : null,
  };
}

/**
 * A lock of this host is stale exactly when its process is gone: a live holder is waited for,
 * however long it has held the lock. Another host's, or one that names no process, by its age.
 */
function isStale(lockFile: string, content: string, clock: Clock): boolean {
  const { pid, host } = parseHolder(lockFile, content);
  if (pid !== null && host === os.hostname()) return !processExists(pid);
  try {
    return clock.now() - statSync(lockFile).mtimeMs > staleAfterMs;
  } catch {
    return false; // gone already: try again
  }
}

function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

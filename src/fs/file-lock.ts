import { closeSync, openSync, readFileSync, rmSync, statSync, writeSync } from "node:fs";
import os from "node:os";
import { IntentguardError } from "../errors.js";
import { fileSystemError } from "./fs-error.js";

const staleAfterMs = 30_000;
const giveUpAfterMs = 10_000;

/**
 * An exclusive lock shared by every process and linked work tree: a lock file created with
 * O_CREAT|O_EXCL. A lock left by a crashed process (its pid gone, on this host, or older than
 * 30 s) is broken; a live one is waited for, up to 10 s.
 */
export async function withFileLock<T>(lockFile: string, work: () => T | Promise<T>): Promise<T> {
  const started = Date.now();
  let delay = 5;
  for (;;) {
    if (tryCreate(lockFile)) {
      try {
        return await work();
      } finally {
        rmSync(lockFile, { force: true });
      }
    }
    if (breakIfStale(lockFile)) continue;
    if (Date.now() - started > giveUpAfterMs) {
      throw new IntentguardError(
        `${lockFile} is held by another process and stayed locked for ${giveUpAfterMs / 1000} s. If no intentguard or git process is running, remove that file.`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, delay));
    delay = Math.min(delay * 2, 100);
  }
}

/**
 * Takes the lock: true when this process created the lock file, false when another holds it. A
 * directory that refuses the file (no permission, a full or read-only disk) is explained.
 */
function tryCreate(lockFile: string): boolean {
  let fd: number;
  try {
    fd = openSync(lockFile, "wx");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw fileSystemError(error, lockFile, "lock");
  }
  try {
    writeSync(fd, `${process.pid} ${os.hostname()} ${new Date().toISOString()}\n`);
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
function breakIfStale(lockFile: string): boolean {
  const breaker = `${lockFile}.break`;
  const before = readLock(lockFile);
  if (before === null || !isStale(lockFile, before)) return false;
  if (!tryCreate(breaker)) {
    if (isStale(breaker, readLock(breaker) ?? "")) rmSync(breaker, { force: true });
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

function isStale(lockFile: string, content: string): boolean {
  const [pid, host] = content.split(" ");
  if (host === os.hostname() && pid && !processExists(Number(pid))) return true;
  try {
    return Date.now() - statSync(lockFile).mtimeMs > staleAfterMs;
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

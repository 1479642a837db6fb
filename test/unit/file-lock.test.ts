import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { LockHolder } from "../../src/core/lock-holder.js";
import { wordFailuresWith } from "../../src/errors.js";
import { onLockWait, withFileLock } from "../../src/fs/file-lock.js";
import { failureText } from "../../src/report/failure/failure-text.js";
import { TestClock } from "../support/clock.js";
import { createScratchDir } from "../support/test-repo.js";

// Failures worded as the edge words them (src/cli.ts sets the same catalogue).
wordFailuresWith((failure) => failureText(failure, "intentguard"));

const start = "2026-03-01T09:00:00.000Z";
/** Held by this process, which is alive: a lock no one may break, only wait for. */
const liveHolder = `${process.pid} ${os.hostname()} 2026-03-01T08:00:00.000Z\n`;

/** The waits announced, each with how long (by the clock) the lock had been waited for. */
function announcements(clock: TestClock): { holder: LockHolder; after: number }[] {
  const heard: { holder: LockHolder; after: number }[] = [];
  onLockWait((holder) => heard.push({ holder, after: clock.now() - Date.parse(start) }));
  return heard;
}

afterEach(() => onLockWait(() => {}));

describe("a lock by the clock it is given: no test waits the seconds it counts", () => {
  it("waits for a live holder, says so once after a second, and gives up after 10 s", async () => {
    const lock = path.join(createScratchDir(), "file.lock");
    writeFileSync(lock, liveHolder);
    const clock = new TestClock(start);
    const heard = announcements(clock);
    let ran = false;
    await expect(
      withFileLock(lock, clock, () => {
        ran = true;
      }),
    ).rejects.toThrow(
      `${lock} stayed locked for 10 s, held by process ${process.pid} on ${os.hostname()} (since 2026-03-01T08:00:00.000Z). If that is no intentguard or git command at work, stop it or remove that file.`,
    );
    expect(ran).toBe(false);
    expect(readFileSync(lock, "utf8")).toBe(liveHolder);
    expect(heard).toHaveLength(1);
    // Said at the first look after a second of waiting (the waits between looks are ≤ 100 ms).
    expect(heard[0]?.after).toBeGreaterThanOrEqual(1000);
    expect(heard[0]?.after).toBeLessThan(1100);
    expect(heard[0]?.holder).toEqual({
      file: lock,
      pid: process.pid,
      host: os.hostname(),
      since: "2026-03-01T08:00:00.000Z",
    });
    const waited = clock.now() - Date.parse(start);
    expect(waited).toBeGreaterThan(10_000);
    expect(waited).toBeLessThanOrEqual(10_100);
  });

  it("takes the lock once the holder lets go, stamped with the clock's time", async () => {
    const lock = path.join(createScratchDir(), "file.lock");
    writeFileSync(lock, liveHolder);
    // The holder lets go once the waiter has waited three seconds.
    const clock = new TestClock(start, () => {
      if (clock.now() - Date.parse(start) >= 3000) rmSync(lock, { force: true });
    });
    const heard = announcements(clock);
    const held = await withFileLock(lock, clock, () => readFileSync(lock, "utf8"));
    expect(held).toBe(`${process.pid} ${os.hostname()} ${new Date(clock.now()).toISOString()}\n`);
    expect(clock.now() - Date.parse(start)).toBeGreaterThanOrEqual(3000);
    expect(heard).toHaveLength(1);
    expect(existsSync(lock)).toBe(false);
  });

  it("takes a free lock at once, without waiting or saying anything", async () => {
    const lock = path.join(createScratchDir(), "file.lock");
    const clock = new TestClock(start);
    const heard = announcements(clock);
    expect(await withFileLock(lock, clock, () => readFileSync(lock, "utf8"))).toBe(
      `${process.pid} ${os.hostname()} ${start}\n`,
    );
    expect(clock.sleeps).toEqual([]);
    expect(heard).toEqual([]);
    expect(existsSync(lock)).toBe(false);
  });
});

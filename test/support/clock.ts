import type { Clock } from "../../src/core/clock.js";

/**
 * A clock a test controls: it starts at `start` and moves only when the test advances it or the
 * code under test sleeps on it (by exactly the time slept), so a deadline of ten seconds passes
 * without waiting and a record's time is known to the second. `onSleep` sees each sleep before it
 * returns: an event the test can act on (let go of a lock once the writer is waiting for it).
 */
export class TestClock implements Clock {
  private ms: number;
  /** Every sleep asked for, in order. */
  readonly sleeps: number[] = [];

  constructor(
    start: string,
    private readonly onSleep: (ms: number) => void | Promise<void> = () => {},
  ) {
    this.ms = Date.parse(start);
  }

  now(): number {
    return this.ms;
  }

  /** The clock's time as ISO 8601, to the second (as the intents file writes it). */
  iso(): string {
    return new Date(this.ms).toISOString().replace(/\.\d{3}Z$/, "Z");
  }

  advance(ms: number): void {
    this.ms += ms;
  }

  async sleep(ms: number, signal?: AbortSignal): Promise<void> {
    signal?.throwIfAborted();
    this.sleeps.push(ms);
    await this.onSleep(ms);
    signal?.throwIfAborted();
    this.ms += ms;
    // Lets other work run, as a real sleep would.
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/**
 * Polls `ready` until it holds, failing after `deadlineMs`: for an event a test cannot be told of
 * (a file another process writes), instead of a fixed sleep that is too short on a slow machine.
 */
export async function waitUntil(
  ready: () => boolean,
  what: string,
  deadlineMs = 20_000,
): Promise<void> {
  const deadline = Date.now() + deadlineMs;
  while (!ready()) {
    if (Date.now() > deadline) throw new Error(`waited ${deadlineMs} ms for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

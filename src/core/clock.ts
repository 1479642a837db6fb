/**
 * Where intentguard gets the time: the use cases that stamp a record or wait for a lock are given
 * a Clock, and never read the time themselves. The CLI gives them the system's (src/clock.ts);
 * a test gives one it controls, so that what it asserts does not depend on when it runs or how
 * fast the machine is. The CLI has no way to be given another: record times and signature checks
 * must not be forgeable.
 */
export interface Clock {
  /** Milliseconds since the Unix epoch. */
  now(): number;
  /**
   * Resolves once `ms` milliseconds of this clock's time have passed (a backoff, a deadline);
   * rejects when `signal` is aborted first (a deadline no longer needed holds nothing up).
   */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

/** A time as records write it: ISO 8601, UTC, milliseconds (`2026-12-03T13:46:17.123Z`). */
export function isoMillis(ms: number): string {
  return new Date(ms).toISOString();
}

/** A time as the intents file writes it: RFC 3339, UTC, whole seconds (`2026-12-03T13:46:17Z`). */
export function isoSeconds(ms: number): string {
  return isoMillis(ms).replace(/\.\d{3}Z$/, "Z");
}

/** Whole seconds since the Unix epoch, as git writes a commit's date. */
export function epochSeconds(ms: number): number {
  return Math.floor(ms / 1000);
}

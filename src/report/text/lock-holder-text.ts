import type { LockHolder } from "../../core/lock-holder.js";

/** The holder in words: `process 123 on build-7 (since <time>)`, or what is not known of it. */
export function describeHolder(holder: LockHolder): string {
  if (holder.pid === null) return "a process the lock file does not name";
  const host = holder.host === null ? "" : ` on ${holder.host}`;
  const since = holder.since === null ? "" : ` (since ${holder.since})`;
  return `process ${holder.pid}${host}${since}`;
}

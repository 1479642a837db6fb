import type { LockHolder } from "../lock-holder.js";

/** A file intentguard keeps (the ledger, a lock, the intent selection) that it cannot use. */
export type StoreFailure =
  /** A lock another process held past the wait. */
  | { kind: "lock-held"; lockFile: string; waitedSeconds: number; holder: LockHolder }
  /** Something other than a regular file stands where the ledger belongs. */
  | { kind: "ledger-not-regular-file"; file: string }
  /** The selection file does not hold a selection. */
  | { kind: "selection-damaged"; file: string }
  /** The list of escapes (commits an agent's shell got past the gate) cannot be read. */
  | { kind: "escapes-damaged"; file: string };

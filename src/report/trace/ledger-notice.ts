import type { LedgerEvent } from "../../ledger/ledger.js";

/** What to tell the user about an append, when it found something worth saying. */
export function ledgerNotice(written: readonly LedgerEvent[]): string {
  return written
    .map((event) =>
      event.event === "torn_line_found"
        ? `intentguard: the ledger's last line (${event.line}) was cut short, probably by a crash; it is kept and marked. See intentguard trace verify.\n`
        : "",
    )
    .join("");
}

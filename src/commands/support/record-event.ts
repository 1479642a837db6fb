import { systemClock } from "../../clock.js";
import type { Repo } from "../../git/repo.js";
import { appendLedgerEvent, type LedgerEvent } from "../../ledger/ledger.js";
import { ledgerNotice } from "../../report/trace/ledger-notice.js";

/** Appends an event to the ledger and tells the user on stderr what the append found. */
export async function recordEvent(repo: Repo, event: LedgerEvent): Promise<void> {
  process.stderr.write(ledgerNotice(await appendLedgerEvent(repo, systemClock, event)));
}

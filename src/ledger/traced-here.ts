import type { Repo } from "../git/repo.js";
import { ledgerPath, readLedgerFile } from "./ledger-file.js";

/**
 * Which of `commits` this clone's landing gate traced: its ledger holds a `commit_traced` event of
 * the commit, not withdrawn since (an aborted update). A note alone is no proof — a note can be
 * written, or fetched into the notes, by anyone — while the ledger's lines are chained, each
 * holding the hash of the one before. Reads the ledger once; asked only when an agent's command
 * moved a branch, or when escapes stand.
 */
export function tracedHere(repo: Repo, commits: readonly string[]): Set<string> {
  const wanted = new Set(commits);
  const traced = new Set<string>();
  if (wanted.size === 0) return traced;
  const text = readLedgerFile(ledgerPath(repo)).toString("utf8");
  for (const line of text.split("\n")) {
    if (!line.includes('"commit_traced"') && !line.includes('"trace_withdrawn"')) continue;
    let entry: { event?: unknown; commit?: unknown };
    try {
      entry = JSON.parse(line) as typeof entry;
    } catch {
      continue; // a torn line: the chain's own business
    }
    if (typeof entry.commit !== "string" || !wanted.has(entry.commit)) continue;
    if (entry.event === "commit_traced") traced.add(entry.commit);
    else if (entry.event === "trace_withdrawn") traced.delete(entry.commit);
  }
  return traced;
}

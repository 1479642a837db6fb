import path from "node:path";
import { writeFileAtomic } from "../fs/atomic-write.js";
import { readIfExists } from "../fs/read-if-exists.js";
import type { Repo } from "../git/repo.js";

/** A record written while a ref update was being prepared: withdrawn if the update aborts. */
export interface PendingTrace {
  commit: string;
  record_id: string;
}

/**
 * The records written for the ref update in flight, in this work tree's state directory: its
 * update lines, a line `--`, then "<commit> <record id>" per record. The hook shim empties it
 * when the update commits, and starts Node for the `aborted` state only when it is not empty,
 * so an update that commits pays nothing for it. Shared with hooks/reference-transaction.
 */
const pendingFile = (repo: Repo) => path.join(repo.stateDir, "pending-trace");

export function rememberPendingTraces(
  repo: Repo,
  updates: string,
  traces: readonly PendingTrace[],
): void {
  const lines = traces.map((trace) => `${trace.commit} ${trace.record_id}\n`).join("");
  writeFileAtomic(pendingFile(repo), `${updates}--\n${lines}`, undefined, "the pending-trace list");
}

/** Takes (reads and forgets) the records written for this very update, if any were. */
export function takePendingTraces(repo: Repo, updates: string): PendingTrace[] {
  const file = pendingFile(repo);
  const text = readIfExists(file)?.toString("utf8") ?? "";
  const [written = "", list = ""] = text.split(/^--\n/m);
  if (written !== updates) return [];
  writeFileAtomic(file, "", undefined, "the pending-trace list");
  return list
    .split("\n")
    .map((line) => line.split(" "))
    .filter((pair): pair is [string, string] => pair.length === 2 && Boolean(pair[0] && pair[1]))
    .map(([commit, record_id]) => ({ commit, record_id }));
}

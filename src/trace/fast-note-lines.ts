import { certainRecord } from "../core/trace/certain-record.js";
import type { NoteLine } from "./note-records.js";

/**
 * A note's lines exactly as noteLines (note-records.ts) checks them, when every line is certainly
 * a valid record of `commit` (certainRecord: the common case, without loading or running the
 * schema); undefined when any line is not — not JSON, undecided, a record of another commit —
 * and then the caller checks the whole note with noteLines, which reports each bad line.
 */
export function certainNoteLines(text: string, commit: string): NoteLine[] | undefined {
  const lines: NoteLine[] = [];
  let start = 0;
  for (let number = 1; start <= text.length; number++) {
    const end = text.indexOf("\n", start);
    const line = text.slice(start, end === -1 ? text.length : end);
    start = end === -1 ? text.length + 1 : end + 1;
    if (line.trim() === "") continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      return undefined;
    }
    const record = certainRecord(value);
    if (record === undefined || record.vcs.revision_id !== commit) return undefined;
    lines.push({ ok: true, line: number, record });
  }
  return lines;
}

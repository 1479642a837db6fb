import { certainRecord } from "../core/trace/certain-record.js";
import { narrowRecord } from "../core/trace/narrow-record.js";
import type { TraceRecord } from "../core/trace/record-schema.js";

/** A line of a note, checked: a trace record, or what is wrong with it. */
export type NoteLine =
  | { ok: true; line: number; record: TraceRecord }
  | { ok: false; line: number; text: string; problem: string; newer?: number };

/**
 * The one reader of records: a note's lines, each checked against the record schema and, given
 * the commit the note is attached to, against that commit — notes come from other clones (trace
 * fetch), other tools and hand edits, so a line may be anything. A bad line is returned with its
 * number and what is wrong, never thrown or dropped silently. Given `paths`, each record is
 * narrowed to the files at those paths before it is checked (narrow-record.ts): what is returned
 * is validated, and only that.
 *
 * Lines are decided by certainRecord where it can (no schema loaded or run: the common case), and
 * the schema (note-schema.ts, zod) is loaded only for a line it cannot vouch for.
 */
export async function noteLines(
  content: Buffer | string,
  commit?: string,
  paths?: ReadonlySet<string>,
): Promise<NoteLine[]> {
  const certain = certainNoteLines(content, commit, paths);
  if (certain) return certain;
  const { schemaNoteLine } = await import("./note-schema.js");
  return splitLines(toBuffer(content)).map(({ number, bytes }) => {
    const raw = bytes.toString("utf8");
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch (error) {
      return {
        ok: false,
        line: number,
        text: raw,
        problem: `not JSON (${(error as Error).message})`,
      };
    }
    return schemaNoteLine(paths ? narrowRecord(value, paths) : value, number, raw, commit);
  });
}

/**
 * A note's lines exactly as noteLines checks them, when every line is certainly a valid record
 * (of `commit`, when given); undefined when any is not, and then noteLines checks the note with
 * the schema, which says what is wrong with each bad line. Synchronous: for a reader deciding
 * notes as git streams them.
 */
export function certainNoteLines(
  content: Buffer | string,
  commit?: string,
  paths?: ReadonlySet<string>,
): NoteLine[] | undefined {
  const lines: NoteLine[] = [];
  for (const { number, bytes } of splitLines(toBuffer(content))) {
    const value = parse(bytes);
    const record = certainRecord(paths && value !== undefined ? narrowRecord(value, paths) : value);
    if (record === undefined || (commit !== undefined && record.vcs.revision_id !== commit)) {
      return undefined;
    }
    lines.push({ ok: true, line: number, record });
  }
  return lines;
}

/** The valid records of a note (of `commit`, when given); other lines are skipped. */
export async function recordsInNote(
  note: Buffer | string | undefined,
  commit?: string,
): Promise<TraceRecord[]> {
  if (note === undefined) return [];
  return (await noteLines(note, commit)).flatMap((line) => (line.ok ? [line.record] : []));
}

/** The lines of a note that are not blank, numbered from 1 as `git notes show` prints them. */
function splitLines(content: Buffer): { number: number; bytes: Buffer }[] {
  const lines: { number: number; bytes: Buffer }[] = [];
  for (let start = 0, number = 1; start < content.length; number++) {
    const newline = content.indexOf(0x0a, start);
    const end = newline === -1 ? content.length : newline;
    const bytes = content.subarray(start, end);
    if (!isBlank(bytes)) lines.push({ number, bytes });
    start = end + 1;
  }
  return lines;
}

/** Blank as String.prototype.trim sees it (a record starts with `{`, so most lines say at once). */
function isBlank(bytes: Buffer): boolean {
  for (const byte of bytes) {
    if (byte === 0x7b) return false;
    if (byte !== 0x20 && byte !== 0x09 && byte !== 0x0d)
      return bytes.toString("utf8").trim() === "";
  }
  return true;
}

function toBuffer(content: Buffer | string): Buffer {
  return typeof content === "string" ? Buffer.from(content, "utf8") : content;
}

function parse(bytes: Buffer): unknown {
  try {
    return JSON.parse(bytes.toString("utf8"));
  } catch {
    return undefined;
  }
}

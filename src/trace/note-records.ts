import { type TraceRecord, TraceRecordV1, TraceRecordV2 } from "../core/trace/record-schema.js";
import { recordVersion } from "../core/trace/record-version.js";

/** A line of a note, read as JSON only: what it holds is not checked yet. */
type JsonLine =
  | { ok: true; line: number; text: string; record: unknown }
  | { ok: false; line: number; text: string; problem: string };

/** A line of a note, checked: a trace record, or what is wrong with it. */
export type NoteLine =
  | { ok: true; line: number; record: TraceRecord }
  | { ok: false; line: number; text: string; problem: string; newer?: number };

/**
 * Splits a note into its lines and parses each as JSON, not checking what the JSON holds (verify
 * checks it itself; every reader uses noteLines). A line that is not JSON is reported with its
 * number, never dropped.
 */
function parseNote(text: string): JsonLine[] {
  return text
    .split("\n")
    .map((line, index) => ({ line: index + 1, text: line }))
    .filter(({ text: line }) => line.trim() !== "")
    .map(({ line, text: content }) => {
      try {
        return { ok: true as const, line, text: content, record: JSON.parse(content) as unknown };
      } catch (error) {
        return { ok: false as const, line, text: content, problem: (error as Error).message };
      }
    });
}

/**
 * A note's lines, each checked against the record schema, and, given the commit the note is
 * attached to, against that commit: notes come from other clones (trace fetch), other tools and
 * hand edits, so a line may be anything. Every reader of records goes through here; a bad line
 * is returned with its number and what is wrong, never thrown or dropped silently.
 */
export function noteLines(text: string, commit?: string): NoteLine[] {
  return parseNote(text).map((parsed): NoteLine => {
    const { line, text: raw } = parsed;
    if (!parsed.ok) {
      return { ok: false, line, text: raw, problem: `not JSON (${parsed.problem})` };
    }
    const version = recordVersionOf(parsed.record);
    if (typeof version === "number" && Number.isInteger(version) && version > recordVersion) {
      return {
        ok: false,
        line,
        text: raw,
        newer: version,
        problem: `a record of version ${version}, written by a newer intentguard (this one reads versions 1 and ${recordVersion}): upgrade intentguard to read it`,
      };
    }
    const schema =
      version === undefined ? TraceRecordV1 : version === recordVersion ? TraceRecordV2 : null;
    if (schema === null) {
      return {
        ok: false,
        line,
        text: raw,
        problem: `not a valid trace record (version: ${JSON.stringify(version)} is not a record version; 1 has no version field, 2 says "version":2)`,
      };
    }
    const checked = schema.safeParse(parsed.record);
    if (!checked.success) {
      const [first, ...others] = checked.error.issues;
      const where = first?.path.map(String).join(".") || "record";
      const more = others.length > 0 ? `, and ${others.length} more` : "";
      return {
        ok: false,
        line,
        text: raw,
        problem: `not a valid trace record (${where}: ${first?.message ?? "invalid"}${more})`,
      };
    }
    // What was checked, and only that: fields the schema does not know are dropped, so nothing
    // unchecked reaches an export or a record the hooks write (they carry contributors over).
    const record = checked.data;
    if (commit !== undefined && record.vcs.revision_id !== commit) {
      return {
        ok: false,
        line,
        text: raw,
        problem: `a record of commit ${record.vcs.revision_id}, not of the commit it is attached to`,
      };
    }
    return { ok: true, line, record };
  });
}

/** A parsed line's `version` field: undefined when absent (version 1) or not an object. */
function recordVersionOf(value: unknown): unknown {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return undefined;
  return (value as { version?: unknown }).version;
}

/** The valid records of a note (of `commit`, when given); other lines are skipped. */
export function recordsInNote(note: string | undefined, commit?: string): TraceRecord[] {
  if (note === undefined) return [];
  return noteLines(note, commit).flatMap((line) => (line.ok ? [line.record] : []));
}

import {
  type TraceRecord,
  TraceRecordV1,
  TraceRecordV2,
  TraceRecordV3,
} from "../core/trace/record-schema.js";
import { recordVersion, withheldRecordVersion } from "../core/trace/record-version.js";
import type { NoteLine } from "./note-records.js";

/**
 * A note line's value checked against the record schema (zod, loaded only when a line is not
 * certainly valid — note-records.ts), and against the commit it is attached to when given.
 */
export function schemaNoteLine(
  value: unknown,
  line: number,
  raw: string,
  commit: string | undefined,
): NoteLine {
  const version = recordVersionOf(value);
  if (typeof version === "number" && Number.isInteger(version) && version > withheldRecordVersion) {
    return {
      ok: false,
      line,
      text: raw,
      newer: version,
      problem: `a record of version ${version}, written by a newer intentguard (this one reads versions 1 to ${withheldRecordVersion}): upgrade intentguard to read it`,
    };
  }
  const schema =
    version === undefined
      ? TraceRecordV1
      : version === recordVersion
        ? TraceRecordV2
        : version === withheldRecordVersion
          ? TraceRecordV3
          : null;
  if (schema === null) {
    return {
      ok: false,
      line,
      text: raw,
      problem: `not a valid trace record (version: ${JSON.stringify(version)} is not a record version; 1 has no version field, 2 and 3 say "version":2 or 3)`,
    };
  }
  const checked = schema.safeParse(value);
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
  const record: TraceRecord = checked.data;
  if (commit !== undefined && record.vcs.revision_id !== commit) {
    return {
      ok: false,
      line,
      text: raw,
      problem: `a record of commit ${record.vcs.revision_id}, not of the commit it is attached to`,
    };
  }
  return { ok: true, line, record };
}

/** A parsed line's `version` field: undefined when absent (version 1) or not an object. */
function recordVersionOf(value: unknown): unknown {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return undefined;
  return (value as { version?: unknown }).version;
}

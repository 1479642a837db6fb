// Apart from record-schema.ts, which loads zod: the hooks write records without loading it.

/**
 * The record version this intentguard writes; readers accept 1 (no `version` field), 2 and 3.
 * 3 only for a commit with a withheld range (record-schema.ts TraceRecordV3).
 */
export const recordVersion = 2;
export const withheldRecordVersion = 3;

// Apart from record-schema.ts, which loads zod: the hooks write records without loading it.

/** The record version this intentguard writes; readers accept 1 (no `version` field) and 2. */
export const recordVersion = 2;

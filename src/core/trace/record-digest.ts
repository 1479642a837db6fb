import { createHash } from "node:crypto";
import type { TraceRecord } from "./record-schema.js";

/**
 * The SHA-256 of a record without its ledger anchor (which is computed from the ledger line that
 * carries this digest): the ledger vouches for every field of a record written in this clone, the
 * ones a recomputation cannot check (id, time, intent, contributor) included. Over canonical JSON
 * (keys sorted, no whitespace), so the digest does not depend on the order a reader or a
 * validator gives the keys.
 */
export function recordDigest(record: TraceRecord): string {
  const { ledger: _anchor, ...rest } = record;
  return `sha256:${createHash("sha256").update(canonicalJson(rest)).digest("hex")}`;
}

/** JSON with every object's keys in code-unit order; a string built in one pass (verify runs it per record). */
function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  const object = value as Record<string, unknown>;
  let text = "{";
  for (const key of Object.keys(object).sort()) {
    const field = object[key];
    if (field === undefined) continue;
    text += `${text.length > 1 ? "," : ""}${JSON.stringify(key)}:${canonicalJson(field)}`;
  }
  return `${text}}`;
}

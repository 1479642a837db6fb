import { isObjectId } from "../commit/object-id.js";
import type { TraceRecord } from "./record-schema.js";

/**
 * A fast path beside the record schema (record-schema.ts, zod), for readers of many large notes
 * (`trace blame`): zod checks a 40 KB note in milliseconds once warm but takes most of a second,
 * cold, for a few hundred of them — in a process that lives for one command.
 *
 * `certainRecord(value)` returns `value` itself only when it is certainly a record the schema
 * accepts AND would return unchanged: every field checked as the schema checks it (the same
 * regular expressions, or narrower ones), and no key the schema does not know (the schema drops
 * those, so its output would differ). Anything else — an unknown key, a form it does not cover —
 * returns undefined: undecided, and the caller asks the schema. It never decides that a record
 * is invalid, so it can only be narrower than the schema, never more lenient
 * (test/unit/certain-record.test.ts holds it to that against the schema).
 */
export function certainRecord(value: unknown): TraceRecord | undefined {
  if (!isObject(value)) return undefined;
  // Version 1 has no version field; 2 names it. Anything else is the schema's to say.
  const v2 = value.version === 2;
  if (!v2 && value.version !== undefined) return undefined;
  if (!hasOnly(value, v2 ? recordKeysV2 : recordKeys, v2 ? recordRequiredV2 : recordRequired)) {
    return undefined;
  }
  if (v2 && !isContributor(value.contributor)) return undefined;
  const { id, timestamp, intent_id, vcs, parents, tool, files, ledger } = value;
  if (typeof id !== "string" || !uuid4.test(id)) return undefined;
  if (typeof timestamp !== "string" || !isoDatetime.test(timestamp)) return undefined;
  if (intent_id !== null && !nonEmpty(intent_id)) return undefined;
  if (!isObject(vcs) || !hasOnly(vcs, vcsKeys, vcsKeys)) return undefined;
  if (vcs.type !== "git" || !isObjectIdString(vcs.revision_id)) return undefined;
  if (!Array.isArray(parents) || !parents.every(isObjectIdString)) return undefined;
  if (!isObject(tool) || !hasOnly(tool, toolKeys, toolKeys)) return undefined;
  if (tool.name !== "intentguard" || typeof tool.version !== "string") return undefined;
  if (ledger !== undefined && !isLedger(ledger)) return undefined;
  if (!Array.isArray(files)) return undefined;
  for (const file of files) if (!isTracedFile(file, v2)) return undefined;
  return value as unknown as TraceRecord;
}

type Json = Record<string, unknown>;

const recordKeys = new Set([
  "id",
  "timestamp",
  "intent_id",
  "vcs",
  "parents",
  "tool",
  "files",
  "ledger",
]);
const recordRequired = ["id", "timestamp", "intent_id", "vcs", "parents", "tool", "files"];
const recordKeysV2 = new Set([...recordKeys, "version", "contributor"]);
const recordRequiredV2 = [...recordRequired, "version", "contributor"];
const vcsKeys = new Set(["type", "revision_id"]);
const toolKeys = new Set(["name", "version"]);
const ledgerKeys = new Set(["clone", "seq", "line_hash"]);
const fileKeys = new Set([
  "relative_path",
  "relative_path_base64",
  "operation",
  "old_path",
  "old_path_base64",
  "before",
  "after",
  "contributor",
  "ranges",
  "mutation_class",
  "related",
]);
const fileRequired = [
  "relative_path",
  "operation",
  "old_path",
  "before",
  "after",
  "contributor",
  "ranges",
  "mutation_class",
  "related",
];
const fileRequiredV2 = fileRequired.filter((key) => key !== "contributor");
const sideKeys = new Set(["sha256", "mode", "oid"]);
const contributorKeys = new Set(["entity_type", "model_identifier", "agent_id", "name", "email"]);
const rangeKeys = new Set(["start_line", "end_line", "content_hash", "line_hashes"]);
const rangeRequired = ["start_line", "end_line", "content_hash"];
const rangeKeysV2 = new Set([...rangeKeys, "contributor", "evidence"]);
const rangeRequiredV2 = [...rangeRequired, "line_hashes"];
const sourceKeys = new Set(["kind", "commit", "path", "path_base64", "start_line", "end_line"]);
const sourceRequired = ["kind", "commit", "path", "start_line", "end_line"];
const observedKeys = new Set(["kind", "agent_id", "model_identifier", "session_id", "tool_use_id"]);
const declaredKeys = new Set(["kind", "by"]);
const relatedKeys = new Set(["type", "value"]);
const operations = new Set(["create", "modify", "delete", "rename"]);
const mutationClasses = new Set(["AST_REFACTOR", "INTENT_EVOLUTION"]);
const entityTypes = new Set(["AI", "HUMAN"]);

/** zod's z.uuid({ version: "v4" }) pattern, lowercase hex only (narrower). */
const uuid4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
/** zod's z.iso.datetime({ offset: true }) pattern, as zod 4 builds it. */
export const isoDatetime =
  /^(?:(?:\d\d[2468][048]|\d\d[13579][26]|\d\d0[48]|[02468][048]00|[13579][26]00)-02-29|\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\d|30)|(?:02)-(?:0[1-9]|1\d|2[0-8])))T(?:(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d(?:\.\d+)?(?:Z|([+-](?:[01]\d|2[0-3]):[0-5]\d)))$/;
const sha256 = /^sha256:[0-9a-f]{64}$/;
const lineHash = /^[0-9a-f]{16}$/;
const mode = /^[0-7]{6}$/;
const base64 = /^[A-Za-z0-9+/]+={0,2}$/;

function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Only keys of `allowed`, and every one of `required`. */
function hasOnly(value: Json, allowed: ReadonlySet<string>, required: Iterable<string>): boolean {
  // Own keys (JSON.parse makes a "__proto__" key an own one); JSON has no inherited ones.
  const keys = Object.keys(value);
  for (let index = 0; index < keys.length; index++) {
    if (!allowed.has(keys[index] as string)) return false;
  }
  for (const key of required) if (!Object.hasOwn(value, key)) return false;
  return true;
}

function nonEmpty(value: unknown): value is string {
  return typeof value === "string" && value.length > 0;
}

function isObjectIdString(value: unknown): boolean {
  return typeof value === "string" && isObjectId(value);
}

function isSha256(value: unknown): boolean {
  return typeof value === "string" && sha256.test(value);
}

function isPositiveInteger(value: unknown): value is number {
  return typeof value === "number" && Number.isSafeInteger(value) && value >= 1;
}

function isOptionalBase64(value: unknown): boolean {
  return value === undefined || (typeof value === "string" && base64.test(value));
}

function isOptionalString(value: unknown, minimum: number): boolean {
  return value === undefined || (typeof value === "string" && value.length >= minimum);
}

function isLedger(value: unknown): boolean {
  return (
    isObject(value) &&
    hasOnly(value, ledgerKeys, ledgerKeys) &&
    nonEmpty(value.clone) &&
    isPositiveInteger(value.seq) &&
    isSha256(value.line_hash)
  );
}

function isSide(value: unknown): boolean {
  if (value === null) return true;
  if (!isObject(value) || !hasOnly(value, sideKeys, sideKeys)) return false;
  return (
    (value.sha256 === null || isSha256(value.sha256)) &&
    typeof value.mode === "string" &&
    mode.test(value.mode) &&
    isObjectIdString(value.oid)
  );
}

function isContributor(value: unknown): boolean {
  if (!isObject(value) || !hasOnly(value, contributorKeys, ["entity_type"])) return false;
  return (
    typeof value.entity_type === "string" &&
    entityTypes.has(value.entity_type) &&
    isOptionalString(value.model_identifier, 1) &&
    isOptionalString(value.agent_id, 1) &&
    isOptionalString(value.name, 0) &&
    isOptionalString(value.email, 0)
  );
}

function isRange(value: unknown, v2: boolean): boolean {
  if (!isObject(value)) return false;
  if (!hasOnly(value, v2 ? rangeKeysV2 : rangeKeys, v2 ? rangeRequiredV2 : rangeRequired)) {
    return false;
  }
  if (v2 && (value.contributor === undefined) !== (value.evidence === undefined)) return false;
  if (value.contributor !== undefined && !isContributor(value.contributor)) return false;
  if (value.evidence !== undefined && !isEvidence(value.evidence)) return false;
  const { start_line: start, end_line: end, content_hash, line_hashes } = value;
  if (!isPositiveInteger(start) || !isPositiveInteger(end) || end < start) return false;
  if (!isSha256(content_hash)) return false;
  if (line_hashes === undefined) return true;
  if (!Array.isArray(line_hashes) || line_hashes.length !== end - start + 1) return false;
  for (const hash of line_hashes)
    if (typeof hash !== "string" || !lineHash.test(hash)) return false;
  return true;
}

function isEvidence(value: unknown): boolean {
  if (!isObject(value)) return false;
  switch (value.kind) {
    case "source":
      return (
        hasOnly(value, sourceKeys, sourceRequired) &&
        isObjectIdString(value.commit) &&
        nonEmpty(value.path) &&
        isOptionalBase64(value.path_base64) &&
        isPositiveInteger(value.start_line) &&
        isPositiveInteger(value.end_line) &&
        value.end_line >= value.start_line
      );
    case "observed":
      return (
        hasOnly(value, observedKeys, ["kind"]) &&
        isOptionalString(value.agent_id, 1) &&
        isOptionalString(value.model_identifier, 1) &&
        isOptionalString(value.session_id, 1) &&
        isOptionalString(value.tool_use_id, 1)
      );
    case "declared":
      return (
        hasOnly(value, declaredKeys, declaredKeys) &&
        (value.by === "environment" || value.by === "trailers")
      );
    default:
      return false;
  }
}

function isRelated(value: unknown): boolean {
  return (
    isObject(value) &&
    hasOnly(value, relatedKeys, relatedKeys) &&
    nonEmpty(value.type) &&
    nonEmpty(value.value)
  );
}

function isTracedFile(value: unknown, v2: boolean): boolean {
  if (!isObject(value)) return false;
  if (!hasOnly(value, fileKeys, v2 ? fileRequiredV2 : fileRequired)) return false;
  const { operation, mutation_class, ranges, related } = value;
  if (!nonEmpty(value.relative_path) || !isOptionalBase64(value.relative_path_base64)) return false;
  if (typeof operation !== "string" || !operations.has(operation)) return false;
  if (value.old_path !== null && !nonEmpty(value.old_path)) return false;
  if (!isOptionalBase64(value.old_path_base64)) return false;
  const contributor =
    v2 && value.contributor === undefined ? true : isContributor(value.contributor);
  if (!isSide(value.before) || !isSide(value.after) || !contributor) return false;
  if (typeof mutation_class !== "string" || !mutationClasses.has(mutation_class)) return false;
  if (!Array.isArray(ranges) || !ranges.every((range) => isRange(range, v2))) return false;
  return Array.isArray(related) && related.every(isRelated);
}

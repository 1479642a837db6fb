import { PayloadError } from "./agent-event.js";

/** A payload's object (`field`: which of its fields; null, the payload itself), or a PayloadError. */
export function payloadObject(value: unknown, field: string | null): Record<string, unknown> {
  if (typeof value === "object" && value !== null && !Array.isArray(value)) {
    return value as Record<string, unknown>;
  }
  throw new PayloadError({ kind: "not-object", field });
}

/** A string field, or null when absent or empty. A field of another type is a PayloadError. */
export function optionalString(object: Record<string, unknown>, key: string): string | null {
  const value = object[key];
  if (value === undefined || value === null || value === "") return null;
  if (typeof value === "string") return value;
  throw new PayloadError({ kind: "not-string", field: key });
}

/** A string field the agent always sends: its absence means the payload is not this agent's. */
export function requiredString(object: Record<string, unknown>, key: string): string {
  const value = optionalString(object, key);
  if (value === null) throw new PayloadError({ kind: "missing", field: key });
  return value;
}

/** The JSON an answer prints: one line, newline-terminated. */
export function jsonLine(value: unknown): string {
  return `${JSON.stringify(value)}\n`;
}

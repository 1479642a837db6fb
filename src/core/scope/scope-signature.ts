import { createHash } from "node:crypto";

/**
 * The scope signature of an extended-scope grant: `sha256:` and the hex SHA-256 of the canonical
 * JSON `["<intent id>",[<paths>]]`, paths normalised, de-duplicated and sorted by code point
 * (the order of their UTF-8 bytes, so any language can recompute it). Editing the paths changes
 * the signature, which voids an approval recorded for the old one.
 */
export function scopeSignature(intentId: string, normalisedPaths: readonly string[]): string {
  const paths = [...new Set(normalisedPaths)].sort((a, b) =>
    Buffer.compare(Buffer.from(a, "utf8"), Buffer.from(b, "utf8")),
  );
  const canonical = JSON.stringify([intentId, paths]);
  return `sha256:${createHash("sha256").update(canonical, "utf8").digest("hex")}`;
}

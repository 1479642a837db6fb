import { createHash, type Hash } from "node:crypto";
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
  const hash = createHash("sha256");
  const out = new ChunkedHashInput(hash);
  writeCanonicalJson(rest, out);
  out.flush();
  return `sha256:${hash.digest("hex")}`;
}

/**
 * Feeds text to a hash in chunks of about 64 KiB: a record of a 20,000-file commit is 13 MB of
 * JSON, and building it as one string (or as nested strings, one per file) would add its size
 * to the hook's peak memory twice over.
 */
class ChunkedHashInput {
  private pending = "";

  constructor(private readonly hash: Hash) {}

  write(text: string): void {
    this.pending += text;
    if (this.pending.length >= 65_536) this.flush();
  }

  flush(): void {
    if (this.pending.length === 0) return;
    this.hash.update(this.pending);
    this.pending = "";
  }
}

/** JSON with every object's keys in code-unit order, written piece by piece. */
function writeCanonicalJson(value: unknown, out: ChunkedHashInput): void {
  if (value === null || typeof value !== "object") {
    out.write(JSON.stringify(value));
    return;
  }
  if (Array.isArray(value)) {
    out.write("[");
    value.forEach((item, index) => {
      if (index > 0) out.write(",");
      writeCanonicalJson(item, out);
    });
    out.write("]");
    return;
  }
  const object = value as Record<string, unknown>;
  out.write("{");
  let first = true;
  for (const key of Object.keys(object).sort()) {
    const field = object[key];
    if (field === undefined) continue;
    out.write(`${first ? "" : ","}${JSON.stringify(key)}:`);
    first = false;
    writeCanonicalJson(field, out);
  }
  out.write("}");
}

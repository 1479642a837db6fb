import * as crypto from "node:crypto";
import { recordedLines } from "./recorded-lines.js";

export { recordedLine, recordedLines } from "./recorded-lines.js";

/** A maximal run of lines a commit adds, in the new content (1-based, inclusive). */
export interface LineRange {
  start_line: number;
  end_line: number;
  content_hash: string;
  /** One `lineHash` per line of the range, in order: what matches a single line. */
  line_hashes: string[];
}

/** How many hex digits of a line's SHA-256 a record keeps: 64 bits. */
export const lineHashLength = 16;

/**
 * SHA-256 in hex of one short input. `crypto.hash` (Node ≥ 20.12) is a one-shot about 4× faster
 * than `createHash` on a line; package.json allows any Node 20, so older ones use `createHash`.
 */
const sha256Hex: (data: string | Uint8Array) => string =
  typeof crypto.hash === "function"
    ? (data) => crypto.hash("sha256", data, "hex")
    : (data) => crypto.createHash("sha256").update(data).digest("hex");

/**
 * The hash of one line, as a range's `line_hashes` holds it: the first 16 lowercase hex digits of
 * the SHA-256 of the line's content, without its terminator (see `recordedLine`), as the bytes git
 * stores (a string is hashed as its UTF-8 bytes; pass bytes for a file that is not UTF-8).
 */
export function lineHash(line: string | Uint8Array): string {
  return sha256Hex(line).slice(0, lineHashLength);
}

/** The `lineHash` of every line of a file's content: element N − 1 is line N's. */
export function lineHashes(content: string | Uint8Array): string[] {
  const lines = typeof content === "string" ? recordedLines(content) : recordedLines(content);
  return lines.map(lineHash);
}

/**
 * Accumulates the hashes of one range: `content_hash`, `sha256:` + lowercase hex SHA-256 of the
 * range's lines, each without its terminator ("\n" or "\r\n"), joined by "\n", with no trailing
 * newline; and `line_hashes`, the `lineHash` of each of those lines. Lines are hashed as the bytes
 * git stores (for UTF-8 text: their UTF-8 bytes).
 */
export class RangeHasher {
  private readonly hash: crypto.Hash = crypto.createHash("sha256");
  /**
   * The line hashes once the range has a second line. A one-line range's line hash is the start
   * of its content hash (the same SHA-256), so the first line is hashed alone only when a second
   * one comes: most ranges have one line.
   */
  private readonly lines: string[] = [];
  private first: Uint8Array | null;
  readonly start: number;
  end: number;

  constructor(line: number, content: Uint8Array) {
    this.start = line;
    this.end = line;
    this.hash.update(content);
    this.first = content;
  }

  /** True when `line` directly follows this range, so it belongs to it. */
  continues(line: number): boolean {
    return line === this.end + 1;
  }

  add(content: Uint8Array): void {
    this.end += 1;
    this.hash.update("\n").update(content);
    if (this.first !== null) {
      this.lines.push(lineHash(this.first));
      this.first = null;
    }
    this.lines.push(lineHash(content));
  }

  finish(): LineRange {
    const digest = this.hash.digest("hex");
    return {
      start_line: this.start,
      end_line: this.end,
      content_hash: `sha256:${digest}`,
      line_hashes: this.first !== null ? [digest.slice(0, lineHashLength)] : this.lines,
    };
  }
}

/** The content hash of whole lines (already stripped of terminators): the definition, in one call. */
export function contentHash(lines: readonly (string | Uint8Array)[]): string {
  const hash = crypto.createHash("sha256");
  lines.forEach((line, index) => {
    if (index > 0) hash.update("\n");
    hash.update(line);
  });
  return `sha256:${hash.digest("hex")}`;
}

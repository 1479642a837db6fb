import { createHash, type Hash } from "node:crypto";

/** A maximal run of lines a commit adds, in the new content (1-based, inclusive). */
export interface LineRange {
  start_line: number;
  end_line: number;
  content_hash: string;
}

/**
 * Accumulates the content hash of one range: `sha256:` + lowercase hex SHA-256 of the range's
 * lines, each without its terminator ("\n" or "\r\n"), joined by "\n", with no trailing newline.
 * Lines are hashed as the bytes git stores (for UTF-8 text: their UTF-8 bytes).
 */
export class RangeHasher {
  private readonly hash: Hash = createHash("sha256");
  readonly start: number;
  end: number;

  constructor(line: number, content: Uint8Array) {
    this.start = line;
    this.end = line;
    this.hash.update(content);
  }

  /** True when `line` directly follows this range, so it belongs to it. */
  continues(line: number): boolean {
    return line === this.end + 1;
  }

  add(content: Uint8Array): void {
    this.end += 1;
    this.hash.update("\n").update(content);
  }

  finish(): LineRange {
    return {
      start_line: this.start,
      end_line: this.end,
      content_hash: `sha256:${this.hash.digest("hex")}`,
    };
  }
}

/** The content hash of whole lines (already stripped of terminators): the definition, in one call. */
export function contentHash(lines: readonly (string | Uint8Array)[]): string {
  const hash = createHash("sha256");
  lines.forEach((line, index) => {
    if (index > 0) hash.update("\n");
    hash.update(line);
  });
  return `sha256:${hash.digest("hex")}`;
}

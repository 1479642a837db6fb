import { recordedLine } from "../core/trace/range-hash.js";
import type { ObjectSink } from "../git/cat-file-batch.js";

/**
 * A sink that keeps, of a blob's lines, those `ranges` cover, each by its number as
 * recordedLines gives it (a terminated line without its "\r\n" or "\n"); the rest of the blob
 * streams past without being copied. A line the blob does not have is absent.
 */
export function rangeLines(
  ranges: readonly { start_line: number; end_line: number }[],
  into: Map<number, Uint8Array>,
): ObjectSink {
  const wanted = new Set<number>();
  let last = 0;
  for (const range of ranges) {
    for (let at = range.start_line; at <= range.end_line; at++) wanted.add(at);
    last = Math.max(last, range.end_line);
  }
  let line = 1;
  let pieces: Buffer[] = [];
  return {
    write: (bytes) => {
      for (let at = 0; at < bytes.length && line <= last; ) {
        const newline = bytes.indexOf(10, at);
        const stop = newline === -1 ? bytes.length : newline;
        if (wanted.has(line)) pieces.push(Buffer.from(bytes.subarray(at, stop)));
        if (newline === -1) break; // the line goes on in the next piece
        if (wanted.has(line)) into.set(line, recordedLine(Buffer.concat(pieces), true));
        pieces = [];
        line += 1;
        at = newline + 1;
      }
    },
    end: () => {
      // An unterminated last line (its bytes, a final "\r" included); none after a final "\n".
      if (pieces.length > 0 && line <= last) into.set(line, Buffer.concat(pieces));
    },
  };
}

/**
 * Lines as records hash them, apart from the hashing (range-hash.ts): what compares lines without
 * loading node:crypto, as an agent's hook does on every edit.
 */
const CR = 13;
const LF = 10;

/**
 * A line as records hash it, given the line as split off at "\n" (without that "\n") and whether
 * a "\n" followed it: a terminated line's final "\r" belongs to its "\r\n" terminator and is
 * dropped; an unterminated last line keeps a final "\r", which is then content. Only that one
 * "\r" is ever dropped: a "\r" elsewhere in a line, or a second one before it, is content.
 *
 * For `git blame`, which prints each line without its "\n": every line is terminated except the
 * file's last when the file does not end in "\n". Blame's output cannot tell that case apart (it
 * prints a "\n" after the last line either way, so a CRLF line `x\r\n` and an unterminated `x\r`
 * both arrive as `x\r`, which records hash as `x` and `x\r`): take `terminated` from the blob
 * (line < its line count, or it ends in "\n"), or hash the blob with `lineHashes`.
 */
export function recordedLine(line: string, terminated: boolean): string;
export function recordedLine(line: Uint8Array, terminated: boolean): Uint8Array;
export function recordedLine(line: string | Uint8Array, terminated: boolean): string | Uint8Array {
  return withoutTerminator(line, terminated);
}

function withoutTerminator(line: string | Uint8Array, terminated: boolean): string | Uint8Array {
  if (!terminated) return line;
  if (typeof line === "string") return line.endsWith("\r") ? line.slice(0, -1) : line;
  return line[line.length - 1] === CR ? line.subarray(0, -1) : line;
}

/**
 * A file's content split into lines as records hash them (`recordedLine` applied to each): line
 * N of the file is element N − 1. A final "\n" ends the last line rather than starting another;
 * empty content has no lines.
 */
export function recordedLines(content: string): string[];
export function recordedLines(content: Uint8Array): Uint8Array[];
export function recordedLines(content: string | Uint8Array): (string | Uint8Array)[] {
  const lines: (string | Uint8Array)[] = [];
  let start = 0;
  while (start < content.length) {
    const end =
      typeof content === "string" ? content.indexOf("\n", start) : content.indexOf(LF, start);
    const stop = end === -1 ? content.length : end;
    const line =
      typeof content === "string" ? content.slice(start, stop) : content.subarray(start, stop);
    lines.push(withoutTerminator(line, end !== -1));
    start = stop + 1;
  }
  return lines;
}

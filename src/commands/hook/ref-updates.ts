import { isObjectId } from "../../core/commit/object-id.js";
import { ExitCode, FailureError } from "../../errors.js";

/** One line git gives reference-transaction and pre-receive on stdin: `<old> <new> <ref>`. */
export interface RefUpdate {
  old: string;
  new: string;
  ref: string;
}

/**
 * The update lines of `text`; anything else (a blank line, a hand-over marker) is ignored. For
 * the reference-transaction shim's hand-over, whose lines the shim itself split: git ≥ 2.46 also
 * reports symbolic-ref updates there (`ref:<target>` in place of an ID), which are not landings.
 */
export function parseRefUpdates(text: string): RefUpdate[] {
  return text
    .split("\n")
    .map((line) => line.trim().split(/\s+/))
    .filter((fields): fields is [string, string, string] => fields.length === 3)
    .map(([old, next, ref]) => ({ old, new: next, ref }));
}

/** What git check-ref-format never lets a ref name hold: a space or control character (a CRLF's CR). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it finds
const unfitForRefName = /[\u0000-\u0020\u007f]/;

/**
 * pre-receive's standard input, where git writes exactly one `<old-id> <new-id> <ref>` line per
 * ref the push updates: any other non-blank line means something stands between git and the hook,
 * and the push cannot be judged (fail closed, never an unjudged push let through).
 */
export function readPushedRefUpdates(text: string): RefUpdate[] {
  const lines = text.split("\n");
  const updates: RefUpdate[] = [];
  for (const [index, line] of lines.entries()) {
    if (line.trim() === "") continue;
    const [old = "", next = "", ref = "", ...rest] = line.split(" ");
    if (
      !isObjectId(old) ||
      !isObjectId(next) ||
      !ref.startsWith("refs/") ||
      unfitForRefName.test(ref) ||
      rest.length > 0
    ) {
      throw new FailureError(
        { kind: "ref-update-unreadable", line: index + 1, text: line },
        ExitCode.CannotEvaluate,
      );
    }
    updates.push({ old, new: next, ref });
  }
  // git runs pre-receive only for a push that updates a ref: no line at all is a wrapper that ate them.
  if (updates.length === 0) {
    throw new FailureError({ kind: "ref-updates-missing" }, ExitCode.CannotEvaluate);
  }
  return updates;
}

/** What git piped to the hook; nothing when run by hand from a terminal (never wait on one). */
export async function readStdin(): Promise<string> {
  if (process.stdin.isTTY) return "";
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

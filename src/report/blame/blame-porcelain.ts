import type { AttributedLine, FileBlame } from "../../core/trace/blame-line.js";
import { printable } from "../text/messages.js";
import { attributionReasonText } from "./attribution-reason.js";

/**
 * `trace blame --porcelain`: git's `blame --line-porcelain` format, so that tools reading git's
 * output read ours. Each line carries its full header:
 *
 *     <sha> <original line> <final line> [<lines in group>]
 *     author, author-mail <…>, author-time, author-tz,
 *     committer, committer-mail, committer-time, committer-tz,
 *     summary, [boundary],
 *     intent <id | ->, [intent-name], contributor-type <AI | HUMAN | ->, [model], [agent],
 *     confidence, confidence-reason,
 *     filename <path>
 *     <tab><content>
 *
 * As in git, the group count is given on the first line of a group only: consecutive lines of
 * the same commit, from consecutive lines of the same file there. We know the author only: the
 * committer lines repeat the author's values (git's porcelain always has them, and parsers may
 * expect them). Our keys come after git's and before `filename`, which parsers take, with the
 * tab line, as the end of a header; parsers that read by key skip keys they do not know.
 *
 * Content is written raw after its tab, as git does (a `\r` stays). Header values are one line
 * each: a CR or LF in a name, subject or reason becomes a space, and any other control character
 * (an escape sequence from a fetched note's model or agent) is written \uXXXX. The filename is C-quoted as git
 * quotes it (core.quotePath's default) when it holds control characters, `"`, `\` or non-ASCII.
 */
export function formatBlamePorcelain(blame: FileBlame, command: string): string {
  let out = "";
  let previous: AttributedLine | undefined;
  blame.lines.forEach((line, index) => {
    const count = startsGroup(previous, line) ? ` ${groupSize(blame.lines, index)}` : "";
    out += `${line.commit} ${line.original.line} ${line.line}${count}\n`;
    for (const [key, value] of headers(line, command))
      out += value === null ? `${key}\n` : `${key} ${value}\n`;
    out += `filename ${quotePath(line.original.path)}\n\t${line.content}\n`;
    previous = line;
  });
  return out;
}

function headers(line: AttributedLine, command: string): [string, string | null][] {
  const author = oneLine(line.author.name);
  const mail = `<${oneLine(line.author.email)}>`;
  const time = String(line.author.time);
  const tz = oneLine(line.author.timezone);
  const contributor = line.contributor;
  const fields: [string, string | null][] = [
    ["author", author],
    ["author-mail", mail],
    ["author-time", time],
    ["author-tz", tz],
    ["committer", author],
    ["committer-mail", mail],
    ["committer-time", time],
    ["committer-tz", tz],
    ["summary", oneLine(line.summary)],
  ];
  if (line.boundary) fields.push(["boundary", null]);
  fields.push(["intent", line.intent ? oneLine(line.intent.id) : "-"]);
  if (line.intent?.name) fields.push(["intent-name", oneLine(line.intent.name)]);
  fields.push(["contributor-type", contributor ? contributor.type : "-"]);
  if (contributor?.model) fields.push(["model", oneLine(contributor.model)]);
  if (contributor?.agent) fields.push(["agent", oneLine(contributor.agent)]);
  fields.push(
    ["confidence", line.confidence],
    ["confidence-reason", oneLine(attributionReasonText(line.reason, command))],
  );
  return fields;
}

function startsGroup(previous: AttributedLine | undefined, line: AttributedLine): boolean {
  return !previous || !continues(previous, line);
}

/** Whether `next` is the line after `line` in git's sense: same commit, next line of the same file. */
function continues(line: AttributedLine, next: AttributedLine): boolean {
  return (
    next.commit === line.commit &&
    next.original.path === line.original.path &&
    next.original.line === line.original.line + 1 &&
    next.line === line.line + 1
  );
}

function groupSize(lines: readonly AttributedLine[], start: number): number {
  let end = start + 1;
  for (let current = lines[start]; end < lines.length; end++) {
    const next = lines[end];
    if (!current || !next || !continues(current, next)) break;
    current = next;
  }
  return end - start;
}

function oneLine(text: string): string {
  return printable(text.replace(/[\r\n]/g, " "));
}

const namedEscapes: Record<number, string> = {
  7: "\\a",
  8: "\\b",
  9: "\\t",
  10: "\\n",
  11: "\\v",
  12: "\\f",
  13: "\\r",
  34: '\\"',
  92: "\\\\",
};

/** A path as git writes it in its headers: as is, or C-quoted with octal escapes for bytes. */
export function quotePath(path: string): string {
  const bytes = Buffer.from(path, "utf8");
  if (!bytes.some(needsQuoting)) return path;
  let quoted = '"';
  for (const byte of bytes) {
    if (!needsQuoting(byte)) quoted += String.fromCharCode(byte);
    else quoted += namedEscapes[byte] ?? `\\${byte.toString(8).padStart(3, "0")}`;
  }
  return `${quoted}"`;
}

function needsQuoting(byte: number): boolean {
  return byte < 0x20 || byte === 0x22 || byte === 0x5c || byte >= 0x7f;
}

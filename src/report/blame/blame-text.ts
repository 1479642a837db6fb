import type {
  AttributedLine,
  Confidence,
  FileBlame,
  LineContributor,
} from "../../core/trace/blame-line.js";
import { attributionRuns, confidenceOrder } from "../../core/trace/blame-runs.js";
import { plural } from "../text/count.js";
import { printable } from "../text/messages.js";
import type { Style } from "../text/style.js";
import {
  displayWidth,
  expandTabs,
  padEndToWidth,
  padStartToWidth,
  truncateToWidth,
} from "../text/text-width.js";
import { attributionReasonText } from "./attribution-reason.js";

/** Columns of content shown however narrow the terminal: a row wraps rather than hide the code. */
const minimumContentWidth = 20;
const separator = "  ";

/**
 * `trace blame`: one row per line. A run of consecutive lines with the same attribution (commit,
 * intent, contributor, confidence) shows it once, on its first row: the commit (8 characters),
 * the author date (YYYY-MM-DD, UTC), the intent, the contributor and the confidence; the run's
 * other rows leave those columns blank. Then the line number and the content, tabs expanded and
 * control characters escaped, cut with `…` so that the row fits `width` columns (`Infinity`:
 * never cut). Columns are as wide as their widest value. After the rows, the legend: one line
 * per distinct confidence and reason, with how many lines it covers.
 *
 * Colour (when `style` has it) marks each line's attribution columns and line number, never the
 * content: `tampered` lines red, `unattributed` ones dim, others by intent (`intentStyle`).
 */
export function formatBlameText(
  blame: FileBlame,
  style: Style,
  width: number,
  command: string,
): string {
  if (blame.lines.length === 0) return "";
  const columns = (line: AttributedLine) => [
    line.commit.slice(0, 8),
    utcDay(line.author.time),
    line.intent ? printable(line.intent.id) : "-",
    contributorLabel(line.contributor),
    line.confidence,
  ];
  const widths = [0, 0, 0, 0, 0];
  for (const line of blame.lines) {
    columns(line).forEach((value, index) => {
      widths[index] = Math.max(widths[index] ?? 0, displayWidth(value));
    });
  }
  const lastLine = blame.lines.reduce((max, line) => Math.max(max, line.line), 0);
  const numberWidth = String(lastLine).length;
  const annotationWidth = widths.reduce((sum, columnWidth) => sum + columnWidth, 0);
  const prefixWidth = annotationWidth + separator.length * widths.length + numberWidth;
  const contentWidth = Math.max(minimumContentWidth, width - prefixWidth - separator.length);

  const rows: string[] = [];
  for (const run of attributionRuns(blame.lines)) {
    const first = run[0];
    if (!first) continue;
    const colour = lineStyle(first, style);
    run.forEach((line, index) => {
      const cells = index === 0 ? columns(line) : widths.map(() => "");
      const annotation = cells.map((cell, column) => padEndToWidth(cell, widths[column] ?? 0));
      const number = padStartToWidth(String(line.line), numberWidth);
      const prefix = colour([...annotation, number].join(separator));
      const content = truncateToWidth(expandTabs(line.content, printable), contentWidth);
      rows.push(content === "" ? prefix : `${prefix}${separator}${content}`);
    });
  }
  return `${rows.join("\n")}\n\n${legend(blame.lines, style, command).join("\n")}\n`;
}

/**
 * Who wrote a line, short: `AI anthropic/claude-sonnet-4-6 (builder)` (the agent in brackets
 * when known), a person's name (else their email, else `human`), `-` for no contributor.
 */
export function contributorLabel(contributor: LineContributor | null): string {
  if (contributor === null) return "-";
  if (contributor.type === "AI") {
    const agent = contributor.agent ? ` (${printable(contributor.agent)})` : "";
    return `AI ${printable(contributor.model ?? "model unknown")}${agent}`;
  }
  return printable(contributor.name || contributor.email || "human");
}

/** A git time (seconds since the epoch) as its day in UTC: `2025-03-01`. */
function utcDay(seconds: number): string {
  return new Date(seconds * 1000).toISOString().slice(0, 10);
}

function lineStyle(line: AttributedLine, style: Style): (text: string) => string {
  if (line.confidence === "tampered") return style.red;
  if (line.confidence === "unattributed") return style.dim;
  return line.intent ? intentStyle(line.intent.id, style) : (text) => text;
}

/**
 * The colour of an intent's lines: its id hashed (32-bit FNV-1a over its UTF-16 code units) to
 * pick green, yellow or bold. The same id always gets the same colour, in every file and run;
 * two intents may share one. Red and dim are left out: they mean tampered and unattributed.
 */
export function intentStyle(id: string, style: Style): (text: string) => string {
  const palette = [style.green, style.yellow, style.bold];
  return palette[fnv1a(id) % palette.length] ?? style.bold;
}

function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** `confidence: reason (N lines)` per distinct pair, by confidence, then as first met. */
function legend(lines: readonly AttributedLine[], style: Style, command: string): string[] {
  const counts = new Map<string, { confidence: Confidence; reason: string; lines: number }>();
  for (const line of lines) {
    const reason = attributionReasonText(line.reason, command);
    const key = JSON.stringify([line.confidence, reason]);
    const entry = counts.get(key) ?? { confidence: line.confidence, reason, lines: 0 };
    entry.lines += 1;
    counts.set(key, entry);
  }
  return [...counts.values()]
    .sort((a, b) => confidenceOrder.indexOf(a.confidence) - confidenceOrder.indexOf(b.confidence))
    .map(({ confidence, reason, lines: count }) => {
      const text = `${confidence}: ${printable(reason)} (${plural(count, "line")})`;
      if (confidence === "tampered") return style.red(text);
      return confidence === "unattributed" ? style.dim(text) : text;
    });
}

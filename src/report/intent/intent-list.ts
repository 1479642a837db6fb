import type { IntentStatus } from "../../core/config/intents-schema.js";
import { intentsFilePath } from "../../core/governance/governance-files.js";
import { largest } from "../../core/unbounded-arrays.js";
import { count } from "../text/count.js";
import { printable } from "../text/messages.js";
import type { Style } from "../text/style.js";
import { displayWidth, padEndToWidth, padStartToWidth } from "../text/text-width.js";

/** One intent as `intent list` shows it. */
export interface IntentListRow {
  id: string;
  status: IntentStatus;
  name: string;
  assigned_agent: string | null;
  /** owned_scope's patterns plus the patterns of the grants that count. */
  scope_size: number;
  /** Traced commits in HEAD's history. */
  commits: number;
}

/** The note under list and show when the working copy's file is not HEAD's. */
export function uncommittedNote(): string {
  return `note: the working copy's ${intentsFilePath} differs from HEAD's (these are the working copy's intents); commits are judged by the committed file until it is committed.`;
}

/** `intent list`: a table, the name last (it is the long one), numbers right-aligned. */
export function formatIntentList(
  rows: readonly IntentListRow[],
  uncommitted: boolean,
  style: Style,
): string {
  if (rows.length === 0) return `No intents in the working copy's ${intentsFilePath}.\n`;
  const table = [
    ["ID", "STATUS", "AGENT", "SCOPE", "COMMITS", "NAME"],
    ...rows.map((row) => [
      printable(row.id),
      row.status,
      row.assigned_agent === null ? "-" : printable(row.assigned_agent),
      count(row.scope_size),
      count(row.commits),
      printable(row.name),
    ]),
  ];
  const widths = [0, 1, 2, 3, 4].map((column) =>
    largest(table.map((cells) => displayWidth(cells[column] ?? ""))),
  );
  const numeric = new Set([3, 4]);
  const lines = table.map((cells, index) => {
    const line = cells
      .map((cell, column) => {
        if (column === cells.length - 1) return cell;
        const width = widths[column] ?? 0;
        return numeric.has(column) && index > 0
          ? padStartToWidth(cell, width)
          : padEndToWidth(cell, width);
      })
      .join("  ");
    return index === 0 ? style.bold(line) : line;
  });
  if (uncommitted) lines.push(style.dim(uncommittedNote()));
  return `${lines.join("\n")}\n`;
}

/** `intent list --json`: versioned. */
export function intentListJson(rows: readonly IntentListRow[], uncommitted: boolean): string {
  return `${JSON.stringify(
    { version: 1, file: intentsFilePath, source: "working copy", uncommitted, intents: rows },
    null,
    2,
  )}\n`;
}

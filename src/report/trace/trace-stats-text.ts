import {
  aiShare,
  type ContributorStats,
  type IntentStats,
  type Share,
  type StatsCounts,
  type TraceStats,
} from "../../core/trace/trace-stats.js";
import { largest } from "../../core/unbounded-arrays.js";
import { count, plural, skippedBeforeAdoption } from "../text/count.js";
import { displayPath } from "../text/display-path.js";
import { printable } from "../text/messages.js";
import type { Style } from "../text/style.js";
import { displayWidth, padEndToWidth, padStartToWidth } from "../text/text-width.js";

/**
 * `trace stats`: a headline (the range, its tip, the path), the commits counted, then a table per
 * intent (governance last, on its own row) and per contributor — commits, lines added, lines
 * present at the tip, files — then the untraced commits and what was blamed. Names from notes and rules are printed escaped.
 */
export function formatTraceStatsText(stats: TraceStats, style: Style): string {
  const where = stats.path === null ? "" : `, under ${printable(displayPath(stats.path))}`;
  const tip = stats.tip === null ? "no commits" : `tip ${stats.tip.slice(0, 12)}`;
  const out = [style.bold(`trace stats of ${printable(stats.range)} (${tip})${where}`)];
  const { commits } = stats;
  out.push(
    `commits: ${count(commits.total)} — ${count(commits.traced)} traced, ${count(commits.untraced)} untraced; ${skippedBeforeAdoption(commits.before_adoption)}`,
  );
  const rows: [string, StatsCounts][] = stats.intents.map((row) => [intentLabel(row), row]);
  const { governance } = stats;
  if (governance.commits > 0 || governance.lines_present > 0) {
    rows.push(["governance (the rules)", governance]);
  }
  if (rows.length > 0) out.push("intents:", ...table("intent", rows));
  if (stats.contributors.length > 0) {
    out.push(
      "contributors:",
      ...table(
        "contributor",
        stats.contributors.map((row) => [contributorLabel(row), row]),
      ),
    );
    const share = aiShare(stats);
    out.push(
      `AI share: ${shareText(share.added, "added")}, ${shareText(share.present, "present")}`,
      style.dim(
        "  (each line counts once, for one contributor; a commit or file with several contributors counts in each of their rows)",
      ),
    );
  }
  if (stats.intents.length === 0 && stats.contributors.length === 0) out.push("No traced commits.");
  const untraced = stats.untraced;
  if (untraced.commits > 0) {
    out.push(
      style.yellow(
        `untraced: ${plural(untraced.commits, "commit")} without a trace record, ${plural(untraced.files, "file")}, ${plural(untraced.lines_present, "line")} present that nothing attributes`,
      ),
    );
  }
  out.push(
    style.dim(
      `lines present: at ${stats.tip === null ? "the tip" : stats.tip.slice(0, 12)}, in the ${plural(stats.blamed.files, "file")} the commits touched that still exist (${plural(stats.blamed.lines, "line")})${stats.blamed.binary > 0 ? `; ${plural(stats.blamed.binary, "binary file")} skipped` : ""}`,
    ),
  );
  return `${out.join("\n")}\n`;
}

/** `6 of 21 lines added (28.6%)`; no percentage of nothing. */
function shareText(share: Share, what: string): string {
  const percent = share.whole === 0 ? "" : ` (${((100 * share.part) / share.whole).toFixed(1)}%)`;
  return `${count(share.part)} of ${plural(share.whole, "line")} ${what}${percent}`;
}

/** `INT-001 (Auth)`, `INT-002` without a name, `no intent`. */
function intentLabel(intent: IntentStats): string {
  if (intent.id === null) return "no intent";
  return `${printable(intent.id)}${intent.name ? ` (${printable(intent.name)})` : ""}`;
}

/** `AI anthropic/claude-sonnet-4-6 (builder)`, `Ada <ada@example.com>`. */
function contributorLabel(contributor: ContributorStats): string {
  const { type, model, agent, name, email } = contributor;
  if (type === "AI") {
    return `AI ${printable(model ?? "model unknown")}${agent ? ` (${printable(agent)})` : ""}`;
  }
  const who = [name ? printable(name) : "", email ? `<${printable(email)}>` : ""];
  return who.filter(Boolean).join(" ") || "human";
}

/** A header and one row per entry, aligned, indented by two; the numbers right-aligned. */
function table(first: string, rows: readonly [string, StatsCounts][]): string[] {
  const cells = [
    [first, "commits", "added", "present", "files"],
    ...rows.map(([label, counts]) => [
      label,
      String(counts.commits),
      String(counts.lines_added),
      String(counts.lines_present),
      String(counts.files),
    ]),
  ];
  const widths =
    cells[0]?.map((_, column) => largest(cells.map((row) => displayWidth(row[column] ?? "")))) ??
    [];
  return cells.map((row) =>
    `  ${row
      .map((cell, column) =>
        column === 0
          ? padEndToWidth(cell, widths[column] ?? 0)
          : padStartToWidth(cell, widths[column] ?? 0),
      )
      .join("  ")}`.trimEnd(),
  );
}

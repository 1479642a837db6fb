import type { IntentLog } from "../core/trace/log-summary.js";
import { count, plural } from "./count.js";
import { describeContributor } from "./describe-contributor.js";
import { printable } from "./messages.js";
import type { Style } from "./style.js";

function contributorNames(commit: IntentLog["commits"][number]): string[] {
  return [...new Set(commit.contributors.map(describeContributor))];
}

/** `trace log --json`: versioned, contributors described as in the text output. */
export function traceLogJson(logs: readonly IntentLog[], since: string | null): string {
  const intents = logs.map((log) => ({
    ...log,
    commits: log.commits.map((commit) => ({ ...commit, contributors: contributorNames(commit) })),
  }));
  return `${JSON.stringify({ version: 1, since, intents }, null, 2)}\n`;
}

/**
 * `trace log`: per intent a headline with its totals, then one line per traced commit; `intent`
 * is the one `--intent` asked for, named when it has none.
 */
export function formatTraceLog(
  logs: readonly IntentLog[],
  intent: string | null,
  style: Style,
): string {
  const out: string[] = [];
  for (const log of logs) {
    out.push(
      style.bold(
        `${log.intent_id === null ? "(no intent)" : printable(log.intent_id)}: ${plural(log.commits.length, "commit")}, ${plural(log.files, "file")}, ${plural(log.lines, "line")} (AI ${count(log.ai_lines)}, human ${count(log.human_lines)})`,
      ),
    );
    for (const commit of log.commits) {
      out.push(
        `  ${commit.commit.slice(0, 10)} ${commit.date} ${printable(commit.subject)}  ${style.dim(`${plural(commit.files, "file")}, +${plural(commit.lines, "line")}, ${contributorNames(commit).join("; ")}`)}`,
      );
    }
  }
  if (out.length) return `${out.join("\n")}\n`;
  return intent === null ? "No traced commits.\n" : `No traced commits for ${printable(intent)}.\n`;
}

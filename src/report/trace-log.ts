import type { IntentLog } from "../core/trace/log-summary.js";
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

/** `trace log`: per intent a headline with its totals, then one line per traced commit. */
export function formatTraceLog(logs: readonly IntentLog[], style: Style): string {
  const out: string[] = [];
  for (const log of logs) {
    const commits = log.commits.length;
    out.push(
      style.bold(
        `${log.intent_id === null ? "(no intent)" : printable(log.intent_id)}: ${commits} commit${commits === 1 ? "" : "s"}, ${log.files} files, ${log.lines} lines (AI ${log.ai_lines}, human ${log.human_lines})`,
      ),
    );
    for (const commit of log.commits) {
      out.push(
        `  ${commit.commit.slice(0, 10)} ${commit.date} ${printable(commit.subject)}  ${style.dim(`${commit.files} files, +${commit.lines} lines, ${contributorNames(commit).join("; ")}`)}`,
      );
    }
  }
  return out.length ? `${out.join("\n")}\n` : "No traced commits.\n";
}

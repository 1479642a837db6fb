import type { CommitGroup, LoggedCommit, TraceLog } from "../../core/trace/log-summary.js";
import { describeContributor } from "../blame/describe-contributor.js";
import { count, plural } from "../text/count.js";
import { printable } from "../text/messages.js";
import type { Style } from "../text/style.js";

function contributorNames(commit: LoggedCommit): string[] {
  return [...new Set(commit.contributors.map(describeContributor))];
}

/**
 * `trace log --json`: versioned, contributors described as in the text output; `governance` and
 * `merges` beside the intents (added to version 1: readers of `intents` are unaffected).
 */
export function traceLogJson(log: TraceLog, since: string | null): string {
  const described = (commit: LoggedCommit) => ({
    ...commit,
    contributors: contributorNames(commit),
  });
  const group = <T extends CommitGroup>(entry: T) => ({
    ...entry,
    commits: entry.commits.map(described),
  });
  const json = {
    version: 1,
    since,
    intents: log.intents.map(group),
    governance: log.governance === null ? null : group(log.governance),
    merges: log.merges.map(described),
  };
  return `${JSON.stringify(json, null, 2)}\n`;
}

/**
 * `trace log`: per intent a headline with its totals, then one line per traced commit; then
 * governance, the rules changes no intent is credited with, the same way; then the merges that
 * author nothing. `intent` is the one `--intent` asked for, named when it has none.
 */
export function formatTraceLog(log: TraceLog, intent: string | null, style: Style): string {
  const out: string[] = [];
  const group = (title: string, entry: CommitGroup) => {
    out.push(
      style.bold(
        `${title}: ${plural(entry.commits.length, "commit")}, ${plural(entry.files, "file")}, ${plural(entry.lines, "line")} (AI ${count(entry.ai_lines)}, human ${count(entry.human_lines)})`,
      ),
    );
    for (const commit of entry.commits) {
      out.push(`${commitLine(commit)}  ${style.dim(commitDetail(commit))}`);
    }
  };
  for (const entry of log.intents) {
    group(entry.intent_id === null ? "(no intent)" : printable(entry.intent_id), entry);
  }
  if (log.governance) group("governance (the rules)", log.governance);
  if (log.merges.length > 0) {
    out.push(style.bold(`merges that author nothing: ${plural(log.merges.length, "commit")}`));
    for (const commit of log.merges) out.push(commitLine(commit));
  }
  if (out.length) return `${out.join("\n")}\n`;
  return intent === null ? "No traced commits.\n" : `No traced commits for ${printable(intent)}.\n`;
}

function commitLine(commit: LoggedCommit): string {
  return `  ${[commit.commit.slice(0, 10), commit.date, printable(commit.subject)].filter(Boolean).join(" ")}`;
}

/**
 * `2 files, +3 lines, human Ada <ada@example.com>; AI m/1`; `no files` for a commit that changes
 * none (and so names no contributor).
 */
function commitDetail(commit: LoggedCommit): string {
  const changed =
    commit.files === 0
      ? "no files"
      : `${plural(commit.files, "file")}, +${plural(commit.lines, "line")}`;
  const names = contributorNames(commit);
  return names.length === 0 ? changed : `${changed}, ${names.join("; ")}`;
}

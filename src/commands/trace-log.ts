import { summariseLog } from "../core/trace/log-summary.js";
import { ExitCode, UsageError } from "../errors.js";
import { readNotes } from "../git/notes.js";
import { locateRepo } from "../git/repo.js";
import { isGitDate } from "../git/revisions.js";
import {
  badSinceMessage,
  noCommitsYetMessage,
  skippedNoteLinesMessage,
} from "../report/messages.js";
import { styleFor } from "../report/style.js";
import { formatTraceLog, traceLogJson } from "../report/trace-log.js";
import { headIsUnborn, historySummaries } from "../trace/commit-range.js";
import { recordsOfCommits } from "../trace/read-records.js";
import type { CommandInput } from "./command.js";

/**
 * Commits per intent, with counts of files and lines and how many lines came from AI. A note
 * line that is not a valid record is skipped and named on stderr; the valid ones are counted.
 */
export async function run({ values, env }: CommandInput): Promise<ExitCode> {
  const since = typeof values.since === "string" ? values.since : undefined;
  const only = typeof values.intent === "string" ? values.intent : undefined;
  const repo = await locateRepo(env.cwd);
  // git log reads any --since it cannot parse as "now": a typo would list nothing, silently.
  if (since !== undefined && !(await isGitDate(repo.root, since))) {
    throw new UsageError(badSinceMessage(since), "trace log");
  }
  const history = await historySummaries(repo.root, since);
  const commits = new Map(history.map(({ commit, date, subject }) => [commit, { date, subject }]));
  if (history.length === 0 && (await headIsUnborn(repo.root))) {
    process.stderr.write(noCommitsYetMessage("log"));
  }
  const { records, invalid } = recordsOfCommits(
    [...commits.keys()],
    await readNotes(repo.root, commits.keys()),
  );
  process.stderr.write(skippedNoteLinesMessage(invalid));
  const logs = summariseLog(
    records.filter((record) => !only || record.intent_id === only),
    commits,
  );
  if (values.json) {
    process.stdout.write(traceLogJson(logs, since ?? null));
    return ExitCode.Ok;
  }
  process.stdout.write(formatTraceLog(logs, await styleFor(process.stdout, env.color)));
  return ExitCode.Ok;
}

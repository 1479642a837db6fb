import { summariseLog } from "../core/trace/log-summary.js";
import { ExitCode } from "../errors.js";
import { readNotes } from "../git/notes.js";
import { commitSummaries } from "../git/revisions.js";
import { styleFor } from "../report/style.js";
import { formatTraceLog, traceLogJson } from "../report/trace-log.js";
import { recordsOfCommits } from "../trace/read-records.js";
import type { CommandInput } from "./command.js";

/** Commits per intent, with counts of files and lines and how many lines came from AI. */
export async function run({ values, env }: CommandInput): Promise<ExitCode> {
  const since = typeof values.since === "string" ? values.since : undefined;
  const only = typeof values.intent === "string" ? values.intent : undefined;
  const history = await commitSummaries(env.cwd, since);
  const commits = new Map(history.map(({ commit, date, subject }) => [commit, { date, subject }]));
  const records = recordsOfCommits([...commits.keys()], await readNotes(env.cwd, commits.keys()));
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

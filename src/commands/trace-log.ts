import { creditOf } from "../core/trace/commit-credit.js";
import { summariseLog } from "../core/trace/log-summary.js";
import type { TraceRecord } from "../core/trace/record-schema.js";
import { ExitCode, IntentguardError, UsageError } from "../errors.js";
import { readNotes } from "../git/notes.js";
import { notesNotFetched } from "../git/notes-remote.js";
import { locateRepo, type Repo } from "../git/repo.js";
import { isGitDate } from "../git/revisions.js";
import { currentGovernance } from "../governance/current-governance.js";
import { knownIntentsText, unknownIntentMessage } from "../report/intent/unknown-intent.js";
import {
  badSinceMessage,
  noCommitsYetMessage,
  skippedNoteLinesMessage,
} from "../report/text/messages.js";
import { styleFor } from "../report/text/style.js";
import { formatTraceLog, traceLogJson } from "../report/trace/trace-log.js";
import { notesNotFetchedMessage } from "../report/trace/untraced.js";
import { headIsUnborn, historySummaries } from "../trace/commit-range.js";
import { recordsOfCommits } from "../trace/read-records.js";
import type { CommandInput } from "./support/command.js";

/**
 * Commits per intent (governance and merges that author nothing apart), with counts of files and
 * lines and how many lines came from AI. A note line that is not a valid record is skipped and
 * named on stderr; the valid ones are counted.
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
  const { records, invalid } = await recordsOfCommits(
    [...commits.keys()],
    await readNotes(repo.root, commits.keys()),
  );
  process.stderr.write(skippedNoteLinesMessage(invalid));
  // An intent's commits are those credited to it: not the rules changes that name it.
  const chosen = records.filter((record) => {
    const credit = creditOf(record);
    return !only || (credit.kind === "intent" && credit.id === only);
  });
  if (only !== undefined && chosen.length === 0) await refuseUnknownIntent(repo, only, records);
  if (records.length === 0 && (await notesNotFetched(repo.root))) {
    process.stderr.write(notesNotFetchedMessage(env.command));
  }
  const log = summariseLog(chosen, commits);
  if (values.json) {
    process.stdout.write(traceLogJson(log, since ?? null));
    return ExitCode.Ok;
  }
  process.stdout.write(
    formatTraceLog(log, only ?? null, await styleFor(process.stdout, env.color)),
  );
  return ExitCode.Ok;
}

/**
 * `--intent` naming an intent that neither the intents file nor any record knows is a typo, not an
 * intent without commits: an empty log would hide it. An intent only records still name (removed
 * from the file since) is known: its commits are listed.
 */
async function refuseUnknownIntent(
  repo: Repo,
  id: string,
  records: readonly TraceRecord[],
): Promise<void> {
  const intents = (await currentGovernance(repo))?.governance.intents ?? [];
  if (intents.some((intent) => intent.id === id)) return;
  const inFile = new Set(intents.map((intent) => intent.id));
  const traced = [
    ...new Set(records.flatMap((record) => (record.intent_id === null ? [] : [record.intent_id]))),
  ].filter((traced) => !inFile.has(traced));
  throw new IntentguardError(
    unknownIntentMessage(id, [...inFile, ...traced], knownIntentsText(intents, traced)),
  );
}

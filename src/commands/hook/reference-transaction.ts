import { existsSync } from "node:fs";
import path from "node:path";
import { intentsFilePath } from "../../core/governance-files.js";
import type { RefusedCommand } from "../../core/judge/verdict.js";
import { attributedLines, recordsToNote } from "../../core/trace/note-text.js";
import { recordDigest } from "../../core/trace/record-digest.js";
import type { TraceRecord } from "../../core/trace/record-schema.js";
import type { Environment } from "../../environment.js";
import { ExitCode } from "../../errors.js";
import { noGovernanceError } from "../../gate/judge-against-parent.js";
import {
  type CommitJudgement,
  type JudgedCommits,
  judgeCommits,
} from "../../gate/judge-commits.js";
import { readNotes, removeNotes, writeNotes } from "../../git/notes.js";
import { readObjects } from "../../git/read-objects.js";
import { locateHookRepo, type Repo } from "../../git/repo.js";
import { branchTips, commitsDropped } from "../../git/revisions.js";
import {
  appendAnchoredEvents,
  appendLedgerEvents,
  LedgerAppendError,
  type LedgerEvent,
} from "../../ledger/ledger.js";
import { ledgerNotice } from "../../report/ledger-notice.js";
import { ledgerNotAppendedMessage } from "../../report/messages.js";
import { styleFor } from "../../report/style.js";
import { formatTransactionReport } from "../../report/transaction.js";
import { rememberPendingTraces, takePendingTraces } from "../../trace/pending-traces.js";
import { recordCommits } from "../../trace/record-commits.js";
import { recordDenial } from "./record-denial.js";
import { absent, parseRefUpdates, type RefUpdate, readStdin } from "./ref-updates.js";
import { reportHookError } from "./report-hook-error.js";

/**
 * reference-transaction: the gate and the trace of every commit that lands on a local branch —
 * by commit, amend, merge, cherry-pick, revert, am or rebase, with or without --no-verify.
 * git runs it for every ref update; the sh shim (hooks/reference-transaction) starts Node only
 * in the `prepared` state of an update that moves a branch to commits no branch or
 * remote-tracking branch had, and hands over the update lines and those commits (oldest first).
 * At that moment the commits exist: each is judged against its first parent's governance under
 * its own Intent: trailer; a refusal aborts the whole update (exit 1), and git leaves the branch
 * where it was. When every commit is allowed, each gets its trace record before the update
 * commits; if git then aborts it anyway, the `aborted` state withdraws them.
 */
export async function run(args: string[], env: Environment): Promise<ExitCode> {
  const [state] = args;
  const { updates, candidates, text } = parseInput(await readStdin());
  if (state === "aborted") return aborted(env, text);
  if (state !== "prepared" || candidates.length === 0) return ExitCode.Ok;
  const repo = await locateHookRepo(env.cwd, env.gitDir);
  const head = updates.find((update) => update.ref === "HEAD");
  // Commits that already have a record were traced where they were made (a pull from a URL, a
  // branch at a shared tag): they are not judged again here. A single new commit never has one.
  const notes = candidates.length > 1 ? await readNotes(repo.root, candidates) : new Map();
  const commits = candidates.filter((commit) => !notes.has(commit));
  if (commits.length === 0) return ExitCode.Ok;
  const command = refusedCommand(repo, head !== undefined);
  const { judgements, digests } = await judgeCommits({
    repo,
    commits,
    env,
    parentLabel: (parent) => (parent === head?.old ? "HEAD" : parent.slice(0, 12)),
    explainPending: command === "commit",
  });
  const style = await styleFor(process.stderr, env.color);
  const refused = await refusals(repo, judgements);
  if (refused.length > 0) {
    for (const { verdict } of refused) verdict.notes.push({ kind: "refused-command", command });
    process.stderr.write(formatTransactionReport(refused, judgements.length, style));
    for (const { commit, verdict } of refused) {
      await recordDenial(repo, "reference-transaction", verdict, commit);
    }
    return ExitCode.Blocked;
  }
  const traced = judgements.filter((judgement) => judgement.kind === "judged");
  process.stderr.write(formatTransactionReport(traced, judgements.length, style));
  try {
    await trace(repo, env, updates, text, traced, digests);
  } catch (error) {
    // The commits are allowed; a trace that cannot be written (a notes ref held by another
    // tool past every retry) does not refuse them: it is reported, and verify lists them.
    const commits = traced.map((judgement) => judgement.commit.slice(0, 12)).join(", ");
    await reportHookError(repo, env, "reference-transaction", commits, error);
  }
  return ExitCode.Ok;
}

type Judged = Extract<CommitJudgement, { kind: "judged" }>;

/**
 * The commits the update may not bring: each blocked one, and — in a repository that has not
 * adopted intentguard on any branch — commits with no governance at all (the hooks are installed,
 * but there is nothing to judge by yet). Elsewhere, a history that never had governance (an old
 * release branch, an orphan gh-pages) is not intentguard's to judge.
 */
async function refusals(repo: Repo, judgements: readonly CommitJudgement[]): Promise<Judged[]> {
  const blocked = judgements.flatMap((judgement) =>
    judgement.kind === "judged" && judgement.verdict.outcome === "blocked" ? [judgement] : [],
  );
  if (blocked.length > 0) return blocked;
  if (judgements.some((judgement) => judgement.kind === "ungoverned") && !(await adopted(repo))) {
    throw noGovernanceError();
  }
  return [];
}

/** Whether any branch or remote-tracking branch has the intents file. */
async function adopted(repo: Repo): Promise<boolean> {
  const names = (await branchTips(repo.root)).map((tip) => `${tip}:${intentsFilePath}`);
  const found = await readObjects(repo.root, names);
  return [...found.values()].some((object) => object?.type === "blob");
}

/**
 * Writes the records of the allowed commits: under the ledger lock, the notes (one git process
 * whatever their number), each record anchoring its commit_traced line, then the ledger lines,
 * then the list the `aborted` state would withdraw. Who wrote what is carried over, by content,
 * from the commits the update drops (an amend's old commit, a rebase's originals). A ledger that
 * cannot be written does not leave the commits untraced: their records are written all the same
 * (without an anchor, when the ledger could not even be read), and the message says so.
 */
async function trace(
  repo: Repo,
  env: Environment,
  updates: readonly RefUpdate[],
  text: string,
  traced: readonly Judged[],
  digests: JudgedCommits["digests"],
): Promise<void> {
  if (traced.length === 0) return;
  const replaced = await replacedRecords(repo, updates, traced);
  const records = recordCommits(traced, {
    digests,
    contributorEnv: env.contributor,
    replaced: replaced.records,
  });
  const events: LedgerEvent[] = records.map((record) => ({
    event: "commit_traced",
    commit: record.vcs.revision_id,
    intent_id: record.intent_id,
    record_id: record.id,
    record_sha256: recordDigest(record),
    files: record.files.length,
    lines: attributedLines(record),
    ...(replaced.commits.length > 0 ? { rewritten_from: replaced.commits } : {}),
  }));
  const publish = async (anchored: readonly TraceRecord[]) => {
    await writeNotes(
      repo,
      new Map(anchored.map((record) => [record.vcs.revision_id, recordsToNote([record])])),
    );
    rememberPendingTraces(
      repo,
      text,
      anchored.map((record) => ({ commit: record.vcs.revision_id, record_id: record.id })),
    );
  };
  try {
    const written = await appendAnchoredEvents(repo, events, (anchors) =>
      publish(records.map((record, index) => ({ ...record, ledger: anchors[index] }))),
    );
    process.stderr.write(ledgerNotice(written));
  } catch (error) {
    if (!(error instanceof LedgerAppendError)) throw error; // the notes failed: nothing written
    if (!error.published) await publish(records);
    const commits = records.map((record) => record.vcs.revision_id.slice(0, 12));
    process.stderr.write(ledgerNotAppendedMessage(commits, error.message, error.published));
  }
}

/** The commits an update drops (not reachable any more from the branch), and their records. */
async function replacedRecords(
  repo: Repo,
  updates: readonly RefUpdate[],
  traced: readonly Judged[],
): Promise<{ commits: string[]; records: TraceRecord[] }> {
  const parents = new Set(traced.flatMap((judgement) => judgement.diff.commit.parents));
  const olds = updates
    .filter((update) => update.ref.startsWith("refs/heads/") && !absent(update.old))
    .map((update) => update.old)
    .filter((old) => !parents.has(old));
  if (olds.length === 0) return { commits: [], records: [] };
  const news = updates.filter((update) => !absent(update.new)).map((update) => update.new);
  const commits = await commitsDropped(repo.root, olds, news);
  const notes = await readNotes(repo.root, commits);
  // Loads the record schema (zod) only when there are notes to read: not on an ordinary commit.
  const { recordsInNote } = await import("../../trace/note-records.js");
  return { commits, records: commits.flatMap((commit) => recordsInNote(notes.get(commit))) };
}

/** `aborted`: withdraws the records the `prepared` state wrote for this very update. */
async function aborted(env: Environment, text: string): Promise<ExitCode> {
  const repo = await locateHookRepo(env.cwd, env.gitDir);
  const pending = takePendingTraces(repo, text);
  if (pending.length === 0) return ExitCode.Ok;
  await removeNotes(
    repo,
    pending.map((trace) => trace.commit),
  );
  await appendLedgerEvents(
    repo,
    pending.map((trace) => ({ event: "trace_withdrawn", ...trace })),
  );
  return ExitCode.Ok;
}

/** Which command is making the update, from the state files it leaves while it runs. */
function refusedCommand(repo: Repo, movesHead: boolean): RefusedCommand {
  const has = (name: string) => existsSync(path.join(repo.gitDir, name));
  if (has("rebase-merge") || has("rebase-apply/rebasing")) return "rebase";
  if (has("rebase-apply/applying")) return "am";
  if (has("MERGE_HEAD")) return "merge";
  if (has("CHERRY_PICK_HEAD")) return "cherry-pick";
  if (has("REVERT_HEAD")) return "revert";
  if (has("sequencer")) return "cherry-pick";
  // A clean single pick or revert commits straight from MERGE_MSG, leaving no other state.
  if (has("MERGE_MSG")) return "pick";
  return movesHead ? "commit" : "ref-update";
}

/**
 * The shim's hand-over: the update lines as git gave them (`<old> <new> <ref>`), a line `--`,
 * then the new commits, oldest first. `text` is the update lines alone: the key of the update.
 */
function parseInput(input: string): { updates: RefUpdate[]; candidates: string[]; text: string } {
  const [head = "", tail = ""] = input.split(/^--$/m);
  const updates = parseRefUpdates(head);
  const candidates = tail.split("\n").filter((line) => /^[0-9a-f]{40,64}$/.test(line.trim()));
  const text = updates.map((update) => `${update.old} ${update.new} ${update.ref}\n`).join("");
  return { updates, candidates: candidates.map((line) => line.trim()), text };
}

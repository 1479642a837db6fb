import { existsSync } from "node:fs";
import path from "node:path";
import { standingEscapes } from "../../agent/escapes.js";
import { systemClock } from "../../clock.js";
import { isObjectId } from "../../core/commit/object-id.js";
import type { RefusedCommand } from "../../core/judge/verdict.js";
import type { Environment } from "../../environment.js";
import { ExitCode, FailureError } from "../../errors.js";
import { locateHookRepo, type Repo } from "../../git/repo.js";
import type { CommitJudgement } from "../../land/judge-commit.js";
import { judgeLocalLandings, type LocalUpdate } from "../../land/local-landing.js";
import { type TraceOutcome, traceLanding, withdrawTraces } from "../../land/trace-landing.js";
import { ledgerNotAppendedMessage } from "../../report/text/messages.js";
import { styleFor } from "../../report/text/style.js";
import { ledgerNotice } from "../../report/trace/ledger-notice.js";
import {
  observationsTamperedText,
  standingEscapesText,
} from "../../report/verdict/after-tool-findings.js";
import {
  formatLandingFindings,
  formatTransactionReport,
} from "../../report/verdict/transaction.js";
import { recordDenial } from "./record-denial.js";
import { parseRefUpdates, type RefUpdate, readStdin } from "./ref-updates.js";
import { reportHookError } from "./report-hook-error.js";

/**
 * reference-transaction: the gate and the trace of every commit that lands on a local branch —
 * by commit, amend, merge, cherry-pick, revert, am or rebase, with or without --no-verify.
 * git runs it for every ref update; the sh shim (hooks/reference-transaction) starts Node only
 * in the `prepared` state of an update that brings a branch commits no remote-tracking branch
 * had (or leaves it without rules), and hands over the update lines and, per branch, those
 * commits (oldest first, with their parents). Each branch update is judged as a landing
 * (src/land): a refusal aborts the whole update (exit 1), and git leaves the branch where it was.
 * When everything is allowed, each commit without a record gets one before the update commits;
 * if git then aborts it anyway, the `aborted` state withdraws them.
 */
export async function run(args: string[], env: Environment): Promise<ExitCode> {
  const [state] = args;
  const { updates, landings, text } = parseInput(await readStdin());
  const repo = await locateHookRepo(env.cwd, env.gitDir);
  if (state === "aborted") {
    await withdrawTraces(repo, systemClock, text);
    return ExitCode.Ok;
  }
  if (state !== "prepared" || landings.length === 0) return ExitCode.Ok;
  const head = updates.find((update) => update.ref === "HEAD");
  const command = refusedCommand(repo, head !== undefined);
  const landed = await judgeLocalLandings(
    repo,
    systemClock,
    env,
    landings,
    (commit) => (commit === head?.old ? "HEAD" : commit.slice(0, 12)),
    command === "commit",
  );
  const style = await styleFor(process.stderr, env.color);
  const refused = landed.judged.filter(isRefused);
  const errors = landed.findings.filter(({ finding }) => finding.severity === "error");
  for (const { verdict } of refused) verdict.notes.push({ kind: "refused-command", command });
  const judged = landed.judged.filter((one): one is Judged => one.kind === "judged");
  if (refused.length > 0 || errors.length > 0) {
    process.stderr.write(
      formatTransactionReport(refused, landed.judged.length, style, env.command),
    );
    process.stderr.write(formatLandingFindings(landed.findings, style, env.command));
    for (const { commit, verdict } of refused) {
      await recordDenial(repo, "reference-transaction", verdict, commit);
    }
    return ExitCode.Blocked;
  }
  let traced: TraceOutcome = { kind: "nothing" };
  try {
    traced = await traceLanding(repo, systemClock, env, {
      updateLines: text,
      judged,
      digests: landed.digests,
      dropped: landed.dropped,
    });
  } catch (error) {
    // The commits are allowed; a trace that cannot be written (a notes ref held by another
    // tool past every retry) does not refuse them: it is reported, and verify lists them.
    const commits = judged.map((judgement) => judgement.commit.slice(0, 12)).join(", ");
    await reportHookError(repo, env, "reference-transaction", commits, error);
  }
  const tracedCount = traced.kind === "nothing" ? 0 : traced.traced;
  process.stderr.write(
    formatTransactionReport(judged, landed.judged.length, style, env.command, tracedCount),
  );
  process.stderr.write(formatLandingFindings(landed.findings, style, env.command));
  if (traced.kind === "written") process.stderr.write(ledgerNotice(traced.events));
  if (traced.kind === "written" && traced.tampering) {
    process.stderr.write(`${observationsTamperedText(traced.tampering)}\n`);
  }
  // Said, never in the way: the commit has landed whatever the list of escapes holds.
  try {
    const escapes = await standingEscapes(repo);
    if (escapes.length > 0) {
      process.stderr.write(`${standingEscapesText(escapes, env.agentProcess !== null)}\n`);
    }
  } catch (error) {
    if (!(error instanceof FailureError)) throw error;
    process.stderr.write(`intentguard: ${error.message}\n`);
  }
  if (traced.kind === "ledger-failed") {
    process.stderr.write(ledgerNotAppendedMessage(traced.commits, traced.reason, traced.published));
  }
  return ExitCode.Ok;
}

type Judged = Extract<CommitJudgement, { kind: "judged" }>;

function isRefused(judgement: CommitJudgement): judgement is Judged {
  return judgement.kind === "judged" && judgement.verdict.outcome === "blocked";
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
 * then for each branch update to judge a line `ref <ref> <old>` (the old value the ref holds)
 * followed by its new commits, oldest first, one per line with its parents (`<commit>
 * <parent>…`). `text` is the update lines alone: the key of the update.
 */
function parseInput(input: string): {
  updates: RefUpdate[];
  landings: LocalUpdate[];
  text: string;
} {
  const [head = "", tail = ""] = input.split(/^--$/m);
  const updates = parseRefUpdates(head);
  const landings: LocalUpdate[] = [];
  for (const line of tail.split("\n")) {
    const fields = line.trim().split(/\s+/).filter(Boolean);
    if (fields[0] === "ref" && fields[1]) {
      const update = updates.find((candidate) => candidate.ref === fields[1]);
      // The shim's old value: the ref's own, where git reported none (an unconditional update).
      const old = fields[2] && /^[0-9a-f]+$/.test(fields[2]) ? fields[2] : update?.old;
      if (update && old) landings.push({ ...update, old, fresh: [] });
    } else if (fields.length > 0 && fields.every(isObjectId)) {
      const [commit = "", ...parents] = fields;
      landings.at(-1)?.fresh.push({ commit, parents });
    }
  }
  const text = updates.map((update) => `${update.old} ${update.new} ${update.ref}\n`).join("");
  return { updates, landings, text };
}

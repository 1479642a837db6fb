import { intentTrailer, trailerValues } from "../../core/trailers.js";
import type { Environment } from "../../environment.js";
import { ExitCode, UsageError } from "../../errors.js";
import { judgeStaged } from "../../gate/judge-staged.js";
import { addTrailers, messageIsEmpty, readTrailers } from "../../git/commit-message.js";
import { locateRepo } from "../../git/repo.js";
import { writeVerdict } from "../../report/write-verdict.js";
import { takeAmendMarker } from "../../state/hook-handoff.js";
import { verdictExitCode } from "../verdict-exit-code.js";
import { trailersToAdd } from "./commit-trailers.js";
import { recordDenial } from "./record-denial.js";

/**
 * commit-msg: the decision that sees the message. The message's Intent: trailer counts (after
 * --intent and INTENTGUARD_INTENT, before the selection) and is re-checked against the staged
 * change; when the commit is allowed under an intent the message does not name, the trailer is
 * added so the binding travels with the commit. `$1` is the message file (MERGE_MSG for merges).
 */
export async function run(args: string[], env: Environment): Promise<ExitCode> {
  const [messageFile] = args;
  if (!messageFile) {
    throw new UsageError("commit-msg needs the message file git passes as $1.", "hook");
  }
  const repo = await locateRepo(env.cwd);
  const amendHead = takeAmendMarker(repo.stateDir);
  const [empty, trailers] = await Promise.all([
    messageIsEmpty(repo.root, messageFile),
    readTrailers(repo.root, messageFile),
  ]);
  if (empty) return ExitCode.Ok; // git aborts an empty message itself; a trailer would hide it
  const declared = trailerValues(trailers, intentTrailer);
  const { verdict } = await judgeStaged({
    env,
    repo,
    trailers: declared,
    deferWithoutIntent: false,
    amendHead,
  });
  if (verdict.outcome === "blocked")
    verdict.notes.push({ kind: "message-kept", file: messageFile });
  // The commit-msg shim sets this when pre-commit already printed its "allowed" line.
  if (verdict.outcome === "blocked" || !env.preCommitAllowed) {
    await writeVerdict(verdict, "text", process.stderr, env.color);
  }
  if (verdict.outcome === "blocked") await recordDenial(repo, "commit-msg", verdict);
  if (verdict.outcome === "allowed") {
    await addTrailers(repo.root, messageFile, trailersToAdd(verdict, env.contributor));
  }
  return verdictExitCode(verdict);
}

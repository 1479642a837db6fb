import { verdictExitCode } from "../core/check/verdict-exit-code.js";
import { intentTrailer, trailerValues } from "../core/trailers.js";
import { ExitCode, UsageError } from "../errors.js";
import { checkStaged } from "../gate/staged-check.js";
import { addTrailers, messageIsEmpty, readTrailers } from "../git/commit-message.js";
import { locateRepo } from "../git/repo.js";
import { writeVerdict } from "../report/write-verdict.js";
import { takeAmendMarker } from "../state/hook-handoff.js";
import { trailersToAdd } from "./commit-trailers.js";
import { recordDenial } from "./record-denial.js";

/**
 * commit-msg: the decision that sees the message. The message's Intent: trailer counts (after
 * --intent and INTENTGUARD_INTENT, before the selection) and is re-checked against the staged
 * change; when the commit is allowed under an intent the message does not name, the trailer is
 * added so the binding travels with the commit. `$1` is the message file (MERGE_MSG for merges).
 */
export async function run(args: string[]): Promise<ExitCode> {
  const [messageFile] = args;
  if (!messageFile) {
    throw new UsageError("intentguard hook commit-msg needs the message file git passes as $1.");
  }
  const repo = await locateRepo();
  const amendHead = takeAmendMarker(repo.stateDir);
  const [empty, trailers] = await Promise.all([
    messageIsEmpty(messageFile),
    readTrailers(messageFile),
  ]);
  if (empty) return ExitCode.Ok; // git aborts an empty message itself; a trailer would hide it
  const declared = trailerValues(trailers, intentTrailer);
  const { verdict } = await checkStaged({
    repo,
    trailers: declared,
    deferWithoutIntent: false,
    amendHead,
  });
  if (verdict.outcome === "blocked") {
    verdict.notes.push(
      `your message is kept in ${messageFile}: reuse it with git commit -e -F ${messageFile}`,
    );
  }
  // The commit-msg shim sets this when pre-commit already printed its "allowed" line.
  const alreadyReported = process.env.INTENTGUARD_PRE_COMMIT_ALLOWED === "1";
  if (verdict.outcome === "blocked" || !alreadyReported) {
    await writeVerdict(verdict, "text", process.stderr);
  }
  if (verdict.outcome === "blocked") await recordDenial(repo, "commit-msg", verdict);
  if (verdict.outcome === "allowed") await addTrailers(messageFile, trailersToAdd(verdict));
  return verdictExitCode(verdict);
}

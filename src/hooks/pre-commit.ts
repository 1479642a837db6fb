import { verdictExitCode } from "../core/check/verdict-exit-code.js";
import { ExitCode } from "../errors.js";
import { checkStaged } from "../gate/staged-check.js";
import { writeVerdict } from "../report/write-verdict.js";
import { clearHandoffs, noIntent, unbornHead, writeCommitMsgReady } from "../state/hook-handoff.js";
import { trailersToAdd } from "./commit-trailers.js";
import { recordDenial } from "./record-denial.js";

/**
 * pre-commit and pre-merge-commit: judge the staged change before git asks for a message. It
 * cannot see the message, so without an intent it defers to commit-msg. A block under the
 * work tree's selection is provisional too: the message's Intent: trailer outranks the selection,
 * so commit-msg decides. When it allows, it leaves a hand-off so the commit-msg shim can add the
 * trailer without starting Node.
 */
export async function run(_args: string[], hook = "pre-commit"): Promise<ExitCode> {
  const { repo, verdict, head } = await checkStaged({ deferWithoutIntent: true });
  const { stateDir } = repo;
  clearHandoffs(stateDir);
  if (verdict.outcome === "blocked" && verdict.intent?.source === "selection") {
    process.stderr.write(
      `• intentguard: not allowed under the selected ${verdict.intent.id}; commit-msg decides (an Intent: trailer in the message outranks the selection)\n`,
    );
    return ExitCode.Ok;
  }
  await writeVerdict(verdict, "text", process.stderr);
  if (verdict.outcome === "blocked") await recordDenial(repo, hook, verdict);
  if (verdict.outcome === "allowed") {
    const intent = verdict.kind === "intent" ? verdict.intent?.id : undefined;
    writeCommitMsgReady(stateDir, intent ?? noIntent, head ?? unbornHead, trailersToAdd(verdict));
  }
  return verdictExitCode(verdict);
}

import { verdictExitCode } from "../core/check/verdict-exit-code.js";
import type { ExitCode } from "../errors.js";
import { checkStaged } from "../gate/staged-check.js";
import { locateRepo } from "../git/repo.js";
import { writeVerdict } from "../report/write-verdict.js";
import { clearHandoffs, noIntent, writeCommitMsgReady } from "../state/hook-handoff.js";

/**
 * pre-commit and pre-merge-commit: judge the staged change before git asks for a message. It
 * cannot see the message, so without an intent it defers to commit-msg. When it allows under an
 * intent it leaves a hand-off so the commit-msg shim can add the trailer without starting Node.
 */
export async function run(): Promise<ExitCode> {
  const repo = await locateRepo();
  await clearHandoffs(repo.stateDir);
  const { verdict, head } = await checkStaged({ repo, deferWithoutIntent: true });
  await writeVerdict(verdict, "text", process.stderr);
  if (verdict.outcome === "allowed" && head) {
    const intent = verdict.kind === "intent" ? verdict.intent?.id : undefined;
    await writeCommitMsgReady(repo.stateDir, intent ?? noIntent, head);
  }
  return verdictExitCode(verdict);
}

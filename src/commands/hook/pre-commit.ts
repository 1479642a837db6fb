import type { Environment } from "../../environment.js";
import { ExitCode } from "../../errors.js";
import { judgeStaged } from "../../gate/judge-staged.js";
import { provisionalBlockMessage } from "../../report/messages.js";
import { writeVerdict } from "../../report/write-verdict.js";
import {
  clearHandoffs,
  noIntent,
  unbornHead,
  writeCommitMsgReady,
} from "../../state/hook-handoff.js";
import { verdictExitCode } from "../verdict-exit-code.js";
import { trailersToAdd } from "./commit-trailers.js";
import { recordDenial } from "./record-denial.js";

/**
 * pre-commit and pre-merge-commit: judge the staged change before git asks for a message. It
 * cannot see the message, so without an intent it defers to commit-msg. A block under the
 * work tree's selection is provisional too: the message's Intent: trailer outranks the selection,
 * so commit-msg decides. When it allows, it leaves a hand-off so the commit-msg shim can add the
 * trailer without starting Node.
 */
export async function run(_args: string[], env: Environment, hook: string): Promise<ExitCode> {
  const { repo, verdict, head } = await judgeStaged({ env, deferWithoutIntent: true });
  const { stateDir } = repo;
  clearHandoffs(stateDir);
  if (verdict.outcome === "blocked" && verdict.intent?.source === "selection") {
    process.stderr.write(provisionalBlockMessage(verdict.intent.id));
    return ExitCode.Ok;
  }
  await writeVerdict(verdict, "text", process.stderr, env.color);
  if (verdict.outcome === "blocked") await recordDenial(repo, hook, verdict);
  if (verdict.outcome === "allowed") {
    const intent = verdict.kind === "intent" ? verdict.intent?.id : undefined;
    writeCommitMsgReady(
      stateDir,
      intent ?? noIntent,
      head ?? unbornHead,
      trailersToAdd(verdict, env.contributor),
    );
  }
  return verdictExitCode(verdict);
}

import type { Environment } from "../../environment.js";
import { ExitCode } from "../../errors.js";
import { judgeStaged } from "../../gate/judge-staged.js";
import { writeVerdict } from "../../report/verdict/write-verdict.js";
import { recordDenial } from "./record-denial.js";

/**
 * pre-commit, when an editor is about to open for the message (the shim skips it otherwise):
 * the early check. It refuses before the user writes a message for a commit that would be
 * refused as it lands, and only then: the message, which does not exist yet, may carry an
 * Intent: trailer (an amend keeps its own; -m, -F, a template or the editor may add one) that
 * outranks the selection. So a change with no intent yet, or blocked under the selection, is
 * left to the reference-transaction hook, which judges the commit once, with its message, and
 * alone speaks. A block under INTENTGUARD_INTENT (a trailer that differs is refused too), or one
 * that names no intent (a governance change mixed with other files), is final here. The policy's
 * `hooks.check_before_editor: false` turns it off.
 */
export async function run(_args: string[], env: Environment): Promise<ExitCode> {
  const { repo, verdict, governance } = await judgeStaged({ env, deferWithoutIntent: true });
  const final = verdict.outcome === "blocked" && verdict.intent?.source !== "selection";
  if (!governance.policy.hooks.check_before_editor || !final) return ExitCode.Ok;
  verdict.notes.push({ kind: "checked-before-editor" });
  await writeVerdict(verdict, "text", process.stderr, env.color, env.command);
  await recordDenial(repo, "pre-commit", verdict);
  return ExitCode.Blocked;
}

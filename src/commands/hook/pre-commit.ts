import type { Environment } from "../../environment.js";
import { ExitCode } from "../../errors.js";
import { judgeStaged } from "../../gate/judge-staged.js";
import { writeVerdict } from "../../report/write-verdict.js";
import { recordDenial } from "./record-denial.js";

/**
 * pre-commit, when an editor is about to open for the message (the shim skips it otherwise):
 * the early check. It judges what is staged under INTENTGUARD_INTENT or the selection, and
 * refuses before the user writes a message for a commit that would be refused as it lands. It
 * says nothing when the change is allowed or declares no intent yet: the decision is the
 * reference-transaction hook's, once the message (and its Intent: trailer) exists. The policy's
 * `hooks.check_before_editor: false` turns it off.
 */
export async function run(_args: string[], env: Environment): Promise<ExitCode> {
  const { repo, verdict, governance } = await judgeStaged({ env, deferWithoutIntent: true });
  if (!governance.policy.hooks.check_before_editor || verdict.outcome !== "blocked") {
    return ExitCode.Ok;
  }
  verdict.notes.push({ kind: "checked-before-editor" });
  await writeVerdict(verdict, "text", process.stderr, env.color);
  await recordDenial(repo, "pre-commit", verdict);
  return ExitCode.Blocked;
}

import type { Verdict } from "../../core/judge/verdict.js";
import type { Repo } from "../../git/repo.js";
import { denialNotRecordedMessage } from "../../report/text/messages.js";

const pathsKept = 100;

/**
 * Records a blocked commit in the ledger: the rules it broke, the intent, the paths. The ledger
 * (and the hashing module it loads, ~6 ms) is imported here, on a block only: the gate hooks
 * import this module, and an allowed commit must not pay for it.
 */
export async function recordDenial(
  repo: Repo,
  hook: string,
  verdict: Verdict,
  commit?: string,
): Promise<void> {
  const { recordEvent } = await import("../support/record-event.js");
  const errors = verdict.findings.filter((finding) => finding.severity === "error");
  const paths = [...new Set(errors.flatMap((finding) => finding.paths))];
  try {
    await recordEvent(repo, {
      event: "commit_denied",
      hook,
      ...(commit ? { commit } : {}),
      rules: errors.map((finding) => finding.rule),
      intent_id: verdict.intent?.id ?? null,
      paths: paths.slice(0, pathsKept),
      path_count: paths.length,
    });
  } catch (error) {
    process.stderr.write(denialNotRecordedMessage((error as Error).message));
  }
}

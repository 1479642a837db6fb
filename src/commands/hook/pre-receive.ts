import { systemClock } from "../../clock.js";
import { rangeCheckFails } from "../../core/check/range-check.js";
import type { Environment } from "../../environment.js";
import { ExitCode } from "../../errors.js";
import { locateHookRepo } from "../../git/repo.js";
import { judgePush, recordAdoption } from "../../land/server-landing.js";
import { formatRangeCheckText } from "../../report/range/check-range-text.js";
import { formatPushRefusal } from "../../report/range/push-refusal.js";
import { styleFor } from "../../report/text/style.js";
import { readPushedRefUpdates, readStdin } from "./ref-updates.js";

/**
 * pre-receive, on a server (plain git, Gitea, GitLab server hooks): every ref a push moves,
 * judged as a landing exactly as the local hooks and `check --range` judge one (src/land). Any
 * violation rejects the whole push (git's pre-receive is all or nothing), with the report
 * `check --range` prints, which git relays to the pusher as `remote:` lines. INTENTGUARD=0 does
 * not apply here: on a server it would come from whoever runs the push.
 */
export async function run(_args: string[], env: Environment): Promise<ExitCode> {
  const repo = await locateHookRepo(env.cwd, env.gitDir);
  const style = await styleFor(process.stderr, env.color);
  const push = await judgePush(repo, systemClock, env, readPushedRefUpdates(await readStdin()));
  let rejected = push.refusals.length > 0;
  for (const refusal of push.refusals) process.stderr.write(formatPushRefusal(refusal, style));
  for (const { ref, check } of push.checks) {
    if (check.commits.length > 0 || rangeCheckFails(check)) {
      process.stderr.write(formatRangeCheckText(check, style, env.command, ref));
    }
    rejected ||= rangeCheckFails(check);
  }
  if (rejected) return ExitCode.Blocked;
  if (push.adoption !== null) await recordAdoption(repo, push.adoption);
  return ExitCode.Ok;
}

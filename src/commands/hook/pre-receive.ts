import { type RangeCheck, rangeCheckFails } from "../../core/check/range-check.js";
import type { Environment } from "../../environment.js";
import { ExitCode } from "../../errors.js";
import { checkRange } from "../../gate/check-range.js";
import { locateHookRepo } from "../../git/repo.js";
import { commitsNotOnBranchesOrTags, refTip } from "../../git/revisions.js";
import { formatRangeCheckText } from "../../report/check-range-text.js";
import { styleFor } from "../../report/style.js";
import { absent, parseRefUpdates, readStdin } from "./ref-updates.js";

/** The refs whose new commits are judged: branches and tags (never notes or other refs). */
const judgedRefs = /^refs\/(heads|tags)\//;

/**
 * pre-receive, on a server (plain git, Gitea, GitLab server hooks): every commit a push brings to
 * a branch or tag — reachable from the new tip, from no branch or tag yet — judged exactly as the
 * local hooks and `check --range` judge it. A new branch is judged against the repository's
 * default branch (what HEAD names), so it cannot bring an adoption of its own; a branch moved
 * onto a tree without the rules it had is refused. Any violation rejects the whole push (git's
 * pre-receive is all or nothing), with the report `check --range` prints, which git relays to
 * the pusher as `remote:` lines. INTENTGUARD=0 does not apply here: on a server it would come
 * from whoever runs the push.
 */
export async function run(_args: string[], env: Environment): Promise<ExitCode> {
  const repo = await locateHookRepo(env.cwd, env.gitDir);
  const style = await styleFor(process.stderr, env.color);
  const defaultTip = await refTip(repo.root, "HEAD");
  let rejected = false;
  for (const update of parseRefUpdates(await readStdin())) {
    if (absent(update.new) || !judgedRefs.test(update.ref)) continue;
    const commits = await commitsNotOnBranchesOrTags(repo.root, update.new);
    const base = absent(update.old) ? defaultTip : update.old;
    const check: RangeCheck = await checkRange({
      repo,
      env,
      source: { kind: `push to ${update.ref}`, spec: update.new, base, head: update.new },
      commits,
      verifyTraces: false,
    });
    if (commits.length > 0 || rangeCheckFails(check)) {
      process.stderr.write(formatRangeCheckText(check, style));
    }
    rejected ||= rangeCheckFails(check);
  }
  return rejected ? ExitCode.Blocked : ExitCode.Ok;
}

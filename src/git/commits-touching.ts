import { runGit } from "./exec.js";
import { startsLikeOption } from "./revisions.js";

/**
 * The commits reachable from `rev` (HEAD when absent) that changed `path`, newest first, as
 * `git log -- <path>` lists them (renames not followed).
 */
export async function commitsTouching(
  dir: string,
  rev: string | undefined,
  path: string,
): Promise<string[]> {
  const tip = rev ?? "HEAD";
  if (startsLikeOption(tip)) throw new Error(`refusing to pass ${tip} to git`);
  const { stdout } = await runGit(dir, [
    "log",
    "--no-show-signature",
    "--format=%H",
    tip,
    "--",
    path,
  ]);
  return stdout
    .toString("utf8")
    .split("\n")
    .filter((line) => /^[0-9a-f]{40}([0-9a-f]{24})?$/.test(line));
}

import { runGit } from "./exec.js";
import { startsLikeOption } from "./revisions.js";

/**
 * The files git tracks under `path` (a file or a directory), repo-relative: in the index, or at
 * `rev`. One process, NUL-separated, so any file name survives.
 */
export async function trackedFiles(
  dir: string,
  path: string,
  rev: string | undefined,
): Promise<string[]> {
  if (rev !== undefined && startsLikeOption(rev)) throw new Error(`refusing to pass ${rev} to git`);
  const args =
    rev === undefined
      ? ["ls-files", "-z", "--full-name", "--", path]
      : ["ls-tree", "-r", "-z", "--name-only", "--full-name", rev, "--", path];
  const { stdout } = await runGit(dir, args);
  return stdout.toString("utf8").split("\0").filter(Boolean);
}

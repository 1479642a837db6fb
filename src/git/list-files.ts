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

/**
 * Which of `paths` (files or directories) hold changes a commit would take: modified, added,
 * deleted or untracked and not ignored (`git status`, one process, NUL-separated).
 */
export async function pathsWithChanges(dir: string, paths: readonly string[]): Promise<string[]> {
  const { stdout } = await runGit(dir, [
    "status",
    "--porcelain=v1",
    "-z",
    "--untracked-files=all",
    "--no-renames",
    "--",
    ...paths.map((name) => `:(literal)${name}`),
  ]);
  const changed = stdout
    .toString("utf8")
    .split("\0")
    .filter(Boolean)
    .map((entry) => entry.slice(3));
  return paths.filter((name) =>
    changed.some((file) => file === name || file.startsWith(`${name}/`)),
  );
}

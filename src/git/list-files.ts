import { isUtf8 } from "node:buffer";
import { runGit } from "./exec.js";
import { startsLikeOption } from "./revisions.js";

/**
 * A file name as git is given it back: a string when it is UTF-8, else its exact bytes (git
 * allows any byte but NUL; Node would decode them to U+FFFD, a name git does not have).
 */
export type GitPath = string | Buffer;

/** A GitPath as text, U+FFFD for each byte that is not UTF-8. */
export function pathText(path: GitPath): string {
  return typeof path === "string" ? path : path.toString("utf8");
}

/**
 * The files git tracks under `path` (a file or a directory), repo-relative: in the index, or at
 * `rev`. One process, NUL-separated, so any file name survives.
 */
export async function trackedFiles(
  dir: string,
  path: string,
  rev: string | undefined,
): Promise<string[]> {
  return (await trackedPaths(dir, path, rev)).map(pathText);
}

/** trackedFiles, each name a GitPath. */
export async function trackedPaths(
  dir: string,
  path: string,
  rev: string | undefined,
): Promise<GitPath[]> {
  if (rev !== undefined && startsLikeOption(rev)) throw new Error(`refusing to pass ${rev} to git`);
  const args =
    rev === undefined
      ? ["ls-files", "-z", "--full-name", "--", path]
      : ["ls-tree", "-r", "-z", "--name-only", "--full-name", rev, "--", path];
  const { stdout } = await runGit(dir, args);
  const names: GitPath[] = [];
  for (
    let start = 0, end = stdout.indexOf(0);
    end !== -1;
    start = end + 1, end = stdout.indexOf(0, start)
  ) {
    const name = stdout.subarray(start, end);
    if (name.length > 0) names.push(isUtf8(name) ? name.toString("utf8") : Buffer.from(name));
  }
  return names;
}

/**
 * The tracked files a name from the command line stands for (trackedPaths). Node decodes
 * arguments as UTF-8, each byte that is not becoming U+FFFD, so a file whose name is not UTF-8
 * arrives as a name git does not have: it is then found among the files of the deepest directory
 * the name spells out whole, by its name as text.
 */
export async function trackedPathsNamed(
  dir: string,
  name: string,
  rev: string | undefined,
): Promise<GitPath[]> {
  const exact = await trackedPaths(dir, name, rev);
  const lost = name.indexOf("\uFFFD");
  if (exact.length > 0 || lost === -1) return exact;
  const parent = name.slice(0, Math.max(name.lastIndexOf("/", lost), 0)) || ".";
  return (await trackedPaths(dir, parent, rev)).filter((file) => {
    const text = pathText(file);
    return text === name || text.startsWith(`${name}/`);
  });
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

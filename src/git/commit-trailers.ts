import { isObjectId } from "../core/commit/object-id.js";
import { parseTrailerLines, type Trailer } from "../core/commit/trailers.js";
import { runGit } from "./exec.js";

/** The `git log` format whose `-z` output parseLogTrailers reads. */
export const trailersFormat = "--format=%H%x1f%(trailers:only,unfold)";

/**
 * The trailers of many commits with one `git log --no-walk --stdin` (never one process per
 * commit): what blame derives an intent and contributor from when a commit has no record.
 */
export async function commitTrailers(
  dir: string,
  commits: readonly string[],
): Promise<Map<string, Trailer[]>> {
  if (commits.length === 0) return new Map();
  const { stdout } = await runGit(
    dir,
    ["log", "--no-walk=unsorted", "--stdin", "-z", trailersFormat],
    {
      input: `${commits.join("\n")}\n`,
    },
  );
  return parseLogTrailers(stdout);
}

/** Each commit's trailers, from `git log -z` output in `trailersFormat`, in git's order. */
export function parseLogTrailers(stdout: Buffer): Map<string, Trailer[]> {
  const trailers = new Map<string, Trailer[]>();
  for (const entry of stdout.toString("utf8").split("\0")) {
    const [sha, text = ""] = entry.split("\x1f");
    if (sha && isObjectId(sha.trim())) trailers.set(sha.trim(), parseTrailerLines(text));
  }
  return trailers;
}

/**
 * The author of each of many commits with one `git log --no-walk --stdin`: who a line is
 * attributed to when only the commit's trailers say anything.
 */
export async function commitAuthors(
  dir: string,
  commits: readonly string[],
): Promise<Map<string, { name: string; email: string; committed: number }>> {
  const authors = new Map<string, { name: string; email: string; committed: number }>();
  if (commits.length === 0) return authors;
  const { stdout } = await runGit(
    dir,
    ["log", "--no-walk=unsorted", "--stdin", "-z", "--format=%H%x1f%an%x1f%ae%x1f%ct"],
    { input: `${commits.join("\n")}\n` },
  );
  for (const entry of stdout.toString("utf8").split("\0")) {
    const [sha = "", name = "", email = "", committed = "0"] = entry.split("\x1f");
    if (isObjectId(sha.trim())) {
      authors.set(sha.trim(), { name, email, committed: Number(committed) });
    }
  }
  return authors;
}

import type { Trailer } from "../core/commit/trailers.js";
import { parseLogTrailers, trailersFormat } from "./commit-trailers.js";
import { runGit } from "./exec.js";
import { startsLikeOption } from "./revisions.js";

/**
 * The commits reachable from `rev` (HEAD when absent) that changed `path`, newest first, as
 * `git log -- <path>` lists them (renames not followed), each with its trailers as
 * commitTrailers reads them: one process for both.
 */
export async function commitsTouching(
  dir: string,
  rev: string | undefined,
  path: string,
): Promise<Map<string, Trailer[]>> {
  const tip = rev ?? "HEAD";
  if (startsLikeOption(tip)) throw new Error(`refusing to pass ${tip} to git`);
  const args = ["log", "--no-show-signature", "-z", trailersFormat, tip, "--", path];
  return parseLogTrailers((await runGit(dir, args)).stdout);
}

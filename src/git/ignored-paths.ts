import { runGit } from "./exec.js";

/**
 * Which of `paths` (repo-relative) git ignores and does not track: files no commit can take
 * (build output, scratch files). One `git check-ignore`, NUL-separated; exit 1 means none.
 */
export async function ignoredPaths(dir: string, paths: readonly string[]): Promise<Set<string>> {
  const { stdout } = await runGit(dir, ["check-ignore", "-z", "--stdin"], {
    input: paths.map((name) => `${name}\0`).join(""),
    okExitCodes: [1],
  });
  return new Set(stdout.toString("utf8").split("\0").filter(Boolean));
}

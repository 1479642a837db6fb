import { compilePattern } from "../core/scope/compile-pattern.js";
import { runGit } from "./exec.js";

/**
 * What is staged under scope patterns, as a unified diff (for a reviewer to read): one process,
 * external diff drivers and text conversion off. A glob becomes git's `:(glob)` pathspec, a
 * file or directory a `:(literal)` one.
 */
export async function stagedDiff(dir: string, patterns: readonly string[]): Promise<string> {
  const pathspecs = patterns.map((pattern) =>
    compilePattern(pattern).glob ? `:(glob)${pattern}` : `:(literal)${pattern}`,
  );
  const { stdout } = await runGit(dir, [
    "diff",
    "--cached",
    "--no-ext-diff",
    "--no-textconv",
    "--no-color",
    "--",
    ...pathspecs,
  ]);
  return stdout.toString("utf8");
}

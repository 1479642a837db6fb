import { intentsFilePath } from "../core/governance.js";
import { GitError, IntentguardError } from "../errors.js";
import { gitText } from "../git/exec.js";

/** The commits of a range (`a..b`, a revision, `HEAD` by default), newest first. */
export async function commitsInRange(range: string): Promise<string[]> {
  try {
    const text = await gitText(["rev-list", range, "--"]);
    return text.split("\n").filter(Boolean);
  } catch (error) {
    if (error instanceof GitError) {
      throw new IntentguardError(
        `${JSON.stringify(range)} is not a commit range git can resolve (${error.stderr.trim().split("\n")[0]}). Use a revision or <a>..<b>, e.g. --range origin/main..HEAD.`,
      );
    }
    throw error;
  }
}

/**
 * The commits made before intentguard was adopted, in the history of the range's tip: the
 * ancestors of the commits that added the intents file, which are not expected to be traced.
 */
export async function commitsBeforeAdoption(range: string): Promise<Set<string>> {
  const tip = range.includes("..") ? range.split(/\.\.\.?/).pop() || "HEAD" : range;
  const adoptions = (
    await gitText(["log", "--format=%H", "--diff-filter=A", tip, "--", intentsFilePath])
  )
    .split("\n")
    .filter(Boolean);
  if (adoptions.length === 0) return new Set(await commitsInRange(tip));
  const parents = adoptions.map((commit) => `${commit}^@`);
  const text = await gitText(["rev-list", ...parents, "--"]);
  return new Set(text.split("\n").filter(Boolean));
}

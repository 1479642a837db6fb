import { intentsFilePath } from "../core/governance-files.js";
import { GitError, IntentguardError } from "../errors.js";
import { commitsAdding, listAncestors, listCommits } from "../git/revisions.js";

/** The commits of a range (`a..b`, a revision, `HEAD` by default), newest first. */
export async function commitsInRange(dir: string, range: string): Promise<string[]> {
  try {
    return await listCommits(dir, range);
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
export async function commitsBeforeAdoption(dir: string, range: string): Promise<Set<string>> {
  const tip = range.includes("..") ? range.split(/\.\.\.?/).pop() || "HEAD" : range;
  const adoptions = await commitsAdding(dir, tip, intentsFilePath);
  if (adoptions.length === 0) return new Set(await commitsInRange(dir, tip));
  return new Set(
    await listAncestors(
      dir,
      adoptions.map((commit) => `${commit}^@`),
    ),
  );
}

import type { CommitRangeFailure } from "../core/failure/commit-range-failure.js";
import { intentsFilePath } from "../core/governance/governance-files.js";
import { ExitCode, FailureError, GitError } from "../errors.js";
import { isAncestor } from "../git/history-bounds.js";
import {
  type CommitSummary,
  commitSummaries,
  commitsAdding,
  listAncestors,
  listCommits,
  refTip,
  startsLikeOption,
} from "../git/revisions.js";

/**
 * Refuses, before git sees it, a range that is empty or has an end starting with "-": no revision
 * does, and git would read it as an option (`--output=FILE` truncates FILE). An end starting with
 * "^" is refused too: git reads it as a negative revision, which excludes commits, so the range
 * would be empty or not what was meant, and checked silently.
 */
export function checkRange(range: string): void {
  if (range.trim() === "") {
    throw rangeFailure({ kind: "range-empty", spelled: "--range" });
  }
  const ends = range.split(/\.\.\.?/);
  const optionLike = ends.find(startsLikeOption);
  if (optionLike !== undefined) {
    throw rangeFailure({ kind: "range-option-like", range, end: optionLike, spelled: "--range" });
  }
  const negative = ends.find((end) => end.startsWith("^"));
  if (negative !== undefined) {
    const last = negative === ends.at(-1);
    throw rangeFailure({ kind: "range-negative", range, end: negative, last, spelled: "--range" });
  }
}

/**
 * The commits of a range (`a..b`, a revision, `HEAD` by default), newest first. HEAD on a branch
 * with no commits yet is an empty history, not an error.
 */
export async function commitsInRange(dir: string, range: string): Promise<string[]> {
  checkRange(range);
  try {
    return await listCommits(dir, range);
  } catch (error) {
    if (!(error instanceof GitError)) throw error;
    const unborn = await headIsUnborn(dir);
    if (unborn && range === "HEAD") return [];
    const gitSaid = firstLine(error.stderr);
    throw rangeFailure({ kind: "range-unresolved", range, gitSaid, unborn, spelled: "--range" });
  }
}

/**
 * The commits made before intentguard was adopted, in the history of the range's tip: the
 * ancestors of the first commits that added the intents file, which are not expected to be traced
 * or judged. Only the first: a commit that adds the file again (after one that deleted it) is no
 * adoption, and the commits before it were governed.
 */
export async function commitsBeforeAdoption(dir: string, range: string): Promise<Set<string>> {
  checkRange(range);
  const tip = range.includes("..") ? range.split(/\.\.\.?/).pop() || "HEAD" : range;
  try {
    const adoptions = await firstAdoptions(dir, await commitsAdding(dir, tip, intentsFilePath));
    if (adoptions.length === 0) return new Set(await commitsInRange(dir, tip));
    return new Set(
      await listAncestors(
        dir,
        adoptions.map((commit) => `${commit}^@`),
      ),
    );
  } catch (error) {
    if (!(error instanceof GitError)) throw error;
    // The answer commitsInRange gives for the range (verify asks both at once, and either may
    // fail first): its message for a range git cannot resolve, none for a branch with no commits.
    if ((await commitsInRange(dir, range)).length === 0) return new Set();
    const gitSaid = firstLine(error.stderr);
    throw rangeFailure({ kind: "range-tip-unresolved", range, gitSaid, spelled: "--range" });
  }
}

/** A range refused (exit 2), as verify's and check's `--range` flag gives it. */
function rangeFailure(failure: CommitRangeFailure): FailureError {
  return new FailureError(failure, ExitCode.CannotEvaluate);
}

function firstLine(stderr: string): string {
  return stderr.trim().split("\n")[0] as string;
}

/**
 * The commits that add the intents file with no such commit in their history: where each history
 * adopted intentguard (one per unrelated history). Commits that add it back are not among them.
 */
async function firstAdoptions(dir: string, adding: readonly string[]): Promise<string[]> {
  const first: string[] = [];
  for (const commit of adding) {
    let later = false;
    for (const other of adding) {
      if (other !== commit && (await isAncestor(dir, other, commit))) {
        later = true;
        break;
      }
    }
    if (!later) first.push(commit);
  }
  return first;
}

/**
 * HEAD's history with each commit's date and subject, newest first, since a date git reads
 * (check it with isGitDate first); empty when the branch has no commits yet.
 */
export async function historySummaries(dir: string, since?: string): Promise<CommitSummary[]> {
  try {
    return await commitSummaries(dir, since);
  } catch (error) {
    if (error instanceof GitError && (await headIsUnborn(dir))) return [];
    throw error;
  }
}

/** Whether HEAD is a branch with no commits yet (a new repository, a new orphan branch). */
export async function headIsUnborn(dir: string): Promise<boolean> {
  return (await refTip(dir, "HEAD")) === null;
}

import type { CiCommit } from "../../core/check/ci-event/range-request.js";
import { remote } from "../../core/check/origin.js";
import type {
  Deepened,
  DeepenedBefore,
  HistoryGap,
  NamedCommit,
  RangeFailure,
} from "../../core/check/range-failure.js";

const rangeExamples =
  "e.g. --range origin/main..HEAD, --base origin/main (the commits HEAD brings since it forked from it) or --commit HEAD";

const historyFixes = `on GitHub Actions, actions/checkout with \`fetch-depth: 0\`; on GitLab CI, the variable \`GIT_DEPTH: 0\`; in this clone, \`git fetch --unshallow ${remote}\``;

/** Why `check` cannot know the commits to check whole, for the user. */
export function rangeFailureText(failure: RangeFailure): string {
  switch (failure.kind) {
    case "empty-flag":
      return emptyFlagText[failure.flag];
    case "symmetric-range":
      return `--range ${JSON.stringify(failure.range)} is a symmetric difference (a...b: the commits of either side only), which is not the commits one side brings. Use <a>..<b>, or --base <a> for the commits HEAD brings since it forked from <a>.`;
    case "not-a-range":
      return `--range ${JSON.stringify(failure.range)} is not a range. Use <a>..<b>, ${rangeExamples}.`;
    case "option-like": {
      const which = failure.rev === failure.value ? "it" : JSON.stringify(failure.rev);
      return `${failure.flag} ${JSON.stringify(failure.value)} is refused: ${which} starts with "-", as no revision does (git would read it as an option). ${capitalise(rangeExamples)}.`;
    }
    case "unknown-revision": {
      const { flag, value, rev } = failure;
      const which = rev === value ? "" : `: ${JSON.stringify(rev)}`;
      if (rev.startsWith("^")) {
        return `${flag} ${JSON.stringify(value)}${which} names no commit: a leading "^" excludes a revision's history (git's negative revision), it does not name one. Leave the "^" out; ${rangeExamples}.`;
      }
      return `${flag} ${JSON.stringify(value)}${which} is not a commit in this repository (an unknown name, or a commit this clone has not fetched). Check the name, or fetch it first (git fetch origin <branch>); ${rangeExamples}.`;
    }
    case "not-ancestor": {
      const from = failure.from.name;
      const to = failure.to.name;
      const instead =
        failure.mergeBase === null
          ? "They share no history: check the whole history of one with --range <revision>."
          : `To check the commits ${to} brings since it forked from ${from}, use --base ${from} with ${to} checked out (the commits since their merge base, landing on ${from}'s tip), or --range ${failure.mergeBase}..${to}.`;
      return `--range ${JSON.stringify(failure.range)}: ${named(failure.from)} is not an ancestor of ${named(failure.to)}, so the range would silently leave out the commits only ${from} has and check commits ${to} shares with it. ${instead}`;
    }
    case "no-commits":
      return `--range ${JSON.stringify(failure.range)} holds no commits: both ends are ${failure.commit}. ${capitalise(rangeExamples)}.`;
    case "unborn-head":
      return "--base checks the commits HEAD brings, and HEAD has no commits yet. Commit first, or name a range with --range.";
    case "unrelated-base":
      return `--base ${JSON.stringify(failure.base.name)}: HEAD (${failure.head}) shares no history with ${named(failure.base)}, so there is no fork point to start from. Check HEAD's whole history with --range HEAD, or name the branch HEAD forked from.`;
    case "head-in-base":
      return `--base ${JSON.stringify(failure.base)}: the range holds no commits: HEAD (${failure.head}) is already in the history of ${failure.base}. Check out the branch to check, or name the commits with --range or --commit.`;
    case "unrelated-request":
      return `${failure.source}: ${named(failure.target)} and ${describeCommit(failure.head)} share no history (no merge base), so there is no fork point to check from. Name the commits with --range instead.`;
    case "shallow": {
      const deepen = failure.canDeepen
        ? "; or add --deepen, and intentguard fetches deeper, step by step, until the range is whole"
        : "";
      return `this clone is shallow and ${gapText(failure.gap)}, so the commits to check cannot be known whole${evenAfter(failure.deepened)}; intentguard checks no partial range. Fetch the history: ${historyFixes}${deepen}.`;
    }
    case "clone-lacks": {
      const fix = failure.deepened === null ? gapFix(failure.gap) : gapFixAfterFetch(failure.gap);
      return `this clone ${gapText(failure.gap)}${evenAfter(failure.deepened)}. ${fix}`;
    }
    case "fetch-failed": {
      const fetched = describeDeepened(failure.fetched);
      const sofar = fetched === "" ? "" : ` after it had fetched ${fetched}`;
      return `--deepen could not fetch more history from ${remote} (${failure.reason})${sofar}, and this clone ${gapText(failure.gap)}. Fetch the history in the job instead: ${historyFixes}.`;
    }
  }
}

const emptyFlagText: Record<Extract<RangeFailure, { kind: "empty-flag" }>["flag"], string> = {
  "--range": `--range is empty. Give a range or a revision, ${rangeExamples}.`,
  "--commit": "--commit is empty. Name a commit, e.g. --commit HEAD.",
  "--base": "--base is empty. Name the branch HEAD forked from, e.g. --base origin/main.",
  "--ci --base": "--base is empty. Name the branch to compare with, e.g. --base origin/main.",
};

/** What the clone lacks, said after "this clone ". */
function gapText(gap: HistoryGap): string {
  switch (gap.kind) {
    case "commit":
      return `does not have ${describeCommit(gap.commit)}`;
    case "branch": {
      const what =
        gap.role === "target"
          ? `the target branch, which ${gap.source} lands on`
          : `the default branch, which ${gap.source} lands on`;
      return `does not have refs/remotes/${remote}/${gap.branch.name} (${what}, ${gap.branch.field})`;
    }
    case "base":
      return `does not have --base ${JSON.stringify(gap.base)}`;
    case "no-merge-base":
      return `has no merge base of ${named(gap.ends[0])} and ${named(gap.ends[1])}`;
    case "range-cut":
      return gap.range === null
        ? `the range reaches ${gap.at}, where its history is cut`
        : `the range ${JSON.stringify(gap.range)} reaches the commit ${gap.at}, where its history is cut`;
    case "history-cut":
      return `the history of ${JSON.stringify(gap.range)} is cut at ${gap.at}`;
    case "cut-between":
      return `the history between ${gap.from} and ${gap.to} is cut at ${gap.at}`;
    case "whole-history-cut":
      return `does not have the whole history of ${describeCommit(gap.head)}, which ${gap.source} checks (it is cut at ${gap.at})`;
    case "parents-cut":
      return `does not have the parents of ${gap.commit} (--commit ${JSON.stringify(gap.rev)}), which it is judged against`;
  }
}

/** The fix for a gap when the clone is not shallow, before any --deepen. */
function gapFix(gap: HistoryGap): string {
  switch (gap.kind) {
    case "commit":
      return `Fetch it (git fetch origin ${gap.fetch}), or add --deepen to let intentguard fetch it.${checkoutHint(gap.commit)}`;
    case "branch":
      return `Fetch it (git fetch origin ${gap.refspec}); with actions/checkout, \`fetch-depth: 0\` fetches every branch; or add --deepen to let intentguard fetch it.`;
    case "base":
      return gap.refspec === null
        ? "Check the name, or fetch it first."
        : `Fetch it (git fetch origin ${gap.refspec}), or add --deepen to let intentguard fetch it.`;
    default:
      // Only a shallow clone lacks these, and its message names the history fixes instead.
      return "";
  }
}

/** The fix for a gap once --deepen has fetched from origin and the clone still lacks it. */
function gapFixAfterFetch(gap: HistoryGap): string {
  switch (gap.kind) {
    case "commit":
      return `${remote} did not send it either: it may be gone from ${remote} (a force push, a deleted branch), and the rules in force start there: they cannot be read without it. Check the event, or name the commits with --range.${checkoutHint(gap.commit)}`;
    case "branch":
      return `Check that ${remote} has the branch ${gap.branch.name}, or name the branch to compare with: --ci --base origin/<branch>.`;
    case "base":
      return "Check the name.";
    default:
      return gapFix(gap);
  }
}

/** On pull_request_target, actions/checkout checks out the base: say how to get the head. */
function checkoutHint(commit: CiCommit): string {
  return commit.field === "pull_request.head.sha"
    ? // biome-ignore lint/suspicious/noTemplateCurlyInString: a GitHub Actions expression
      " On pull_request_target, actions/checkout checks out the base branch: give it `ref: ${{ github.event.pull_request.head.sha }}`."
    : "";
}

/** ", even after --deepen fetched from origin …", when --deepen ran. */
function evenAfter(deepened: DeepenedBefore | null): string {
  if (deepened === null) return "";
  const stalled = deepened.stalled ? " (the last two brought no more history)" : "";
  return `, even after --deepen fetched from ${remote} ${describeDeepened(deepened)}${stalled}`;
}

/**
 * What --deepen fetched, e.g. "350 commits deeper in fetches of 50, 100 and 200"; "" when it
 * fetched nothing yet.
 */
function describeDeepened(deepened: Deepened): string {
  const parts: string[] = [];
  const { steps } = deepened;
  if (steps.length > 0) {
    const total = steps.reduce((sum, step) => sum + step, 0);
    const how =
      steps.length === 1
        ? "in one fetch"
        : `in fetches of ${steps.slice(0, -1).join(", ")} and ${steps.at(-1)}`;
    parts.push(`${total} commits deeper ${how}`);
  }
  if (deepened.plainFetch) parts.push("the branches and commits the range needs");
  return parts.join(", then ");
}

function named(commit: NamedCommit): string {
  return commit.sha === null ? commit.name : `${commit.name} (${commit.sha})`;
}

function describeCommit(commit: CiCommit): string {
  return `${commit.field} (${commit.sha})`;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

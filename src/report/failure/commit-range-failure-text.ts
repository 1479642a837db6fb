import type { CommitRangeFailure, RangeSpelling } from "../../core/failure/commit-range-failure.js";

/** The words for a commit range a command cannot check, each with the spelling that fixes it. */
export function commitRangeFailureText(failure: CommitRangeFailure): string {
  const example = `Use a revision or <a>..<b>, e.g. ${failure.spelled} origin/main..HEAD`;
  switch (failure.kind) {
    case "range-empty":
      return `the commit range is empty. ${example} (without ${without(failure.spelled)}: HEAD and all of its history).`;
    case "range-option-like":
      return `${JSON.stringify(failure.range)} is not a commit range: ${which(failure)} starts with "-", as no revision does (git would read it as an option). ${example}.`;
    case "range-negative":
      return `${JSON.stringify(failure.range)} ${failure.last ? "ends" : "starts"} at no one commit: ${which(failure)} starts with "^", which excludes a revision's history (git's negative revision) rather than naming a commit. ${example}.`;
    case "range-unresolved": {
      const hint = failure.unborn ? " This branch has no commits yet." : "";
      return `${JSON.stringify(failure.range)} is not a commit range git can resolve (${failure.gitSaid}).${hint} ${example}.`;
    }
    case "range-tip-unresolved":
      return `the tip of ${JSON.stringify(failure.range)} is not a revision git can resolve (${failure.gitSaid}). ${example}.`;
  }
}

/** The end at fault: "it" when it is the whole range. */
function which({ range, end }: { range: string; end: string }): string {
  return end === range ? "it" : JSON.stringify(end);
}

function without(spelled: RangeSpelling): string {
  return spelled === "--range" ? "--range" : "one";
}

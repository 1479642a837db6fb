import { describe, expect, it } from "vitest";
import type { HistoryGap } from "../../core/check/range-failure.js";
import { rangeFailureText } from "./range-failure-text.js";

const a = "a".repeat(40);
const head = { sha: a, field: "pull_request.head.sha" };
const historyFixes =
  "on GitHub Actions, actions/checkout with `fetch-depth: 0`; on GitLab CI, the variable `GIT_DEPTH: 0`; in this clone, `git fetch --unshallow origin`";
const branchGap: HistoryGap = {
  kind: "branch",
  branch: { name: "main", field: "pull_request.base.ref" },
  role: "target",
  source: "github pull_request",
  refspec: "+refs/heads/main:refs/remotes/origin/main",
};

describe("rangeFailureText", () => {
  it("words a flag's value that names no range", () => {
    expect(rangeFailureText({ kind: "empty-flag", flag: "--ci --base" })).toBe(
      "--base is empty. Name the branch to compare with, e.g. --base origin/main.",
    );
    expect(
      rangeFailureText({ kind: "option-like", flag: "--range", value: "main..-x", rev: "-x" }),
    ).toBe(
      '--range "main..-x" is refused: "-x" starts with "-", as no revision does (git would read it as an option). E.g. --range origin/main..HEAD, --base origin/main (the commits HEAD brings since it forked from it) or --commit HEAD.',
    );
  });

  it("words a shallow clone's gap, with --deepen offered only before it ran", () => {
    const gap: HistoryGap = { kind: "whole-history-cut", head, source: "github push", at: a };
    const what = `this clone is shallow and does not have the whole history of pull_request.head.sha (${a}), which github push checks (it is cut at ${a}), so the commits to check cannot be known whole`;
    expect(rangeFailureText({ kind: "shallow", gap, canDeepen: true, deepened: null })).toBe(
      `${what}; intentguard checks no partial range. Fetch the history: ${historyFixes}; or add --deepen, and intentguard fetches deeper, step by step, until the range is whole.`,
    );
    const deepened = { steps: [50, 100, 200], plainFetch: false, stalled: true };
    expect(rangeFailureText({ kind: "shallow", gap, canDeepen: false, deepened })).toBe(
      `${what}, even after --deepen fetched from origin 350 commits deeper in fetches of 50, 100 and 200 (the last two brought no more history); intentguard checks no partial range. Fetch the history: ${historyFixes}.`,
    );
  });

  it("words a full clone's gap with the fix before and after --deepen fetched", () => {
    expect(rangeFailureText({ kind: "clone-lacks", gap: branchGap, deepened: null })).toBe(
      "this clone does not have refs/remotes/origin/main (the target branch, which github pull_request lands on, pull_request.base.ref). Fetch it (git fetch origin +refs/heads/main:refs/remotes/origin/main); with actions/checkout, `fetch-depth: 0` fetches every branch; or add --deepen to let intentguard fetch it.",
    );
    const deepened = { steps: [], plainFetch: true, stalled: false };
    expect(rangeFailureText({ kind: "clone-lacks", gap: branchGap, deepened })).toBe(
      "this clone does not have refs/remotes/origin/main (the target branch, which github pull_request lands on, pull_request.base.ref), even after --deepen fetched from origin the branches and commits the range needs. Check that origin has the branch main, or name the branch to compare with: --ci --base origin/<branch>.",
    );
  });

  it("words a failed --deepen fetch, with what it had fetched so far", () => {
    const fetched = { steps: [50], plainFetch: true };
    expect(
      rangeFailureText({ kind: "fetch-failed", reason: "no route", fetched, gap: branchGap }),
    ).toBe(
      `--deepen could not fetch more history from origin (no route) after it had fetched 50 commits deeper in one fetch, then the branches and commits the range needs, and this clone does not have refs/remotes/origin/main (the target branch, which github pull_request lands on, pull_request.base.ref). Fetch the history in the job instead: ${historyFixes}.`,
    );
  });
});

import type { Environment } from "../environment.js";
import { IntentguardError } from "../errors.js";
import {
  commitIfPresent,
  commitParents,
  isAncestor,
  mergeBase,
  shallowCommits,
} from "../git/history-bounds.js";
import type { Repo } from "../git/repo.js";
import { startsLikeOption } from "../git/revisions.js";
import { resolveCi } from "./ci-range.js";
import type { ResolvedRange } from "./resolved-range.js";
import { cutIn, shallowError } from "./shallow-history.js";

/** Which commits `intentguard check` covers, as its flags ask. */
export type RangeRequest =
  /** `--range a..b` (the commits of b not in a; a must be an ancestor of b), or a revision's whole history. */
  | { kind: "range"; range: string }
  /** `--commit <rev>`: exactly that commit. */
  | { kind: "commit"; rev: string }
  /**
   * `--base <ref>`: the commits HEAD brings since it forked from ref, landing on ref's tip (where
   * the rules in force start, not the fork point): `<ref's tip>..HEAD`.
   */
  | { kind: "base"; base: string }
  /**
   * `--ci`: what the CI run's event brings. `deepen`: fetch what the range needs (its commits by
   * SHA, its branches, a shallow clone's history step by step) until it is whole. `base`: the ref
   * a new branch or tag lands on, instead of origin's default branch; it never replaces a start
   * the event names (a push's before, a pull request's base). The first push of the default
   * branch has no start: the whole history of its head; so has a new branch --base names itself.
   */
  | { kind: "ci"; deepen: boolean; base?: string };

/**
 * Resolves a request to the landing it covers, with full SHAs: `spec` is `<start>..<head>`, or
 * `<head>` for a whole history. A range it cannot know whole is an IntentguardError (exit 2)
 * naming the value and the fix, never a partial range: an unknown revision, `a..b` where a is
 * not an ancestor of b, an explicit range with no commits, a CI event it cannot read, a start the
 * clone lacks, or a shallow clone that lacks the history the range needs.
 *
 * A CI event that brings nothing to check (a deleted branch) resolves to a source whose `spec`
 * and `head` are empty; the caller reports that there is nothing to check. A CI range may
 * otherwise bring no commit (a push that only moved a branch back): it is still judged as a
 * landing, on the rules its tip leaves.
 */
export async function resolveCheckRange(
  repo: Repo,
  request: RangeRequest,
  ci: Environment["ci"],
): Promise<ResolvedRange> {
  switch (request.kind) {
    case "range":
      return resolveRangeFlag(repo.root, request.range);
    case "commit":
      return resolveCommitFlag(repo.root, request.rev);
    case "base":
      return resolveBaseFlag(repo.root, request.base);
    case "ci":
      refuseBadCiBase(request.base);
      return resolveCi(repo.root, request, ci);
  }
}

// --range, --commit, --base ----------------------------------------------------------------------

const rangeExamples =
  "e.g. --range origin/main..HEAD, --base origin/main (the commits HEAD brings since it forked from it) or --commit HEAD";

/** An explicit range: an audit of history, landing as its second end became the first's tip. */
function audited(
  source: ResolvedRange["source"],
  start: string | null,
  target: string,
  result: ResolvedRange["result"] = "tip",
): ResolvedRange {
  return { source, start, result, target, exempt: [], audit: true };
}

async function resolveRangeFlag(dir: string, range: string): Promise<ResolvedRange> {
  const shown = JSON.stringify(range);
  if (range.trim() === "") {
    throw new IntentguardError(`--range is empty. Give a range or a revision, ${rangeExamples}.`);
  }
  if (range.includes("...")) {
    throw new IntentguardError(
      `--range ${shown} is a symmetric difference (a...b: the commits of either side only), which is not the commits one side brings. Use <a>..<b>, or --base <a> for the commits HEAD brings since it forked from <a>.`,
    );
  }
  const parts = range.split("..");
  if (parts.length > 2) {
    throw new IntentguardError(`--range ${shown} is not a range. Use <a>..<b>, ${rangeExamples}.`);
  }
  for (const part of parts) refuseOptionLike("--range", range, part);
  if (parts.length === 1) {
    const head = await namedCommit(dir, "--range", range, range);
    const cut = await cutIn(dir, [head], null, await shallowCommits(dir));
    if (cut) throw shallowError(`the history of ${shown} is cut at ${cut}`, false);
    return audited({ kind: "--range", spec: head, base: null, head }, null, range);
  }
  const fromRev = parts[0] || "HEAD";
  const toRev = parts[1] || "HEAD";
  const from = await namedCommit(dir, "--range", range, fromRev);
  const to = await namedCommit(dir, "--range", range, toRev);
  const shallow = await shallowCommits(dir);
  if (!(await isAncestor(dir, from, to))) {
    const base = await mergeBase(dir, from, to);
    if (shallow.size > 0) {
      if (base === null) throw shallowError(`has no merge base of ${fromRev} and ${toRev}`, false);
      const cut = await cutIn(dir, [from, to], base, shallow);
      if (cut)
        throw shallowError(`the history between ${fromRev} and ${toRev} is cut at ${cut}`, false);
    }
    const instead =
      base === null
        ? "They share no history: check the whole history of one with --range <revision>."
        : `To check the commits ${toRev} brings since it forked from ${fromRev}, use --base ${fromRev} with ${toRev} checked out (the commits since their merge base, landing on ${fromRev}'s tip), or --range ${base}..${toRev}.`;
    throw new IntentguardError(
      `--range ${shown}: ${fromRev} (${from}) is not an ancestor of ${toRev} (${to}), so the range would silently leave out the commits only ${fromRev} has and check commits ${toRev} shares with it. ${instead}`,
    );
  }
  if (from === to) {
    throw new IntentguardError(
      `--range ${shown} holds no commits: both ends are ${from}. ${capitalise(rangeExamples)}.`,
    );
  }
  const cut = await cutIn(dir, [to], from, shallow);
  if (cut)
    throw shallowError(
      `the range ${shown} reaches the commit ${cut}, where its history is cut`,
      false,
    );
  return audited({ kind: "--range", spec: `${from}..${to}`, base: from, head: to }, from, fromRev);
}

async function resolveCommitFlag(dir: string, rev: string): Promise<ResolvedRange> {
  if (rev.trim() === "") {
    throw new IntentguardError("--commit is empty. Name a commit, e.g. --commit HEAD.");
  }
  refuseOptionLike("--commit", rev, rev);
  const commit = await namedCommit(dir, "--commit", rev, rev);
  if ((await shallowCommits(dir)).has(commit)) {
    throw shallowError(
      `does not have the parents of ${commit} (--commit ${JSON.stringify(rev)}), which it is judged against`,
      false,
    );
  }
  const [parent = null] = await commitParents(dir, commit);
  const source = { kind: "--commit", spec: `${commit}^!`, base: parent, head: commit };
  const target = parent === null ? commit.slice(0, 12) : `${commit.slice(0, 12)}^`;
  return { ...audited(source, parent, target), judged: [commit] };
}

/**
 * --base: the commits HEAD brings since it forked from the ref, landing on the ref's tip (its
 * rules are the rules in force, not the fork point's), the result a merge into it.
 */
async function resolveBaseFlag(dir: string, baseRev: string): Promise<ResolvedRange> {
  const shown = JSON.stringify(baseRev);
  if (baseRev.trim() === "") {
    throw new IntentguardError(
      "--base is empty. Name the branch HEAD forked from, e.g. --base origin/main.",
    );
  }
  refuseOptionLike("--base", baseRev, baseRev);
  const head = await commitIfPresent(dir, "HEAD");
  if (head === null) {
    throw new IntentguardError(
      "--base checks the commits HEAD brings, and HEAD has no commits yet. Commit first, or name a range with --range.",
    );
  }
  const base = await namedCommit(dir, "--base", baseRev, baseRev);
  const fork = await mergeBase(dir, base, head);
  const shallow = await shallowCommits(dir);
  if (fork === null) {
    if (shallow.size > 0) throw shallowError(`has no merge base of ${baseRev} and HEAD`, false);
    throw new IntentguardError(
      `--base ${shown}: HEAD (${head}) shares no history with ${baseRev} (${base}), so there is no fork point to start from. Check HEAD's whole history with --range HEAD, or name the branch HEAD forked from.`,
    );
  }
  const cut = await cutIn(dir, [base, head], fork, shallow);
  if (cut) throw shallowError(`the history between ${baseRev} and HEAD is cut at ${cut}`, false);
  if (fork === head) {
    throw new IntentguardError(
      `--base ${shown}: the range holds no commits: HEAD (${head}) is already in the history of ${baseRev}. Check out the branch to check, or name the commits with --range or --commit.`,
    );
  }
  const source = { kind: "--base", spec: `${base}..${head}`, base, head };
  return audited(source, base, baseRev, "merge");
}

/** --ci's --base (the ref to compare with), refused before the CI event is read. */
function refuseBadCiBase(base: string | undefined): void {
  if (base === undefined) return;
  if (base.trim() === "") {
    throw new IntentguardError(
      "--base is empty. Name the branch to compare with, e.g. --base origin/main.",
    );
  }
  refuseOptionLike("--base", base, base);
}

/** A revision the user named, as a full commit SHA; exit 2 naming it when there is none. */
async function namedCommit(dir: string, flag: string, value: string, rev: string): Promise<string> {
  const commit = await commitIfPresent(dir, rev);
  if (commit !== null) return commit;
  const which = rev === value ? "" : `: ${JSON.stringify(rev)}`;
  if (rev.startsWith("^")) {
    throw new IntentguardError(
      `${flag} ${JSON.stringify(value)}${which} names no commit: a leading "^" excludes a revision's history (git's negative revision), it does not name one. Leave the "^" out; ${rangeExamples}.`,
    );
  }
  throw new IntentguardError(
    `${flag} ${JSON.stringify(value)}${which} is not a commit in this repository (an unknown name, or a commit this clone has not fetched). Check the name, or fetch it first (git fetch origin <branch>); ${rangeExamples}.`,
  );
}

/** Refuses, before git sees it, a revision that git would read as an option. */
function refuseOptionLike(flag: string, value: string, rev: string): void {
  if (!startsLikeOption(rev)) return;
  const which = rev === value ? "it" : JSON.stringify(rev);
  throw new IntentguardError(
    `${flag} ${JSON.stringify(value)} is refused: ${which} starts with "-", as no revision does (git would read it as an option). ${capitalise(rangeExamples)}.`,
  );
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

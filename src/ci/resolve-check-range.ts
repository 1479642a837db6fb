import type { HistoryGap } from "../core/check/range-failure.js";
import type { Environment } from "../environment.js";
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
import { rangeError } from "./range-error.js";
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
  if (range.trim() === "") throw rangeError({ kind: "empty-flag", flag: "--range" });
  if (range.includes("...")) throw rangeError({ kind: "symmetric-range", range });
  const parts = range.split("..");
  if (parts.length > 2) throw rangeError({ kind: "not-a-range", range });
  for (const part of parts) refuseOptionLike("--range", range, part);
  if (parts.length === 1) {
    const head = await namedCommit(dir, "--range", range, range);
    const cut = await cutIn(dir, [head], null, await shallowCommits(dir));
    if (cut) throw shallowError({ kind: "history-cut", range, at: cut }, false);
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
      if (base === null) throw shallowError(noMergeBase(fromRev, toRev), false);
      const cut = await cutIn(dir, [from, to], base, shallow);
      if (cut)
        throw shallowError({ kind: "cut-between", from: fromRev, to: toRev, at: cut }, false);
    }
    throw rangeError({
      kind: "not-ancestor",
      range,
      from: { name: fromRev, sha: from },
      to: { name: toRev, sha: to },
      mergeBase: base,
    });
  }
  if (from === to) throw rangeError({ kind: "no-commits", range, commit: from });
  const cut = await cutIn(dir, [to], from, shallow);
  if (cut) throw shallowError({ kind: "range-cut", range, at: cut }, false);
  return audited({ kind: "--range", spec: `${from}..${to}`, base: from, head: to }, from, fromRev);
}

async function resolveCommitFlag(dir: string, rev: string): Promise<ResolvedRange> {
  if (rev.trim() === "") throw rangeError({ kind: "empty-flag", flag: "--commit" });
  refuseOptionLike("--commit", rev, rev);
  const commit = await namedCommit(dir, "--commit", rev, rev);
  if ((await shallowCommits(dir)).has(commit)) {
    throw shallowError({ kind: "parents-cut", commit, rev }, false);
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
  if (baseRev.trim() === "") throw rangeError({ kind: "empty-flag", flag: "--base" });
  refuseOptionLike("--base", baseRev, baseRev);
  const head = await commitIfPresent(dir, "HEAD");
  if (head === null) throw rangeError({ kind: "unborn-head" });
  const base = await namedCommit(dir, "--base", baseRev, baseRev);
  const fork = await mergeBase(dir, base, head);
  const shallow = await shallowCommits(dir);
  if (fork === null) {
    if (shallow.size > 0) throw shallowError(noMergeBase(baseRev, "HEAD"), false);
    throw rangeError({ kind: "unrelated-base", base: { name: baseRev, sha: base }, head });
  }
  const cut = await cutIn(dir, [base, head], fork, shallow);
  if (cut) throw shallowError({ kind: "cut-between", from: baseRev, to: "HEAD", at: cut }, false);
  if (fork === head) throw rangeError({ kind: "head-in-base", base: baseRev, head });
  const source = { kind: "--base", spec: `${base}..${head}`, base, head };
  return audited(source, base, baseRev, "merge");
}

/** --ci's --base (the ref to compare with), refused before the CI event is read. */
function refuseBadCiBase(base: string | undefined): void {
  if (base === undefined) return;
  if (base.trim() === "") throw rangeError({ kind: "empty-flag", flag: "--ci --base" });
  refuseOptionLike("--base", base, base);
}

/** A revision the user named, as a full commit SHA; exit 2 naming it when there is none. */
async function namedCommit(dir: string, flag: string, value: string, rev: string): Promise<string> {
  const commit = await commitIfPresent(dir, rev);
  if (commit !== null) return commit;
  throw rangeError({ kind: "unknown-revision", flag, value, rev });
}

/** Refuses, before git sees it, a revision that git would read as an option. */
function refuseOptionLike(flag: string, value: string, rev: string): void {
  if (startsLikeOption(rev)) throw rangeError({ kind: "option-like", flag, value, rev });
}

/** Two revisions a shallow clone has no merge base of. */
function noMergeBase(from: string, to: string): HistoryGap {
  return {
    kind: "no-merge-base",
    ends: [
      { name: from, sha: null },
      { name: to, sha: null },
    ],
  };
}

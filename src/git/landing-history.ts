import { intentsFilePath, rulesFilePaths } from "../core/governance/governance-files.js";
import { gitText } from "./exec.js";
import { readObjects } from "./read-objects.js";
import { startsLikeOption } from "./revisions.js";

/**
 * The history a landing brings: the commits reachable from its new tip and from none of the
 * revisions it excludes, with their parents, and the few among them that touch the rules. One
 * git process each, whatever the number of commits.
 */

/** Excluded revisions go after `--not`, the tip after `--end-of-options`: never read as options. */
function walkArguments(tip: string, excluded: readonly string[]): string[] {
  for (const rev of [tip, ...excluded]) {
    if (startsLikeOption(rev)) throw new Error(`refusing to pass ${JSON.stringify(rev)} to git`);
  }
  return ["--not", ...excluded, "--not", "--end-of-options", tip];
}

export interface BroughtCommits {
  /** Oldest first, parents before children. */
  order: string[];
  /** Each commit's parents, first parent first. */
  parents: Map<string, string[]>;
}

/** The commits reachable from `tip` and from none of `excluded`, with their parents. */
export async function commitsBrought(
  dir: string,
  tip: string,
  excluded: readonly string[],
): Promise<BroughtCommits> {
  const text = await gitText(dir, [
    "rev-list",
    "--topo-order",
    "--reverse",
    "--parents",
    ...walkArguments(tip, excluded),
    "--",
  ]);
  const order: string[] = [];
  const parents = new Map<string, string[]>();
  for (const line of text.split("\n")) {
    const [commit, ...rest] = line.split(" ").filter(Boolean);
    if (commit === undefined) continue;
    order.push(commit);
    parents.set(commit, rest);
  }
  return { order, parents };
}

/**
 * The commits reachable from `tip` and from none of `excluded` (and none of `exempt`, which
 * may hold ref patterns such as `--remotes`), oldest first.
 */
export async function commitsToJudge(
  dir: string,
  tip: string,
  excluded: readonly string[],
  exempt: readonly string[],
): Promise<string[]> {
  const text = await gitText(dir, [
    "rev-list",
    "--topo-order",
    "--reverse",
    "--not",
    ...exempt,
    ...walkArguments(tip, excluded).slice(1),
    "--",
  ]);
  return text.split("\n").filter(Boolean);
}

/**
 * Of the commits reachable from `tip` and from none of `excluded`, those whose intents file or
 * policy differs from at least one parent's (a root: that has either). `--full-history`: git's
 * history simplification would skip a merge that keeps one side's rules. A superset of the
 * landing's rules changes, which the caller narrows by comparing each with its first parent.
 */
export async function commitsTouchingRules(
  dir: string,
  tip: string,
  excluded: readonly string[],
): Promise<Set<string>> {
  const text = await gitText(dir, [
    "rev-list",
    "--full-history",
    ...walkArguments(tip, excluded),
    "--",
    ...rulesFilePaths,
  ]);
  return new Set(text.split("\n").filter(Boolean));
}

/** The newest commits of `tip`'s first-parent history that touched the rules, newest first. */
export async function rulesHistory(dir: string, tip: string, limit: number): Promise<string[]> {
  const text = await gitText(dir, [
    "rev-list",
    "--first-parent",
    `--max-count=${limit}`,
    ...walkArguments(tip, []),
    "--",
    ...rulesFilePaths,
  ]);
  return text.split("\n").filter(Boolean);
}

/**
 * The first ref among `patterns` (`refs/heads`, `refs/remotes`, `refs/tags`) whose tip holds the
 * intents file — with `notContaining`, only among refs whose history does not contain that
 * commit (rules adopted elsewhere than there). Null when there is none.
 */
export async function firstGovernedRef(
  dir: string,
  patterns: readonly string[],
  notContaining?: string,
): Promise<string | null> {
  if (notContaining !== undefined && startsLikeOption(notContaining)) {
    throw new Error(`refusing to pass ${JSON.stringify(notContaining)} to git`);
  }
  const text = await gitText(dir, [
    "for-each-ref",
    "--format=%(objectname) %(refname)",
    ...(notContaining === undefined ? [] : [`--no-contains=${notContaining}`]),
    ...patterns,
  ]);
  const refs = text
    .split("\n")
    .filter(Boolean)
    .map((line) => [line.slice(0, line.indexOf(" ")), line.slice(line.indexOf(" ") + 1)] as const);
  if (refs.length === 0) return null;
  const names = refs.map(([tip]) => `${tip}:${intentsFilePath}`);
  const objects = await readObjects(dir, names);
  return refs.find((_, index) => objects.get(names[index] ?? "")?.type === "blob")?.[1] ?? null;
}

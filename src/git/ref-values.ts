import path from "node:path";
import { isObjectId } from "../core/commit/object-id.js";
import { readIfExists } from "../fs/read-if-exists.js";
import { runGit } from "./exec.js";
import type { Repo } from "./repo.js";

/**
 * Every ref of the repository and its value, with HEAD (this work tree's) as `HEAD`: a commit ID
 * when detached, else `ref: <branch>`. One `git for-each-ref`, whatever the number of refs.
 */
export async function refValues(repo: Repo): Promise<Record<string, string>> {
  const { stdout } = await runGit(repo.root, ["for-each-ref", "--format=%(objectname) %(refname)"]);
  const values: Record<string, string> = {};
  for (const line of stdout.toString("utf8").split("\n")) {
    const space = line.indexOf(" ");
    if (space > 0) values[line.slice(space + 1)] = line.slice(0, space);
  }
  const head = readIfExists(path.join(repo.gitDir, "HEAD"), undefined, 4096)?.toString("utf8");
  if (head !== undefined) values.HEAD = head.trim();
  return values;
}

/** HEAD's value as refValues gives it, resolved to a commit (null: unborn, or not a commit ID). */
export function headCommitIn(values: Readonly<Record<string, string>>): string | null {
  const head = values.HEAD;
  if (head === undefined) return null;
  if (isObjectId(head)) return head;
  const branch = /^ref: (.+)$/.exec(head)?.[1];
  return branch ? (values[branch] ?? null) : null;
}

/**
 * The commits `tip` reaches that none of `known` does, oldest first, each with whether our notes
 * hold a record of it: one `git log` (the known ones on its standard input, however many).
 */
export async function commitsBrought(
  repo: Repo,
  tip: string,
  known: readonly string[],
  notesRef: string,
): Promise<{ commit: string; traced: boolean }[]> {
  const input = `${tip}\n${known.map((oid) => `^${oid}`).join("\n")}\n`;
  const { stdout } = await runGit(
    repo.root,
    ["log", "--reverse", "--stdin", `--notes=${notesRef}`, "--format=%H%x00%N%x1e"],
    { input },
  );
  const brought: { commit: string; traced: boolean }[] = [];
  for (const entry of stdout.toString("utf8").split("\x1e")) {
    const [rawCommit, note = ""] = entry.split("\0");
    const commit = rawCommit?.trim() ?? "";
    if (!isObjectId(commit)) continue;
    brought.push({ commit, traced: note.includes(`"revision_id":"${commit}"`) });
  }
  return brought;
}

/**
 * The values git gives the gate's own settings, from every scope and included file: core.hooksPath
 * (where git runs hooks) and every include.path / includeIf.*.path (files that could set it), as
 * `key=value` lines. One `git config`.
 */
export async function gateConfig(repo: Repo): Promise<string[]> {
  const { stdout } = await runGit(
    repo.root,
    ["config", "-z", "--get-regexp", "^(core\\.hookspath|include\\.path|includeif\\..*\\.path)$"],
    { okExitCodes: [1] },
  );
  return stdout
    .toString("utf8")
    .split("\0")
    .filter(Boolean)
    .map((entry) => entry.replace("\n", "="));
}

/** Every path git tracks in the work tree (its index): `git ls-files -z`. */
export async function trackedPaths(repo: Repo): Promise<string[]> {
  const { stdout } = await runGit(repo.root, ["ls-files", "-z"]);
  return stdout.toString("utf8").split("\0").filter(Boolean);
}

/**
 * Which of `commits` no branch and no HEAD reaches (or the repository no longer has): one
 * `git cat-file --batch-check`, then one `git rev-list`.
 */
export async function unreachedCommits(
  repo: Repo,
  commits: readonly string[],
): Promise<Set<string>> {
  const unreached = new Set<string>();
  if (commits.length === 0) return unreached;
  const { stdout: checked } = await runGit(
    repo.root,
    ["cat-file", "--batch-check=%(objectname) %(objecttype)"],
    { input: `${commits.join("\n")}\n` },
  );
  const present = new Set(
    checked
      .toString("utf8")
      .split("\n")
      .filter((line) => line.endsWith(" commit"))
      .map((line) => line.slice(0, line.indexOf(" "))),
  );
  for (const commit of commits) if (!present.has(commit)) unreached.add(commit);
  if (present.size === 0) return unreached;
  const { stdout } = await runGit(
    repo.root,
    ["rev-list", "--stdin", "--not", "--branches", "HEAD"],
    {
      input: `${[...present].join("\n")}\n`,
    },
  );
  for (const commit of stdout.toString("utf8").split("\n")) if (commit) unreached.add(commit);
  return unreached;
}

/**
 * The commits a push sends: those the pushed values reach that the remote's values (where this
 * clone has them) and the remote-tracking branches do not. One `git rev-list`.
 */
export async function commitsSent(
  repo: Repo,
  pushed: readonly { local: string; remote: string | null }[],
): Promise<Set<string>> {
  const input = pushed.flatMap((one) => [one.local, ...(one.remote ? [`^${one.remote}`] : [])]);
  const { stdout } = await runGit(
    repo.root,
    ["rev-list", "--stdin", "--ignore-missing", "--not", "--remotes"],
    { input: `${input.join("\n")}\n` },
  );
  return new Set(stdout.toString("utf8").split("\n").filter(Boolean));
}

import type { FileChange } from "../core/commit/file-change.js";
import { gitText, streamGit } from "./exec.js";
import { RawDiffParser } from "./raw-diff-parser.js";

/**
 * The change between a tree-ish and the index git commits from (GIT_INDEX_FILE is honoured, as
 * git sets it for `commit -a` and `commit -- <paths>`), streamed and parsed from `-z` raw output.
 * `--no-renames` so a rename reports both of its paths, every switch that user configuration
 * could turn on (relative paths, ignored submodules) pinned off, and intent-to-add entries
 * (`git add -N`) left out, as git leaves them out of the commit.
 */
export async function diffIndexCached(dir: string, base: string): Promise<FileChange[]> {
  const changes: FileChange[] = [];
  const parser = new RawDiffParser((change) => changes.push(change));
  await streamGit(
    dir,
    [
      "diff-index",
      "--cached",
      "--raw",
      "-z",
      "--no-renames",
      "--ita-invisible-in-index",
      "--no-relative",
      "--ignore-submodules=none",
      base,
      "--",
    ],
    (chunk) => parser.push(chunk),
  );
  parser.end();
  return changes;
}

/** The ID of the empty tree in this repository's hash function: the first commit's parent. */
export function emptyTreeId(dir: string): Promise<string> {
  return gitText(dir, ["hash-object", "-t", "tree", "/dev/null"]);
}

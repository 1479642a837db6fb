import type { FileChange } from "../core/changeset.js";
import {
  type CommitDiff,
  CommitDiffParser,
  commitHeaderFormat,
} from "../core/trace/commit-diff-parser.js";
import { streamGit } from "./exec.js";

/**
 * One commit's header, changes and added-line ranges from a single streamed `git diff-tree`:
 * against the first parent for an ordinary commit (with rename detection), as a combined diff
 * for a merge (only what the merge itself wrote), against the empty tree for a root commit.
 * Every knob that user configuration could turn is pinned to git's defaults: algorithm,
 * heuristic, prefixes, colour, external diff, textconv.
 */
export async function diffCommit(
  rev: string,
  onChanges: (changes: readonly FileChange[], parents: readonly string[]) => void = () => {},
): Promise<CommitDiff> {
  const parser: CommitDiffParser = new CommitDiffParser((changes) =>
    onChanges(changes, parser.parents()),
  );
  await streamGit(
    [
      "diff-tree",
      "-r",
      "--root",
      "--cc",
      "-M",
      "--raw",
      "-z",
      "-p",
      "-U0",
      "--no-ext-diff",
      "--no-textconv",
      "--no-color",
      "--diff-algorithm=myers",
      "--indent-heuristic",
      "--src-prefix=a/",
      "--dst-prefix=b/",
      commitHeaderFormat,
      rev,
      "--",
    ],
    (chunk) => parser.push(chunk),
  );
  return parser.end();
}

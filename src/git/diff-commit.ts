import type { FileChange } from "../core/changeset.js";
import {
  type CommitDiff,
  CommitDiffParser,
  commitHeaderFields,
  commitHeaderFormat,
} from "../core/trace/commit-diff-parser.js";
import { streamGit } from "./exec.js";

/**
 * The diff options every trace computation uses, so that post-commit, post-rewrite and verify
 * produce identical ranges: against the first parent with rename detection, a combined diff for
 * a merge (only what the merge itself wrote), the empty tree for a root commit, and every knob
 * user configuration could turn pinned to git's defaults (algorithm, heuristic, prefixes,
 * colour, external diff, textconv).
 */
const diffTreeArgs = [
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
];

/** One commit's header, changes and added-line ranges from a single streamed `git diff-tree`. */
export async function diffCommit(
  rev: string,
  onChanges: (changes: readonly FileChange[], parents: readonly string[]) => void = () => {},
): Promise<CommitDiff> {
  const parser: CommitDiffParser = new CommitDiffParser((changes) =>
    onChanges(changes, parser.parents()),
  );
  await streamGit([...diffTreeArgs, rev, "--"], (chunk) => parser.push(chunk));
  return parser.end();
}

/**
 * Many commits' diffs from one `git diff-tree --stdin`, handed over one commit at a time. The
 * output is cut where the next expected commit's header begins, after the current header: its
 * SHA followed by a NUL, which no patch line can contain.
 */
export async function diffCommits(
  commits: readonly string[],
  onDiff: (diff: CommitDiff) => void,
): Promise<void> {
  if (commits.length === 0) return;
  let index = 0;
  let parser = new CommitDiffParser();
  let pending = Buffer.alloc(0);
  /** The byte just before `pending`: a header starts after a newline, a NUL, or nothing. */
  let before: number | null = null;
  const flush = (length: number) => {
    if (length <= 0) return;
    parser.push(pending.subarray(0, length));
    before = pending[length - 1] ?? null;
    pending = Buffer.from(pending.subarray(length));
  };
  const startsHeader = (at: number) => {
    const previous = at === 0 ? before : pending[at - 1];
    return previous === null || previous === 10 || previous === 0;
  };
  // The header's own fields hold SHAs (the parents): look for the next commit only past them.
  let headerFieldsLeft = commitHeaderFields;
  await streamGit(
    [...diffTreeArgs, "--stdin"],
    (chunk) => {
      pending = Buffer.concat([pending, chunk]);
      for (;;) {
        for (; headerFieldsLeft > 0; headerFieldsLeft--) {
          const end = pending.indexOf(0);
          if (end === -1) return;
          flush(end + 1);
        }
        const nextCommit = commits[index + 1];
        if (nextCommit === undefined) return flush(pending.length);
        const marker = Buffer.from(`${nextCommit}\0`);
        let at = pending.indexOf(marker);
        while (at !== -1 && !startsHeader(at)) at = pending.indexOf(marker, at + 1);
        if (at === -1) return flush(pending.length - marker.length); // a marker may be cut in two
        flush(at);
        onDiff(parser.end());
        parser = new CommitDiffParser();
        before = null;
        headerFieldsLeft = commitHeaderFields;
        index += 1;
      }
    },
    { input: `${commits.join("\n")}\n` },
  );
  flush(pending.length);
  onDiff(parser.end());
}

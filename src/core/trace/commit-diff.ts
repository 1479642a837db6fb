import type { FileChange } from "../commit/file-change.js";
import type { Trailer } from "../commit/trailers.js";
import type { LineRange } from "./range-hash.js";

/** A commit as a trace record needs it: identity, parents, author and trailers. */
export interface CommitHeader {
  sha: string;
  parents: string[];
  authorName: string;
  authorEmail: string;
  /** The first line of the message. */
  subject: string;
  /** The message's trailers as git parses them. */
  trailers: Trailer[];
  /** The commit's tree. */
  tree: string;
}

/** What one commit changed: the files, and the line ranges it adds to each. */
export interface CommitDiff {
  commit: CommitHeader;
  changes: FileChange[];
  /**
   * Added-line ranges by path key (file-change.ts `pathKey`: the path, or its bytes when they are
   * not UTF-8) in the new content; files that gain no lines are absent.
   */
  ranges: Map<string, LineRange[]>;
}

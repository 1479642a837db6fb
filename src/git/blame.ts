import { isObjectId } from "../core/commit/object-id.js";
import type { BlamedInput } from "../core/trace/attribute-lines.js";
import { GitError } from "../errors.js";
import { streamGit } from "./exec.js";
import type { GitPath } from "./list-files.js";
import { startsLikeOption } from "./revisions.js";
import { unquotePath } from "./unquote-path.js";

/** git's own blame options, passed through (`trace blame` accepts the same). */
export interface BlameOptions {
  /** The revision to blame at; absent: the work tree (uncommitted lines are "Not Committed Yet"). */
  rev?: string;
  /** `-w`: ignore whitespace when finding where a line came from. */
  ignoreWhitespace?: boolean;
  /** `-M`: follow lines moved within the file. */
  moves?: boolean;
  /** `-C`, given 1 to 3 times: follow lines moved or copied from other files. */
  copies?: number;
  /** `-L <start>,<end>` or `-L :<funcname>`, each. */
  lineRanges?: readonly string[];
  /** `--ignore-rev <rev>`, each. */
  ignoreRevs?: readonly string[];
  /** `--ignore-revs-file <file>` (git's `blame.ignoreRevsFile` is honoured without it). */
  ignoreRevsFile?: string;
  /** `--contents <file>`, or the content itself for `--contents -` (an editor's unsaved buffer). */
  contents?: { file: string } | { stdin: Buffer };
}

/**
 * One line as `git blame --line-porcelain` tells it: what attribution takes (core's BlamedInput),
 * with the content still as bytes (a name or line need not be UTF-8).
 */
export type BlamedLine = Omit<BlamedInput, "content"> & {
  /** The line's bytes, without its newline (a `\r` of a CRLF line stays): a view of git's output. */
  content: Buffer;
};

/**
 * Runs one `git blame --porcelain` of `path` and hands over every line, streamed: its commit,
 * that commit's details (author, summary, filename…) and its content after a tab. `--porcelain`,
 * not `--line-porcelain`: git prints a commit's details once rather than for every line (a third
 * of the output on a long file), and the parser keeps them per commit.
 * Fails with a GitError when git refuses (no such path, a bad revision): callers explain it.
 */
export async function blameFile(
  dir: string,
  path: GitPath,
  options: BlameOptions,
  onLine: (line: BlamedLine) => void,
): Promise<void> {
  const parser = new PorcelainParser(onLine);
  const args = ["blame", "--porcelain", ...blameArguments(options), "--"];
  if (typeof path === "string") args.push(path);
  const input =
    options.contents && "stdin" in options.contents ? options.contents.stdin : undefined;
  const { status, stderr } = await streamGit(dir, args, (chunk) => parser.push(chunk), {
    okExitCodes: [128],
    ...(input ? { input } : {}),
    ...(typeof path === "string" ? {} : { finalPath: path }),
  });
  if (status !== 0) throw new GitError(args, status, stderr);
  parser.end();
}

function blameArguments(options: BlameOptions): string[] {
  const args: string[] = [];
  if (options.ignoreWhitespace) args.push("-w");
  if (options.moves) args.push("-M");
  for (let copies = 0; copies < (options.copies ?? 0); copies++) args.push("-C");
  for (const range of options.lineRanges ?? []) args.push(`-L${range}`);
  for (const rev of options.ignoreRevs ?? []) args.push(`--ignore-rev=${rev}`);
  if (options.ignoreRevsFile) args.push(`--ignore-revs-file=${options.ignoreRevsFile}`);
  if (options.contents) {
    args.push(`--contents=${"file" in options.contents ? options.contents.file : "-"}`);
  }
  if (options.rev !== undefined) {
    if (startsLikeOption(options.rev)) throw new Error(`refusing to pass ${options.rev} to git`);
    args.push(options.rev);
  }
  return args;
}

/** What git blame says once of a commit: the same for every line blamed to it. */
type CommitDetails = Omit<BlamedLine, "commit" | "originalLine" | "finalLine" | "content">;

/**
 * Cuts `--porcelain` output into lines: a header `<sha> <orig> <final> [<count>]`, the commit's
 * `key value` lines the first time it appears (and its `filename` again whenever the commit has
 * lines from more than one path: git's rule), then the content after a tab. The details are
 * kept per commit, so every line gets what `--line-porcelain` would print for it. Keeps at most
 * one unfinished line of output.
 */
export class PorcelainParser {
  private pending: Buffer = Buffer.alloc(0);
  private readonly details = new Map<string, CommitDetails>();
  private current: { commit: string; originalLine: number; finalLine: number } | undefined;
  private currentDetails: CommitDetails | undefined;

  constructor(private readonly onLine: (line: BlamedLine) => void) {}

  push(chunk: Buffer): void {
    const data = this.pending.length > 0 ? Buffer.concat([this.pending, chunk]) : chunk;
    let start = 0;
    for (let end = data.indexOf(10); end !== -1; end = data.indexOf(10, start)) {
      this.line(data.subarray(start, end));
      start = end + 1;
    }
    this.pending = Buffer.from(data.subarray(start));
  }

  end(): void {
    if (this.pending.length > 0) throw new Error("git blame output ended inside a line");
  }

  private line(bytes: Buffer): void {
    if (bytes[0] === 9) {
      this.finish(bytes.subarray(1));
      return;
    }
    // committer, committer-mail, -tz and previous: not needed, so not decoded ("co" and "p"
    // start no commit ID). committer-time is: content matching takes no evidence from after it.
    if (bytes[0] === 0x70) return;
    if (bytes[0] === 0x63 && bytes[1] === 0x6f && !(bytes[10] === 0x74 && bytes[11] === 0x69)) {
      return;
    }
    const text = bytes.toString("utf8");
    const space = text.indexOf(" ");
    const key = space === -1 ? text : text.slice(0, space);
    const value = space === -1 ? "" : text.slice(space + 1);
    if (isObjectId(key)) {
      const [original, final] = value.split(" ");
      this.current = { commit: key, originalLine: Number(original), finalLine: Number(final) };
      let details = this.details.get(key);
      if (!details) {
        details = {
          author: "",
          authorMail: "",
          authorTime: 0,
          authorTz: "+0000",
          committerTime: 0,
          summary: "",
          boundary: false,
          filename: "",
        };
        this.details.set(key, details);
      }
      this.currentDetails = details;
      return;
    }
    if (this.currentDetails) this.detail(this.currentDetails, key, value, bytes, space);
  }

  private detail(
    details: CommitDetails,
    key: string,
    value: string,
    bytes: Buffer,
    space: number,
  ): void {
    switch (key) {
      case "author":
        details.author = value;
        break;
      case "author-mail":
        details.authorMail = value.replace(/^<|>$/g, "");
        break;
      case "author-time":
        details.authorTime = Number(value);
        break;
      case "author-tz":
        details.authorTz = value;
        break;
      case "committer-time":
        details.committerTime = Number(value);
        break;
      case "summary":
        details.summary = value;
        break;
      case "boundary":
        details.boundary = true;
        break;
      case "filename":
        // A C-quoted name when it holds control characters or quotes: its exact bytes.
        details.filename = unquotePath(bytes.subarray(space + 1).toString("latin1")).toString(
          "utf8",
        );
        break;
      default: // skipped above, or not needed
    }
  }

  private finish(content: Buffer): void {
    const current = this.current;
    const details = this.currentDetails;
    if (current === undefined || details === undefined) {
      throw new Error("git blame gave a line without its header");
    }
    // One literal of one shape for every line (3,000 spreads of two objects cost more).
    this.onLine({
      commit: current.commit,
      originalLine: current.originalLine,
      finalLine: current.finalLine,
      author: details.author,
      authorMail: details.authorMail,
      authorTime: details.authorTime,
      authorTz: details.authorTz,
      committerTime: details.committerTime,
      summary: details.summary,
      boundary: details.boundary,
      filename: details.filename,
      content,
    });
  }
}

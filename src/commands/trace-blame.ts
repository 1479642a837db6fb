import path from "node:path";
import type { FileBlame } from "../core/trace/blame-line.js";
import { ExitCode, GitError, IntentguardError, UsageError } from "../errors.js";
import type { BlameOptions } from "../git/blame.js";
import { type GitPath, pathText, trackedPathsNamed } from "../git/list-files.js";
import { locateRepo, type Repo } from "../git/repo.js";
import { startsLikeOption } from "../git/revisions.js";
import { formatBlameJson } from "../report/blame/blame-json.js";
import { formatBlamePorcelain } from "../report/blame/blame-porcelain.js";
import {
  blameSummary,
  formatBlameSummaryJson,
  formatBlameSummaryText,
  unblameableMessage,
} from "../report/blame/blame-summary.js";
import { formatBlameText } from "../report/blame/blame-text.js";
import { styleFor } from "../report/text/style.js";
import { blameWithTraces } from "../trace/blame-trace.js";
import type { CommandInput } from "./support/command.js";

/**
 * `trace blame [<rev>] <path>`: every line with the commit that last changed it, its intent, its
 * contributor and how sure that is. A directory gives the summary of every file under it.
 */
export async function run({ values, positionals, env }: CommandInput): Promise<ExitCode> {
  const formats = (["json", "porcelain", "summary"] as const).filter((name) => values[name]);
  if (formats.length > 1) {
    throw new UsageError(
      `--${formats.join(" and --")} do not go together: choose one.`,
      "trace blame",
    );
  }
  const [first, second] = positionals;
  if (first === undefined) {
    throw new UsageError(
      "needs the file to blame, e.g. trace blame src/auth/login.ts",
      "trace blame",
    );
  }
  const rev = second === undefined ? undefined : first;
  const target = second ?? first;
  for (const value of [rev, target]) {
    if (value !== undefined && startsLikeOption(value)) {
      throw new UsageError(
        `${JSON.stringify(value)} starts with "-", as no revision or file does here; put a file that does after --, e.g. trace blame -- ${value}`,
        "trace blame",
      );
    }
  }
  const repo = await locateRepo(env.cwd);
  const options = await blameOptions(values, rev);
  const relative = path.relative(repo.root, path.resolve(env.cwd, target)) || ".";
  const files = await filesToBlame(repo, relative, rev);
  const directory = files.length !== 1 || pathText(files[0] as GitPath) !== relative;
  if (directory && (values.porcelain || options.contents)) {
    throw new UsageError(
      `${target} is a directory: --porcelain and --contents take one file.`,
      "trace blame",
    );
  }
  const skipped: string[] = [];
  const blames = await blameWithTraces(repo, files, options, directory ? skipped : undefined);
  if (skipped.length > 0) process.stderr.write(unblameableMessage(skipped));
  const style = await styleFor(process.stdout, env.color);
  if (directory || values.summary) {
    const summary = blameSummary(blames);
    process.stdout.write(
      values.json ? formatBlameSummaryJson(summary) : formatBlameSummaryText(summary, style),
    );
    return ExitCode.Ok;
  }
  const [blame] = blames as [FileBlame];
  if (values.json) process.stdout.write(formatBlameJson(blame, env.command));
  else if (values.porcelain) process.stdout.write(formatBlamePorcelain(blame, env.command));
  else
    process.stdout.write(
      formatBlameText(
        blame,
        style,
        process.stdout.isTTY ? process.stdout.columns || 120 : Number.POSITIVE_INFINITY,
        env.command,
      ),
    );
  return ExitCode.Ok;
}

async function filesToBlame(repo: Repo, relative: string, rev: string | undefined) {
  let files: GitPath[];
  try {
    files = await trackedPathsNamed(repo.root, relative, rev);
  } catch (error) {
    if (!(error instanceof GitError)) throw error;
    const said = error.stderr.trim().replace(/^fatal: /, "");
    throw new IntentguardError(
      `cannot list ${relative}${rev ? ` at ${rev}` : ""}: ${said}. Name a revision that exists.`,
    );
  }
  if (files.length === 0) {
    throw new IntentguardError(
      `${relative} is not a file git tracks${rev ? ` at ${rev}` : ""} (untracked, ignored, or missing): there is no history to blame. git ls-files lists the tracked files.`,
    );
  }
  const same = files.filter((file) => pathText(file) === relative).length;
  if (same > 1) {
    throw new IntentguardError(
      `${relative} names ${same} tracked files: their names differ only in bytes that are not UTF-8 (each shown as U+FFFD), which a command-line argument cannot tell apart. Blame their directory for all of them: trace blame ${path.dirname(relative)}`,
    );
  }
  return files;
}

async function blameOptions(
  values: CommandInput["values"],
  rev: string | undefined,
): Promise<BlameOptions> {
  const list = (value: unknown) =>
    (Array.isArray(value) ? value : value === undefined ? [] : [value]).map(String);
  const contents = typeof values.contents === "string" ? values.contents : undefined;
  return {
    ...(rev !== undefined ? { rev } : {}),
    ignoreWhitespace: values["ignore-whitespace"] === true,
    moves: values.moves === true,
    copies: list(values.copies).length,
    lineRanges: list(values["line-range"]),
    ignoreRevs: list(values["ignore-rev"]),
    ...(typeof values["ignore-revs-file"] === "string"
      ? { ignoreRevsFile: values["ignore-revs-file"] }
      : {}),
    ...(contents === undefined
      ? {}
      : { contents: contents === "-" ? { stdin: await readStdin() } : { file: contents } }),
  };
}

async function readStdin(): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

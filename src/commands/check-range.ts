import { appendFileSync, lstatSync, type Stats, writeFileSync } from "node:fs";
import { type RangeRequest, resolveCheckRange } from "../ci/resolve-check-range.js";
import { systemClock } from "../clock.js";
import {
  type RangeCheck,
  type RangeSource,
  rangeCheckFails,
  rangeCheckSchemaVersion,
} from "../core/check/range-check.js";
import type { Environment } from "../environment.js";
import { ExitCode, UsageError } from "../errors.js";
import { writeFileAtomic } from "../fs/atomic-write.js";
import { fileSystemError } from "../fs/fs-error.js";
import { locateRepo } from "../git/repo.js";
import { checkRange, rangeLanding } from "../land/check-range.js";
import { formatRangeCheckGithubSummary } from "../report/range/check-range-github.js";
import {
  formatRangeCheck,
  parseRangeCheckFormat,
  type RangeCheckFormat,
} from "../report/range/write-range-check.js";
import { noCommitsToCheck } from "../report/text/messages.js";
import { styleFor } from "../report/text/style.js";
import { version } from "../version.js";
import type { CommandInput } from "./support/command.js";

/**
 * `check --range | --commit | --base | --ci`: every commit the range brings, judged as the hooks
 * would have judged it. Exit 0 when every commit is allowed, 1 when any is not, 2 when the range
 * cannot be read (never a green answer to a range that was not checked).
 */
export async function runRangeCheck({ values, env }: CommandInput): Promise<ExitCode> {
  if (values.intent !== undefined) {
    throw new UsageError(
      "--intent does not apply to a range: each commit is judged under its own Intent: trailer.",
      "check",
    );
  }
  if (values.deepen && !values.ci) {
    throw new UsageError("--deepen applies to --ci only (it deepens a CI clone).", "check");
  }
  const format = parseRangeCheckFormat(values.format);
  const output = typeof values.output === "string" ? values.output : undefined;
  if (output !== undefined && output.trim() === "") {
    throw new UsageError("--output needs a file name, e.g. --output intentguard.sarif", "check");
  }
  const repo = await locateRepo(env.cwd);
  const request = rangeRequest(values);
  const range = await resolveCheckRange(repo, request, env.ci);
  const { source } = range;
  if (source.spec === "") {
    // The CI event brings no commits (a branch deleted): said as such, and as an empty report.
    if (format === "text" && output === undefined) {
      process.stdout.write(`${noCommitsToCheck(source.kind)}\n`);
    } else {
      await writeReports(emptyRangeCheck(source), format, output, env);
    }
    return ExitCode.Ok;
  }
  const progress = progressLine(process.stderr);
  const check = await checkRange({
    repo,
    env,
    source,
    landing: rangeLanding(repo, range),
    signaturesAt: range.audit ? "committer-date" : "now",
    clock: systemClock,
    verifyTraces: values["verify-traces"] === true,
    onProgress: progress.update,
  });
  progress.clear();
  await writeReports(check, format, output, env);
  return rangeCheckFails(check) ? ExitCode.Blocked : ExitCode.Ok;
}

function rangeRequest(values: CommandInput["values"]): RangeRequest {
  if (typeof values.range === "string") return { kind: "range", range: values.range };
  if (typeof values.commit === "string") return { kind: "commit", rev: values.commit };
  if (values.ci === true) {
    // --ci --base <ref>: the ref to compare with when the event names no start.
    const deepen = values.deepen === true;
    return typeof values.base === "string"
      ? { kind: "ci", deepen, base: values.base }
      : { kind: "ci", deepen };
  }
  if (typeof values.base === "string") return { kind: "base", base: values.base };
  return { kind: "ci", deepen: values.deepen === true };
}

/**
 * Text on stdout, unless a format is asked for without --output (then that format on stdout).
 * `github` prints the text and its workflow commands (annotations), and appends the job summary
 * to $GITHUB_STEP_SUMMARY when the runner provides one.
 */
async function writeReports(
  check: RangeCheck,
  format: RangeCheckFormat,
  output: string | undefined,
  env: Environment,
): Promise<void> {
  const style = await styleFor(process.stdout, env.color);
  const options = { style, toolVersion: version, command: env.command };
  if (output !== undefined) writeReportFile(output, formatRangeCheck(check, format, options));
  const shown: RangeCheckFormat = output !== undefined ? "text" : format;
  if (shown === "github") process.stdout.write(formatRangeCheck(check, "text", options));
  process.stdout.write(formatRangeCheck(check, shown, options));
  if (format === "github" && env.ci.githubStepSummary) {
    const file = env.ci.githubStepSummary;
    try {
      appendFileSync(file, formatRangeCheckGithubSummary(check, env.command));
    } catch (error) {
      throw fileSystemError(error, file, "write", "the GitHub job summary ($GITHUB_STEP_SUMMARY)");
    }
  }
}

/**
 * A regular file (or a new one) is replaced atomically; anything else the user names — a
 * symlink, a FIFO, /dev/stdout — is written through, never replaced by a file of our own.
 */
function writeReportFile(file: string, content: string): void {
  // This process's own stdout may be a socket or a pipe, which cannot be opened by name.
  if (file === "/dev/stdout") {
    process.stdout.write(content);
    return;
  }
  let existing: Stats | undefined;
  try {
    existing = lstatSync(file, { throwIfNoEntry: false });
  } catch (error) {
    throw fileSystemError(error, file, "write", "the report (--output)");
  }
  if (existing === undefined || existing.isFile()) {
    writeFileAtomic(file, content, undefined, "the report (--output)");
    return;
  }
  try {
    writeFileSync(file, content);
  } catch (error) {
    throw fileSystemError(error, file, "write", "the report (--output)");
  }
}

function emptyRangeCheck(source: RangeSource): RangeCheck {
  return {
    version: rangeCheckSchemaVersion,
    source,
    commits: [],
    skipped: { before_adoption: 0 },
    traces_checked: false,
    findings: [],
  };
}

/** "checked 500 of 2,000 commits" on a terminal, rewritten in place; nothing elsewhere. */
function progressLine(stream: NodeJS.WriteStream) {
  let shown = false;
  return {
    update: (done: number, total: number) => {
      if (!stream.isTTY) return;
      stream.write(
        `\rintentguard: checked ${done.toLocaleString("en")} of ${total.toLocaleString("en")} commits`,
      );
      shown = true;
    },
    clear: () => {
      if (shown) stream.write("\r\x1b[K");
    },
  };
}

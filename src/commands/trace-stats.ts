import path from "node:path";
import { ExitCode, UsageError } from "../errors.js";
import { locateRepo } from "../git/repo.js";
import { skippedNoteLinesMessage } from "../report/text/messages.js";
import { styleFor } from "../report/text/style.js";
import { formatTraceStatsJson } from "../report/trace/trace-stats-json.js";
import { formatTraceStatsText } from "../report/trace/trace-stats-text.js";
import { traceStats } from "../trace/trace-stats.js";
import type { CommandInput } from "./support/command.js";

/**
 * `trace stats [<range>] [--path <path>]`: per intent and per contributor, the commits, the lines
 * added, the lines still present at the range's tip, and the files touched. A note line that is
 * not a valid record is skipped and named on stderr.
 */
export async function run({ values, positionals, env }: CommandInput): Promise<ExitCode> {
  const [range = "HEAD"] = positionals;
  const repo = await locateRepo(env.cwd);
  const given = typeof values.path === "string" ? values.path : undefined;
  let limit: string | null = null;
  if (given !== undefined) {
    if (given.trim() === "") {
      throw new UsageError(
        "--path is empty: name a file or directory, e.g. --path src/auth",
        "trace stats",
      );
    }
    const relative = path
      .relative(repo.root, path.resolve(env.cwd, given))
      .split(path.sep)
      .join("/");
    if (relative === ".." || relative.startsWith("../") || path.isAbsolute(relative)) {
      throw new UsageError(
        `--path ${JSON.stringify(given)} is outside the repository (${repo.root}).`,
        "trace stats",
      );
    }
    limit = relative === "" ? null : relative;
  }
  const { stats, invalid } = await traceStats(repo, { range, path: limit });
  process.stderr.write(skippedNoteLinesMessage(invalid));
  process.stdout.write(
    values.json
      ? formatTraceStatsJson(stats)
      : formatTraceStatsText(stats, await styleFor(process.stdout, env.color)),
  );
  return ExitCode.Ok;
}

import { toAgentTrace } from "../core/trace/agent-trace.js";
import { ExitCode, UsageError } from "../errors.js";
import { locateRepo } from "../git/repo.js";
import { noCommitsYetMessage, skippedNoteLinesMessage } from "../report/text/messages.js";
import { recordsInRange } from "../trace/read-records.js";
import type { CommandInput } from "./support/command.js";

/**
 * The records of a range as JSONL, or as Agent Trace 0.1.0 records (one per line). A note line
 * that is not a valid record is skipped and named on stderr; the valid ones are exported.
 */
export async function run({ values, env }: CommandInput): Promise<ExitCode> {
  const format = values.format ?? "jsonl";
  if (format !== "jsonl" && format !== "agent-trace") {
    throw new UsageError(
      `--format ${JSON.stringify(format)} is not an export format; use jsonl or agent-trace.`,
      "trace export",
    );
  }
  const range = typeof values.range === "string" ? values.range : "HEAD";
  const repo = await locateRepo(env.cwd);
  const { commits, records, invalid } = await recordsInRange(repo.root, range);
  if (commits.length === 0 && range === "HEAD") process.stderr.write(noCommitsYetMessage("export"));
  const lines = records.map((record) =>
    JSON.stringify(format === "agent-trace" ? toAgentTrace(record) : record),
  );
  process.stdout.write(lines.length ? `${lines.join("\n")}\n` : "");
  process.stderr.write(skippedNoteLinesMessage(invalid));
  return ExitCode.Ok;
}

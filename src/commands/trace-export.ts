import { toAgentTrace } from "../core/trace/agent-trace.js";
import { ExitCode, UsageError } from "../errors.js";
import { recordsInRange } from "../trace/read-records.js";
import type { CommandInput } from "./command.js";

/** The records of a range as JSONL, or as Agent Trace 0.1.0 records (one per line). */
export async function run({ values, env }: CommandInput): Promise<ExitCode> {
  const format = values.format ?? "jsonl";
  if (format !== "jsonl" && format !== "agent-trace") {
    throw new UsageError(
      `--format ${JSON.stringify(format)} is not an export format; use jsonl or agent-trace.`,
      "trace export",
    );
  }
  const range = typeof values.range === "string" ? values.range : "HEAD";
  const records = await recordsInRange(env.cwd, range);
  const lines = records.map((record) =>
    JSON.stringify(format === "agent-trace" ? toAgentTrace(record) : record),
  );
  process.stdout.write(lines.length ? `${lines.join("\n")}\n` : "");
  return ExitCode.Ok;
}

import { fileContributor } from "../../core/trace/record-contributors.js";
import type { TracedRange } from "../../core/trace/record-schema.js";
import type { NoteLine } from "../../trace/note-records.js";
import { describeContributor } from "../blame/describe-contributor.js";
import { displayPath } from "../text/display-path.js";
import { printable } from "../text/messages.js";
import type { Style } from "../text/style.js";

/**
 * `trace show --json`: the note's records as a JSON array; a line that is not a valid record as
 * `{invalid, line, problem}` (the line as stored, its number, what is wrong).
 */
export function traceShowJson(lines: readonly NoteLine[]): string {
  return `${JSON.stringify(
    lines.map((line) =>
      line.ok ? line.record : { invalid: line.text, line: line.line, problem: line.problem },
    ),
    null,
    2,
  )}\n`;
}

/**
 * `trace show`: each record's commit and intent, then its files, contributors and ranges; then
 * each other line of the note with what is wrong with it. Strings from the note (it may come
 * from another clone) are printed with their control characters escaped.
 */
export function formatTraceShow(lines: readonly NoteLine[], style: Style): string {
  const out: string[] = [];
  for (const line of lines) {
    if (!line.ok) {
      out.push(
        style.red(
          `note line ${line.line} is ${printable(line.problem)}: ${printable(line.text.slice(0, 80))}`,
        ),
      );
      continue;
    }
    const { record } = line;
    out.push(
      style.bold(
        `commit ${record.vcs.revision_id.slice(0, 12)}  intent ${record.intent_id === null ? "none (no Intent: trailer)" : printable(record.intent_id)}`,
      ),
      style.dim(
        `  record ${record.id}, written ${record.timestamp} by intentguard ${printable(record.tool.version)}`,
      ),
    );
    for (const file of record.files) {
      const renamed = file.old_path ? ` (from ${printable(displayPath(file.old_path))})` : "";
      out.push(
        `  ${file.operation.padEnd(6)} ${printable(displayPath(file.relative_path))}${renamed}  ${printable(describeContributor(fileContributor(record, file)))}  ${file.mutation_class}`,
      );
      for (const range of file.ranges) {
        out.push(
          style.dim(
            `         lines ${range.start_line}–${range.end_line}  ${range.content_hash.slice(0, 23)}…${ownContributor(range)}`,
          ),
        );
      }
    }
  }
  return `${out.join("\n")}\n`;
}

/** A range's own contributor and its evidence, when it names one (record versions 2 and 3). */
function ownContributor(range: TracedRange): string {
  if ("evidence" in range && range.evidence?.kind === "withheld") {
    const { how, agent_id: agent, session_id: session } = range.evidence;
    const seen = [agent, session && `session ${session}`].filter(Boolean).join(", ");
    return `  nobody (withheld: the observations${seen ? ` of ${printable(seen)}` : ""} were ${how})`;
  }
  if (!("contributor" in range) || !range.contributor || !range.evidence) return "";
  const evidence = range.evidence;
  const from =
    evidence.kind === "source"
      ? `recorded in ${evidence.commit.slice(0, 12)} (${displayPath(evidence.path)}:${evidence.start_line}-${evidence.end_line})`
      : evidence.kind === "declared"
        ? `declared by ${evidence.by}`
        : "observed";
  return `  ${printable(describeContributor(range.contributor))}, ${printable(from)}`;
}

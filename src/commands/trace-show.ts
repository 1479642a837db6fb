import type { CommandInput } from "../cli/command.js";
import { ExitCode, IntentguardError, UsageError } from "../errors.js";
import { readNote, resolveCommit } from "../git/notes.js";
import { describeContributor } from "../report/describe-contributor.js";
import { displayPath } from "../report/display-path.js";
import { styleFor } from "../report/style.js";
import { parseNote } from "../trace/note-records.js";

/** The trace record of one commit, pretty or `--json` (the note's records as a JSON array). */
export async function run({ values, positionals }: CommandInput): Promise<ExitCode> {
  const [rev = "HEAD"] = positionals;
  const commit = await resolveCommit(rev).catch(() => {
    throw new UsageError(
      `${JSON.stringify(rev)} is not a commit. Usage: intentguard trace show <rev> [--json]`,
    );
  });
  const note = await readNote(commit);
  if (note === null) {
    throw new IntentguardError(
      `${commit} has no trace record (untraced: made with hooks off, or before adoption, or its notes were not fetched: intentguard trace fetch).`,
      ExitCode.Blocked,
    );
  }
  const lines = parseNote(note);
  if (values.json) {
    process.stdout.write(
      `${JSON.stringify(
        lines.map((line) => (line.ok ? line.record : { invalid: line.text })),
        null,
        2,
      )}\n`,
    );
    return ExitCode.Ok;
  }
  const style = await styleFor(process.stdout);
  const out: string[] = [];
  for (const line of lines) {
    if (!line.ok) {
      out.push(style.red(`note line ${line.line} is not JSON: ${line.text.slice(0, 80)}`));
      continue;
    }
    const { record } = line;
    out.push(
      style.bold(
        `commit ${record.vcs.revision_id.slice(0, 12)}  intent ${record.intent_id ?? "none (no Intent: trailer)"}`,
      ),
      style.dim(
        `  record ${record.id}, written ${record.timestamp} by intentguard ${record.tool?.version ?? "?"}`,
      ),
    );
    for (const file of record.files) {
      const renamed = file.old_path ? ` (from ${displayPath(file.old_path)})` : "";
      out.push(
        `  ${file.operation.padEnd(6)} ${displayPath(file.relative_path)}${renamed}  ${describeContributor(file.contributor)}  ${file.mutation_class}`,
      );
      for (const range of file.ranges) {
        out.push(
          style.dim(
            `         lines ${range.start_line}–${range.end_line}  ${range.content_hash.slice(0, 23)}…`,
          ),
        );
      }
    }
  }
  process.stdout.write(`${out.join("\n")}\n`);
  return ExitCode.Ok;
}

import type { CommandInput } from "../cli/command.js";
import type { TraceRecord } from "../core/trace/record-schema.js";
import { ExitCode } from "../errors.js";
import { gitText } from "../git/exec.js";
import { readNotes } from "../git/notes.js";
import { describeContributor } from "../report/describe-contributor.js";
import { styleFor } from "../report/style.js";
import { recordsOf } from "../trace/read-records.js";

interface IntentSummary {
  intent_id: string | null;
  commits: {
    commit: string;
    date: string;
    subject: string;
    files: number;
    lines: number;
    contributors: string[];
  }[];
  files: number;
  lines: number;
  ai_lines: number;
  human_lines: number;
}

/** Commits per intent, with counts of files and lines and how many lines came from AI. */
export async function run({ values }: CommandInput): Promise<ExitCode> {
  const since = typeof values.since === "string" ? values.since : undefined;
  const only = typeof values.intent === "string" ? values.intent : undefined;
  const sinceArgs = since ? [`--since=${since}`] : [];
  const log = await gitText(["log", "--format=%H%x00%as%x00%s", ...sinceArgs, "HEAD", "--"]);
  const commits = new Map(
    log
      .split("\n")
      .filter(Boolean)
      .map((line) => {
        const [commit = "", date = "", subject = ""] = line.split("\0");
        return [commit, { date, subject }] as const;
      }),
  );
  const records = recordsOf([...commits.keys()], await readNotes(commits.keys()));
  const summaries = summarise(
    records.filter((record) => !only || record.intent_id === only),
    commits,
  );
  if (values.json) {
    process.stdout.write(
      `${JSON.stringify({ version: 1, since: since ?? null, intents: summaries }, null, 2)}\n`,
    );
    return ExitCode.Ok;
  }
  const style = await styleFor(process.stdout);
  const out: string[] = [];
  for (const summary of summaries) {
    out.push(
      style.bold(
        `${summary.intent_id ?? "(no intent)"}: ${summary.commits.length} commit${summary.commits.length === 1 ? "" : "s"}, ${summary.files} files, ${summary.lines} lines (AI ${summary.ai_lines}, human ${summary.human_lines})`,
      ),
    );
    for (const commit of summary.commits) {
      out.push(
        `  ${commit.commit.slice(0, 10)} ${commit.date} ${commit.subject}  ${style.dim(`${commit.files} files, +${commit.lines} lines, ${commit.contributors.join("; ")}`)}`,
      );
    }
  }
  process.stdout.write(out.length ? `${out.join("\n")}\n` : "No traced commits.\n");
  return ExitCode.Ok;
}

function summarise(
  records: readonly TraceRecord[],
  commits: ReadonlyMap<string, { date: string; subject: string }>,
): IntentSummary[] {
  const byIntent = new Map<string | null, { summary: IntentSummary; files: Set<string> }>();
  for (const record of [...records].reverse()) {
    const entry = byIntent.get(record.intent_id) ?? {
      summary: {
        intent_id: record.intent_id,
        commits: [],
        files: 0,
        lines: 0,
        ai_lines: 0,
        human_lines: 0,
      },
      files: new Set<string>(),
    };
    byIntent.set(record.intent_id, entry);
    let lines = 0;
    for (const file of record.files) {
      entry.files.add(file.relative_path);
      const fileLines = file.ranges.reduce(
        (sum, range) => sum + range.end_line - range.start_line + 1,
        0,
      );
      lines += fileLines;
      if (file.contributor.entity_type === "AI") entry.summary.ai_lines += fileLines;
      else entry.summary.human_lines += fileLines;
    }
    const info = commits.get(record.vcs.revision_id);
    entry.summary.commits.push({
      commit: record.vcs.revision_id,
      date: info?.date ?? "",
      subject: info?.subject ?? "",
      files: record.files.length,
      lines,
      contributors: [...new Set(record.files.map((file) => describeContributor(file.contributor)))],
    });
    entry.summary.lines += lines;
    entry.summary.files = entry.files.size;
  }
  return [...byIntent.values()]
    .map(({ summary }) => summary)
    .sort((a, b) => (a.intent_id ?? "~").localeCompare(b.intent_id ?? "~"));
}

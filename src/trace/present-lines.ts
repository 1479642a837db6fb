import { isGovernancePath } from "../core/governance/governance-files.js";
import type { BlamedInput } from "../core/trace/attribute-lines.js";
import { lineContributor } from "../core/trace/attribute-lines.js";
import type { LineContributor } from "../core/trace/blame-line.js";
import type { Contributor } from "../core/trace/contributor.js";
import type { Segment } from "../core/trace/line-origins.js";
import type { TraceRecord } from "../core/trace/record-schema.js";
import { contributorRuns, type RecordedFile, recordedFiles } from "../core/trace/recorded-files.js";
import { countedCommits, type PresentLines, type PresentRun } from "../core/trace/trace-stats.js";
import { ExitCode, FailureError } from "../errors.js";
import type { CatFileSession } from "../git/cat-file-batch.js";
import { commitAuthors } from "../git/commit-trailers.js";
import { shallowCommits } from "../git/history-bounds.js";
import type { OriginsAtTip } from "../git/line-origins.js";
import { collectInto, type GitObject } from "../git/read-objects.js";
import type { Repo } from "../git/repo.js";
import { attributeBlamed, type Blamed } from "./blame-trace.js";

export interface PresentInput {
  tip: string;
  /** The files to count, each with its number of lines at the tip. */
  lineCounts: ReadonlyMap<string, number>;
  origins: OriginsAtTip;
  /** The range's commits. */
  commits: readonly string[];
  records: ReadonlyMap<string, TraceRecord>;
  beforeAdoption: ReadonlySet<string>;
}

/**
 * The lines of the files to count, each attributed as trace blame attributes it, from the pass's
 * segments. A run of lines from a commit with a record is attributed from the record alone,
 * segment by segment, without reading a line: trace blame attributes such a line to the record
 * whatever its content. A file holding lines of a counted commit without a record goes through
 * trace blame's own attribution (content matching, trailers) with its content read at the tip:
 * the pass's lines are git blame's, so each line's content there is its content at its commit.
 */
export async function presentLines(
  repo: Repo,
  session: CatFileSession,
  input: PresentInput,
): Promise<PresentLines> {
  const counted = countedCommits(input);
  const shallow = await shallowCommits(repo.root);
  const filesOf = new Map<string, RecordedFile[]>();
  const recorded = (commit: string) => {
    const record = input.records.get(commit) as TraceRecord;
    const known = filesOf.get(commit) ?? recordedFiles(record);
    filesOf.set(commit, known);
    return known;
  };
  const runs = new RunTally();
  const derived: { path: string; segments: Segment[] }[] = [];
  for (const [path, length] of input.lineCounts) {
    const segments = withLength(input.origins.segments(path) ?? [], length);
    refuseShallowEdge(path, segments, shallow);
    if (segments.some((s) => counted.has(s.commit) && !input.records.has(s.commit))) {
      derived.push({ path, segments });
      continue;
    }
    const rules = isGovernancePath(path);
    for (const { commit, path: original, line, count } of segments) {
      const record = counted.has(commit) ? input.records.get(commit) : undefined;
      if (!record) {
        runs.add(commit, null, count, null, false, rules);
        continue;
      }
      for (const run of contributorRuns(recorded(commit), original, line, count)) {
        runs.add(commit, record.intent_id, run.lines, run.contributor, true, rules);
      }
    }
  }
  if (derived.length > 0) {
    for (const file of await attributeDerived(repo, session, input, derived)) {
      for (const line of file.lines) {
        const attributed = line.confidence !== "unattributed";
        const rules = isGovernancePath(file.path);
        runs.add(line.commit, line.intent?.id ?? null, 1, line.contributor, attributed, rules);
      }
    }
  }
  return { files: input.lineCounts.size, runs: runs.runs() };
}

/**
 * The runs of lines added up by commit and attribution: a file of a thousand one-line segments
 * of one commit is one run, not a thousand.
 */
class RunTally {
  private readonly byKey = new Map<string, PresentRun>();
  /** One key per contributor object, as records and blame hand them out (no JSON per line). */
  private readonly keys = new Map<object, string>();

  add(
    commit: string,
    intentId: string | null,
    lines: number,
    contributor: Contributor | LineContributor | null,
    attributed: boolean,
    governance: boolean,
  ): void {
    let who = "";
    if (contributor !== null) {
      who = this.keys.get(contributor) ?? String(this.keys.size);
      this.keys.set(contributor, who);
    }
    const key = `${commit}\0${intentId ?? ""}\0${who}\0${attributed}\0${governance}`;
    const known = this.byKey.get(key);
    if (known) {
      known.lines += lines;
      return;
    }
    const named =
      contributor === null || "type" in contributor ? contributor : lineContributor(contributor);
    this.byKey.set(key, { commit, lines, intentId, contributor: named, attributed, governance });
  }

  runs(): PresentRun[] {
    return [...this.byKey.values()];
  }
}

/**
 * The segments with the file's length at the tip: the last of them may run "to the end" (content
 * older than a range, of a length no diff said).
 */
function withLength(segments: readonly Segment[], length: number): Segment[] {
  const out: Segment[] = [];
  let left = length;
  for (const segment of segments) {
    const count = Math.min(segment.count, left);
    if (count > 0) out.push({ ...segment, count });
    left -= count;
  }
  return out;
}

/** In a shallow clone, lines the pass could only pin on the clone's edge are not answers. */
function refuseShallowEdge(path: string, segments: readonly Segment[], edge: Set<string>): void {
  if (edge.size === 0) return;
  const hit = segments.find((segment) => edge.has(segment.commit));
  if (hit === undefined) return;
  throw new FailureError(
    { kind: "shallow-edge", path, lines: null, commit: hit.commit, redo: "count" },
    ExitCode.CannotEvaluate,
  );
}

/**
 * Trace blame's attribution of whole files, their lines as the pass found them and their content
 * read at the tip (one batch through the session), the authors of their commits from one
 * `git log --no-walk`.
 */
async function attributeDerived(
  repo: Repo,
  session: CatFileSession,
  input: PresentInput,
  files: readonly { path: string; segments: Segment[] }[],
) {
  const blobs = new Map<string, GitObject | null>();
  await session.read(
    files.map((file) => `${input.tip}:${file.path}`),
    (name, object) => collectInto(blobs, name, object),
  );
  const commits = [...new Set(files.flatMap((file) => file.segments.map((s) => s.commit)))];
  const authors = await commitAuthors(repo.root, commits);
  const inRange = new Set(input.commits);
  const blamed: Blamed[] = files.map(({ path, segments }) => {
    const content = blobs.get(`${input.tip}:${path}`)?.content ?? Buffer.alloc(0);
    const texts = tipLines(content);
    const lines: BlamedInput[] = [];
    for (const { commit, path: original, line, count } of segments) {
      const author = authors.get(commit);
      for (let k = 0; k < count; k++) {
        lines.push({
          commit,
          originalLine: line + k,
          finalLine: lines.length + 1,
          author: author?.name ?? "",
          authorMail: author?.email ?? "",
          authorTime: 0,
          authorTz: "+0000",
          committerTime: author?.committed ?? 0,
          summary: "",
          boundary: !inRange.has(commit),
          filename: original,
          content: texts[lines.length] ?? "",
        });
      }
    }
    return { path, lines };
  });
  return attributeBlamed(repo, blamed, { rev: input.tip });
}

/** A blob's lines as trace blame decodes them: at "\n", a CRLF line's "\r" dropped. */
function tipLines(content: Buffer): string[] {
  const text = content.toString("utf8");
  const lines = text.split("\n");
  if (lines[lines.length - 1] === "") lines.pop();
  return lines.map((line) => (line.endsWith("\r") ? line.slice(0, -1) : line));
}

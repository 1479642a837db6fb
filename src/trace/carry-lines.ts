import type { FileChange } from "../core/commit/file-change.js";
import { pathKey } from "../core/commit/file-change.js";
import type { AttributedRange } from "../core/trace/build-record.js";
import { type CarriedRun, splitRange } from "../core/trace/carried-ranges.js";
import type { CommitDiff } from "../core/trace/commit-diff.js";
import type { Contributor } from "../core/trace/contributor.js";
import { type LineRange, recordedLines } from "../core/trace/range-hash.js";
import { rangeContributor } from "../core/trace/record-contributors.js";
import type { TraceRecord } from "../core/trace/record-schema.js";
import {
  commonLine,
  contentRunLength,
  isTrivialLine,
  type RecordedLine,
  recordedRuns,
  sourceLines,
} from "../core/trace/recorded-runs.js";
import { readCommitHistory } from "../git/commit-graph.js";
import { readObjects } from "../git/read-objects.js";
import type { Repo } from "../git/repo.js";
import { AiLineIndex } from "./ai-line-index.js";

/** A file's ranges, split where lines carried from other records have another contributor. */
export type CarriedLines = (
  file: FileChange,
  ranges: readonly LineRange[],
  fileContributor: Contributor,
) => AttributedRange[];

/** What carrying found: the split ranges by commit, and the index to add the new records to. */
export interface Carried {
  byCommit: Map<string, CarriedLines>;
  index: AiLineIndex | null;
}

type Source = RecordedLine & { recordedAt: number; replaced: boolean };

/**
 * Who wrote the lines new commits add, where other records say so: lines whose content matches,
 * as a run of at least three consecutive non-trivial lines in one recorded range, lines recorded
 * in the commits the update drops (an amend's, a rebase's originals: any contributor) or recorded
 * as an AI's in commits that are not ancestors of the new commit (a `merge --squash`, a
 * cherry-pick whose note did not travel, a block copied from a traced branch: the clone's index
 * of recorded AI lines). Such lines keep that contributor, range by range, with the source as
 * evidence — the same run rule as blame's content matching. Costs nothing unless some new range
 * is long enough to hold a run; then one `git rev-parse` to know the index is current, and only
 * when a line hash matches: the new files' content (one `git cat-file --batch`) and the graph
 * (commit-graph.ts: two git processes).
 */
export async function carryLines(
  repo: Repo,
  diffs: readonly CommitDiff[],
  replaced: readonly TraceRecord[],
): Promise<Carried> {
  const byCommit = new Map<string, CarriedLines>();
  const long = diffs.some((diff) =>
    [...diff.ranges.values()].some((ranges) =>
      ranges.some((range) => range.end_line - range.start_line + 1 >= contentRunLength),
    ),
  );
  if (!long) return { byCommit, index: null };
  const index = await AiLineIndex.current(repo);
  const dropped = replacedLines(replaced);
  const looked = new Map<string, Source[]>();
  const lookup = (hash: string): Source[] => {
    let found = looked.get(hash);
    if (!found) {
      found = [
        ...(dropped.get(hash) ?? []),
        ...(index.lookup(hash) ?? []).map((line) => ({ ...line, replaced: false })),
      ];
      // Too common to start a run (recorded-runs.ts): not looked for, its commits not read.
      if (found.length > commonLine) found = [];
      looked.set(hash, found);
    }
    return found;
  };
  const hits = diffs.flatMap((diff) =>
    diff.changes.flatMap((change) => {
      const ranges = diff.ranges.get(pathKey(change.path, change.pathBytes)) ?? [];
      const hit = ranges.some((range) =>
        range.line_hashes.some((hash) =>
          lookup(hash).some((source) => source.commit !== diff.commit.sha),
        ),
      );
      return hit && change.newBlob ? [{ diff, change, ranges }] : [];
    }),
  );
  if (hits.length === 0) return { byCommit, index };
  const blobs = await readObjects(repo.root, [
    ...new Set(hits.map((hit) => hit.change.newBlob as string)),
  ]);
  const sources = new Set<string>();
  for (const { ranges } of hits) {
    for (const range of ranges) {
      for (const hash of range.line_hashes) {
        for (const source of lookup(hash)) if (!source.replaced) sources.add(source.commit);
      }
    }
  }
  const history = await readCommitHistory(repo.root, [
    ...new Set([...sources, ...hits.map((hit) => hit.diff.commit.sha)]),
  ]);
  /** By commit, then by file: each range's carried runs, and the file's lines to hash pieces. */
  const files = new Map<string, Map<string, { runs: CarriedRun[][]; lines: Uint8Array[] }>>();
  for (const { diff, change, ranges } of hits) {
    const commit = diff.commit.sha;
    const content = blobs.get(change.newBlob as string)?.content;
    if (!content) continue;
    const fileLines = recordedLines(new Uint8Array(content));
    const runs = ranges.map((range) => {
      const lines = range.line_hashes.map((hash, offset) => ({
        hash,
        trivial: isTrivialLine(
          Buffer.from(fileLines[range.start_line - 1 + offset] ?? []).toString("utf8"),
        ),
        open: true,
      }));
      return recordedRuns(
        lines,
        lookup,
        (source) =>
          source.commit !== commit &&
          ((source as Source).replaced ||
            (history.committed(source.commit) !== undefined &&
              !history.isAncestor(source.commit, commit))),
        (a, b) =>
          Number((b as Source).replaced) - Number((a as Source).replaced) ||
          (b as Source).recordedAt - (a as Source).recordedAt,
      ).map((run): CarriedRun => {
        const { start, end } = sourceLines(run);
        return {
          from: run.from,
          to: run.to,
          contributor: run.source.contributor,
          evidence: {
            kind: "source",
            commit: run.source.commit,
            path: run.source.path,
            start_line: start,
            end_line: end,
          },
        };
      });
    });
    const perFile = files.get(commit) ?? new Map();
    perFile.set(pathKey(change.path, change.pathBytes), { runs, lines: fileLines });
    files.set(commit, perFile);
  }
  for (const [commit, perFile] of files) {
    byCommit.set(commit, (file, found, fileContributor) => {
      const carried = perFile.get(pathKey(file.path, file.pathBytes));
      if (!carried) return [...found];
      return found.flatMap((range, at) =>
        splitRange(
          range,
          carried.runs[at] ?? [],
          fileContributor,
          carried.lines.slice(range.start_line - 1, range.end_line),
        ),
      );
    });
  }
  return { byCommit, index };
}

/** Every line the dropped commits' records hold, by hash: any contributor carries over a rewrite. */
function replacedLines(records: readonly TraceRecord[]): Map<string, Source[]> {
  const byHash = new Map<string, Source[]>();
  for (const record of records) {
    const recordedAt = Math.floor(Date.parse(record.timestamp) / 1000) || 0;
    for (const file of record.files) {
      for (const range of file.ranges) {
        const rangeHashes = range.line_hashes;
        if (!rangeHashes) continue;
        const contributor = rangeContributor(record, file, range);
        if (contributor === null) continue; // withheld: nobody's, nothing to carry
        rangeHashes.forEach((hash, position) => {
          const line: Source = {
            commit: record.vcs.revision_id,
            path: file.relative_path,
            rangeHashes,
            rangeStart: range.start_line,
            position,
            intentId: record.intent_id,
            contributor,
            recordedAt,
            replaced: true,
          };
          const known = byHash.get(hash);
          if (known) known.push(line);
          else byHash.set(hash, [line]);
        });
      }
    }
  }
  return byHash;
}

import { readFileSync } from "node:fs";
import path from "node:path";
import type { Contributor } from "../core/trace/contributor.js";
import { rangeContributor } from "../core/trace/record-contributors.js";
import type { TraceRecord } from "../core/trace/record-schema.js";
import type { RecordedLine } from "../core/trace/recorded-runs.js";
import { writeFileAtomic } from "../fs/atomic-write.js";
import { changedNotes, listNotes, notesTip } from "../git/notes.js";
import { readObjects } from "../git/read-objects.js";
import type { Repo } from "../git/repo.js";
import { recordsInNote } from "./note-records.js";

/** One recorded AI range: commit, path, first line, line hashes, contributor, intent, when. */
type IndexedRange = [string, string, number, string[], Contributor, string | null, number];

/** The file's shape: the notes commit it reflects, and each noted commit's AI ranges. */
interface IndexFile {
  version: 1;
  notes: string | null;
  ranges: Record<string, IndexedRange[]>;
}

const indexVersion = 1;

/**
 * A per-clone index of the lines trace records hold as written by an AI, by line hash: where the
 * hooks look for an agent's lines in a new commit that does not descend from them (a
 * `merge --squash`, a cherry-pick whose note did not travel, a copied block). Kept current with
 * the notes: it remembers the notes commit it reflects, and catches up with one `git diff-tree`
 * of the notes and one `git cat-file --batch` of the notes that changed — never a scan of every
 * note per commit. The hooks add the records they write themselves. It is a cache: deleted, it is
 * rebuilt from `git notes list`; what it answers is only a candidate, checked against the graph
 * and the new content before it is carried, and every carried range names its source for verify.
 */
export class AiLineIndex {
  private byHash: Map<string, IndexedLine[]> | null = null;

  private constructor(
    private readonly file: string,
    private readonly data: IndexFile,
  ) {}

  /** The index, brought up to date with the notes (reads the file, then what changed). */
  static async current(repo: Repo): Promise<AiLineIndex> {
    const file = path.join(repo.commonDir, "intentguard", "ai-lines.json");
    const index = new AiLineIndex(file, readIndex(file));
    await index.catchUp(repo);
    return index;
  }

  /** The AI lines recorded with this hash. */
  lookup(hash: string): readonly IndexedLine[] | undefined {
    if (!this.byHash) this.byHash = hashMap(this.data.ranges);
    return this.byHash.get(hash);
  }

  /** Whether any AI line is recorded at all. */
  get empty(): boolean {
    return Object.keys(this.data.ranges).length === 0;
  }

  /** Adds the records the hooks just wrote, and the notes commit that now holds them. */
  async addWritten(repo: Repo, records: readonly TraceRecord[]): Promise<void> {
    for (const record of records) setRanges(this.data, record.vcs.revision_id, [record]);
    this.data.notes = await notesTip(repo.root);
    this.save();
  }

  private async catchUp(repo: Repo): Promise<void> {
    const tip = await notesTip(repo.root);
    if (tip === this.data.notes) return;
    let changed =
      tip && this.data.notes ? await changedNotes(repo.root, this.data.notes, tip) : null;
    if (changed === null) {
      this.data.ranges = {};
      changed = tip ? await listNotes(repo.root) : new Map<string, string>();
    }
    const blobs = [...changed.values()].filter((blob): blob is string => blob !== null);
    const notes = blobs.length > 0 ? await readObjects(repo.root, blobs) : new Map();
    for (const [commit, blob] of changed) {
      const note = blob === null ? undefined : notes.get(blob)?.content;
      setRanges(this.data, commit, await recordsInNote(note, commit));
    }
    this.data.notes = tip;
    this.byHash = null;
    this.save();
  }

  /** A cache: when it cannot be written, the next commit catches up from the notes instead. */
  private save(): void {
    try {
      writeFileAtomic(this.file, JSON.stringify(this.data));
    } catch {
      // Unwritable state directory: nothing is lost but the shortcut.
    }
  }
}

function readIndex(file: string): IndexFile {
  try {
    const data = JSON.parse(readFileSync(file, "utf8")) as Partial<IndexFile>;
    if (
      data.version === indexVersion &&
      wellFormed(data.ranges) &&
      typeof data.notes !== "number"
    ) {
      return { version: indexVersion, notes: data.notes ?? null, ranges: data.ranges };
    }
  } catch {
    // Missing or unreadable: rebuilt from the notes.
  }
  return { version: indexVersion, notes: null, ranges: {} };
}

/** Whether the file's ranges have the shape this code writes; else it is rebuilt. */
function wellFormed(ranges: unknown): ranges is Record<string, IndexedRange[]> {
  if (typeof ranges !== "object" || ranges === null || Array.isArray(ranges)) return false;
  return Object.values(ranges).every(
    (list) =>
      Array.isArray(list) &&
      list.every(
        (range) =>
          Array.isArray(range) &&
          range.length === 7 &&
          typeof range[0] === "string" &&
          typeof range[1] === "string" &&
          Number.isInteger(range[2]) &&
          Array.isArray(range[3]) &&
          range[3].every((hash: unknown) => typeof hash === "string") &&
          typeof range[4]?.entity_type === "string" &&
          (range[5] === null || typeof range[5] === "string") &&
          typeof range[6] === "number",
      ),
  );
}

/** A commit's AI ranges, replacing what the index held for it. */
function setRanges(data: IndexFile, commit: string, records: readonly TraceRecord[]): void {
  const ranges: IndexedRange[] = [];
  for (const record of records) {
    for (const file of record.files) {
      for (const range of file.ranges) {
        const who = rangeContributor(record, file, range) as Contributor | undefined;
        if (who?.entity_type !== "AI" || !range.line_hashes) continue;
        ranges.push([
          commit,
          file.relative_path,
          range.start_line,
          range.line_hashes,
          who,
          record.intent_id ?? null,
          Math.floor(Date.parse(record.timestamp) / 1000) || 0,
        ]);
      }
    }
  }
  if (ranges.length > 0) data.ranges[commit] = ranges;
  else delete data.ranges[commit];
}

/** A recorded AI line, with when its record was written (seconds). */
export type IndexedLine = RecordedLine & { recordedAt: number };

function hashMap(ranges: Record<string, IndexedRange[]>): Map<string, IndexedLine[]> {
  const byHash = new Map<string, IndexedLine[]>();
  for (const list of Object.values(ranges)) {
    for (const [commit, file, rangeStart, rangeHashes, contributor, intentId, recordedAt] of list) {
      rangeHashes.forEach((hash, position) => {
        const line: IndexedLine = {
          commit,
          path: file,
          rangeHashes,
          rangeStart,
          position,
          intentId,
          contributor,
          recordedAt,
        };
        const known = byHash.get(hash);
        if (known) known.push(line);
        else byHash.set(hash, [line]);
      });
    }
  }
  return byHash;
}

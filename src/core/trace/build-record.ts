import { type ChangeOperation, type FileChange, pathKey } from "../commit/file-change.js";
import type { Intent } from "../config/intents-schema.js";
import type { CommitDiff } from "./commit-diff.js";
import type { Contributor } from "./contributor.js";
import { mutationClass } from "./mutation-class.js";
import type { LineRange } from "./range-hash.js";
import { sameContributor } from "./record-contributors.js";
import type {
  RangeEvidence,
  TracedFileV2,
  TracedFileV3,
  TraceRecordV2,
  TraceRecordV3,
} from "./record-schema.js";
import { recordVersion, withheldRecordVersion } from "./record-version.js";

/** A range with the contributor that wrote it when not the file's, and the evidence for it. */
/**
 * A range with who wrote it where that is not its file's contributor: a contributor and its
 * evidence — or, for lines whose observations were tampered with, no one (`null`) and `withheld`.
 */
export type AttributedRange = LineRange & {
  contributor?: Contributor | null;
  evidence?: RangeEvidence;
};

/** A file's contributor and its ranges, each with its own contributor where it differs. */
export interface FileAttribution {
  contributor: Contributor;
  ranges: AttributedRange[];
}

export interface RecordInput {
  diff: CommitDiff;
  /**
   * A blob's SHA-256 (`sha256:<hex>`) and whether its content is binary (a NUL in its first 8,000
   * bytes), by object ID; null when unknown (submodules).
   */
  blob: (oid: string) => { sha256: string; binary: boolean } | null;
  /** The commit's `Intent:` trailer, null without one. */
  intentId: string | null;
  /** That intent as the rules define it, for its related specs; null when unknown. */
  intent: Intent | null;
  /** Who made the commit: the record's contributor, every line's unless `attribute` says otherwise. */
  contributor: Contributor;
  /**
   * Who made a file's change and each of its ranges, given the ranges the diff found: the ranges
   * may come back split, only where the contributor changes (carried attribution). Absent: the
   * commit's contributor for everything.
   */
  attribute?: (file: FileChange, ranges: readonly LineRange[]) => FileAttribution;
  id: string;
  timestamp: string;
  toolVersion: string;
}

const gitlinkMode = "160000";

/**
 * Builds a commit's trace record. Pure: identity, time and hashes come in as input. Every range
 * carries its `line_hashes` (range-hash.ts computes them with its content hash, from the same
 * lines): the hooks write them, and verify, which builds its recomputation here too, expects them.
 */
export function buildRecord(input: RecordInput): TraceRecordV2 | TraceRecordV3 {
  const { diff } = input;
  const related = [
    ...(input.intent?.related_specs ?? []),
    ...(input.intentId ? [{ type: "intent", value: input.intentId }] : []),
  ];
  const files = diff.changes.map((change) => tracedFile(input, change, related));
  const withheld = files.some((file) =>
    file.ranges.some((range) => range.evidence?.kind === "withheld"),
  );
  return {
    version: withheld ? withheldRecordVersion : recordVersion,
    id: input.id,
    timestamp: input.timestamp,
    intent_id: input.intentId,
    vcs: { type: "git", revision_id: diff.commit.sha },
    parents: diff.commit.parents,
    tool: { name: "intentguard", version: input.toolVersion },
    contributor: input.contributor,
    files,
  } as TraceRecordV2 | TraceRecordV3;
}

function tracedFile(
  input: RecordInput,
  change: FileChange,
  related: TracedFileV2["related"],
): TracedFileV3 {
  const operation = recordOperation(change.operation);
  const lines = hasLines(input, change);
  const found = lines ? (input.diff.ranges.get(pathKey(change.path, change.pathBytes)) ?? []) : [];
  const { contributor, ranges } = input.attribute?.(change, found) ?? {
    contributor: input.contributor,
    ranges: found,
  };
  return {
    relative_path: change.path,
    ...(change.pathBytes ? { relative_path_base64: base64(change.pathBytes) } : {}),
    operation,
    old_path: change.oldPath,
    ...(change.oldPathBytes ? { old_path_base64: base64(change.oldPathBytes) } : {}),
    before: side(input, change.oldMode, change.oldBlob),
    after: side(input, change.newMode, change.newBlob),
    ...(sameContributor(contributor, input.contributor) ? {} : { contributor }),
    ranges: ranges.map((range) => ownContributor(range, contributor)),
    mutation_class: mutationClass(
      operation,
      { path: change.path, mode: change.newMode, binary: !lines },
      change.oldBlob !== change.newBlob,
    ),
    related,
  };
}

/**
 * Whether the change's lines are recorded: not a submodule's (its "lines" are a commit ID), and
 * not a binary file's — decided by content on either side, as git decides when no attribute
 * overrides it, so a `.gitattributes` never changes a record.
 */
function hasLines(input: RecordInput, change: FileChange): boolean {
  if (change.newMode === gitlinkMode) return false;
  const binary = (oid: string | null) => oid !== null && input.blob(oid)?.binary === true;
  return !binary(change.oldBlob) && !binary(change.newBlob);
}

/**
 * A range names its contributor (and evidence) only where it is not its file's; a withheld range
 * names none, only why (record version 3).
 */
function ownContributor(range: AttributedRange, file: Contributor): TracedFileV3["ranges"][number] {
  const { contributor, evidence, ...rest } = range;
  if (evidence?.kind === "withheld") return { ...rest, evidence };
  if (!contributor || !evidence || sameContributor(contributor, file)) return rest;
  return { ...rest, contributor, evidence };
}

function side(input: RecordInput, mode: string | null, oid: string | null): TracedFileV2["before"] {
  if (mode === null || oid === null) return null;
  return { sha256: mode === gitlinkMode ? null : (input.blob(oid)?.sha256 ?? null), mode, oid };
}

function base64(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString("base64");
}

/**
 * The record's four operations: a copy is a creation (it names its source in old_path), and a
 * mode or type change is a modification (before and after show the modes).
 */
function recordOperation(operation: ChangeOperation): TracedFileV2["operation"] {
  switch (operation) {
    case "create":
    case "copy":
      return "create";
    case "delete":
      return "delete";
    case "rename":
      return "rename";
    default:
      return "modify";
  }
}

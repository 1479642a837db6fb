import { intentTrailer, type Trailer, trailerValues } from "../commit/trailers.js";
import type {
  AttributedLine,
  AttributionReason,
  AttributionSource,
  Confidence,
  LineContributor,
  ObservedBy,
} from "./blame-line.js";
import { type Contributor, resolveContributor } from "./contributor.js";
import { contentHash, lineHash } from "./range-hash.js";
import { fileContributor, rangeAt, rangeContributor } from "./record-contributors.js";
import type { RangeEvidence, TracedRange, TraceRecord } from "./record-schema.js";
import { isTrivialLine, type RecordedLine, recordedRuns, sourceLines } from "./recorded-runs.js";

/**
 * The commit graph content matching consults: when a commit was committed (undefined: not here,
 * or older than what was read) and whether one is an ancestor of another.
 */
export interface CommitHistory {
  committed(commit: string): number | undefined;
  isAncestor(ancestor: string, descendant: string): boolean;
}

/** A blamed line, as git told it (src/git/blame.ts), with its content decoded. */
export interface BlamedInput {
  commit: string;
  originalLine: number;
  finalLine: number;
  author: string;
  authorMail: string;
  authorTime: number;
  authorTz: string;
  /** When the commit was committed (seconds): no evidence recorded after it attributes it. */
  committerTime: number;
  summary: string;
  boundary: boolean;
  filename: string;
  /** Without its newline; a CRLF line's `\r` already removed, as records hash it. */
  content: string;
}

/** Everything the attribution of a file's lines draws on, read by the use case in batches. */
export interface AttributionFacts {
  /** The record of each blamed commit that has one. */
  records: ReadonlyMap<string, TraceRecord>;
  /** Whether a recorded range's hash matches the content at its commit, by rangeKey. */
  rangeMatches: ReadonlyMap<string, boolean>;
  /** The trailers of every blamed commit (a record must agree with them). */
  trailers: ReadonlyMap<string, readonly Trailer[]>;
  /** How many valid records each blamed commit's note holds (more than one is a conflict). */
  recordCounts: ReadonlyMap<string, number>;
  /**
   * Every recorded line by its line hash (empty when no line needs content matching), each with
   * when it was recorded (the record's timestamp, seconds): the time of a source whose commit is
   * not here (pruned after a squash merge).
   */
  recorded: ReadonlyMap<string, readonly (RecordedLine & { recordedAt: number })[]>;
  /** The commit graph around the blamed commits and the sources content matching may name. */
  history: CommitHistory;
  /** Blamed commits whose tree has no intents file: made before adoption. */
  beforeAdoption: ReadonlySet<string>;
  /** Whether this clone has any trace notes at all. */
  notesHere: boolean;
  /** Intent names by ID (from the rules at the blamed revision). */
  intentNames: ReadonlyMap<string, string>;
}

/**
 * The key of a recorded range in AttributionFacts.rangeMatches: its position among its file's
 * ranges (two ranges may start at the same line; each is checked on its own).
 */
export function rangeKey(commit: string, path: string, index: number): string {
  return `${commit}\0${path}\0${index}`;
}

const notCommitted = /^0+$/;

/**
 * Attributes each blamed line: to its commit's record when a range holds it (recorded, or
 * tampered when the range's hash no longer matches), else derived — from the record's file, from
 * the same lines recorded in another commit (a run of non-trivial lines: code moved, squashed,
 * cherry-picked without its note), or from the commit's trailers — else unattributed, with why.
 */
export function attributeLines(
  lines: readonly BlamedInput[],
  facts: AttributionFacts,
): AttributedLine[] {
  const byContent = contentMatches(lines, facts);
  const disagreements = new Map<string, AttributionReason | null>(); // by commit and path: not per line
  return lines.map((line, index) => {
    const found = facts.beforeAdoption.has(line.commit)
      ? unattributed(line, facts)
      : (fromRecord(line, facts, disagreements) ??
        byContent.get(index) ??
        fromTrailers(line, facts) ??
        unattributed(line, facts));
    return {
      line: line.finalLine,
      content: line.content,
      commit: line.commit,
      original: { path: line.filename, line: line.originalLine },
      author: {
        name: line.author,
        email: line.authorMail,
        time: line.authorTime,
        timezone: line.authorTz,
      },
      summary: line.summary,
      boundary: line.boundary,
      intent: found.intentId
        ? { id: found.intentId, name: facts.intentNames.get(found.intentId) ?? null }
        : null,
      contributor: found.contributor ? lineContributor(found.contributor) : null,
      confidence: found.confidence,
      reason: found.reason,
      source: found.source,
      content_hash: contentHash([line.content]),
    };
  });
}

interface Found {
  confidence: Confidence;
  reason: AttributionReason;
  source: AttributionSource;
  intentId: string | null;
  contributor: Contributor | null;
}

function fromRecord(
  line: BlamedInput,
  facts: AttributionFacts,
  disagreements: Map<string, AttributionReason | null>,
): Found | null {
  const record = facts.records.get(line.commit);
  if (!record) return null;
  const file = record.files.find((candidate) => candidate.relative_path === line.filename);
  const source = { kind: "record", commit: line.commit } as const;
  const range = file ? rangeAt(file, line.originalLine) : undefined;
  const contributor = file
    ? range
      ? rangeContributor(record, file, range)
      : fileContributor(record, file)
    : null;
  const base = { source, intentId: record.intent_id, contributor };
  if (!file || !range) {
    return {
      ...base,
      confidence: "derived",
      reason: file
        ? { kind: "no-range", path: line.filename, line: line.originalLine }
        : { kind: "file-unrecorded", path: line.filename },
    };
  }
  const span = { path: line.filename, start: range.start_line, end: range.end_line };
  // The same for every line of a commit and path (its author, trailers and record's file).
  const key = `${line.commit}\0${line.filename}`;
  let disagreement = disagreements.get(key);
  if (disagreement === undefined) {
    disagreement = recordDisagreement(line, record, fileContributor(record, file), facts);
    disagreements.set(key, disagreement);
  }
  if (disagreement) return { ...base, confidence: "tampered", reason: disagreement };
  const matches = facts.rangeMatches.get(
    rangeKey(line.commit, line.filename, (file.ranges as readonly unknown[]).indexOf(range)),
  );
  if (matches === undefined) {
    return {
      ...base,
      confidence: "derived",
      reason: { kind: "range-unchecked", range: span },
    };
  }
  const evidence = ("evidence" in range ? range.evidence : undefined) as RangeEvidence | undefined;
  if (matches && evidence?.kind === "withheld") {
    // Recorded as nobody's: the agent's observations of these lines were tampered with.
    const { how, agent_id: agent = null, session_id: session = null } = evidence;
    return {
      ...base,
      confidence: "unattributed",
      reason: { kind: "withheld", range: span, how, agent, session },
    };
  }
  return matches
    ? {
        ...base,
        confidence: "recorded",
        reason: { kind: "recorded", range: span, observed: observedBy(range) },
      }
    : {
        ...base,
        confidence: "tampered",
        reason: { kind: "hash-mismatch", range: span, commit: line.commit },
      };
}

/** How a range's own contributor is known, when an agent's hook saw the lines written. */
function observedBy(range: TracedRange): ObservedBy | null {
  const evidence = "evidence" in range ? range.evidence : undefined;
  if (evidence?.kind !== "observed") return null;
  return {
    agent: evidence.agent_id || null,
    model: evidence.model_identifier || null,
    session: evidence.session_id || null,
    toolUse: evidence.tool_use_id || null,
  };
}

/**
 * Why a record cannot be taken at its word, if it cannot: its note holds more than one record
 * (which one?), or it contradicts what the commit itself carries — the intent of its Intent:
 * trailer, the contributor of its Contributor-* trailers — as a hand-edited note would.
 */
function recordDisagreement(
  line: BlamedInput,
  record: TraceRecord,
  contributor: Contributor,
  facts: AttributionFacts,
): AttributionReason | null {
  const count = facts.recordCounts.get(line.commit) ?? 1;
  if (count > 1) return { kind: "note-conflict", count };
  const trailers = facts.trailers.get(line.commit) ?? [];
  const intents = trailerValues(trailers, intentTrailer);
  const intent = record.intent_id;
  if (intents.length > 0 ? intent === null || !intents.includes(intent) : intent !== null) {
    return { kind: "intent-disagrees", recorded: intent, trailers: intents };
  }
  if (trailers.some((trailer) => /^contributor-/i.test(trailer.key))) {
    const declared = resolveContributor(
      { trailers, authorName: line.author, authorEmail: line.authorMail },
      {},
    );
    const same =
      declared.entity_type === contributor.entity_type &&
      (declared.model_identifier ?? null) === (contributor.model_identifier ?? null) &&
      (declared.agent_id ?? null) === (contributor.agent_id ?? null);
    if (!same) return { kind: "contributor-disagrees" };
  }
  return null;
}

/**
 * Lines of commits after adoption without a valid record, attributed by content: a run of lines
 * whose hashes follow one another in one recorded range (recorded-runs.ts). Only evidence that
 * existed when the line was written counts: the source must not descend from the blamed commit
 * and must have been committed no later than it (a source whose commit is not here: recorded no
 * later). Of several sources, ancestors of the blamed commit first, then the latest.
 */
function contentMatches(
  lines: readonly BlamedInput[],
  facts: AttributionFacts,
): Map<number, Found> {
  const found = new Map<number, Found>();
  if (facts.recorded.size === 0) return found;
  const { history } = facts;
  const toMatch = lines.map((line) => ({
    hash: lineHash(line.content),
    trivial: isTrivialLine(line.content),
    open: needsContent(line, facts),
  }));
  const when = (source: RecordedLine & { recordedAt?: number }) =>
    history.committed(source.commit) ?? source.recordedAt ?? Number.POSITIVE_INFINITY;
  const blamedAt = (line: BlamedInput) =>
    notCommitted.test(line.commit) ? Number.POSITIVE_INFINITY : line.committerTime;
  const runs = recordedRuns(
    toMatch,
    (hash) => facts.recorded.get(hash),
    (source, index) => {
      const line = lines[index] as BlamedInput;
      return (
        source.commit !== line.commit &&
        when(source) <= blamedAt(line) &&
        !history.isAncestor(line.commit, source.commit)
      );
    },
    (a, b, index) => {
      const blamed = (lines[index] as BlamedInput).commit;
      const ancestry =
        Number(history.isAncestor(b.commit, blamed)) - Number(history.isAncestor(a.commit, blamed));
      return ancestry !== 0 ? ancestry : when(b) - when(a);
    },
  );
  for (const run of runs) {
    const { source } = run;
    const blamed = (lines[run.from] as BlamedInput).commit;
    const { start, end } = sourceLines(run);
    const relation = history.isAncestor(source.commit, blamed)
      ? "ancestor"
      : history.committed(source.commit) === undefined
        ? "not-here"
        : "other-branch";
    const reason: AttributionReason = {
      kind: "content",
      lines: run.to - run.from + 1,
      commit: source.commit,
      range: { path: source.path, start, end },
      relation,
    };
    for (let k = run.from; k <= run.to; k++) {
      found.set(k, {
        confidence: "derived",
        reason,
        source: { kind: "content", commit: source.commit, path: source.path },
        intentId: source.intentId,
        contributor: source.contributor,
      });
    }
  }
  return found;
}

/** Whether a line is one content matching may answer: after adoption, and no valid record. */
function needsContent(line: BlamedInput, facts: AttributionFacts): boolean {
  return !facts.records.has(line.commit) && !facts.beforeAdoption.has(line.commit);
}

function fromTrailers(line: BlamedInput, facts: AttributionFacts): Found | null {
  const trailers = facts.trailers.get(line.commit);
  if (!trailers) return null;
  const intents = [...new Set(trailerValues(trailers, intentTrailer))];
  const contributor = resolveContributor(
    { trailers, authorName: line.author, authorEmail: line.authorMail },
    {},
  );
  const declared = trailers.some((trailer) => /^contributor-/i.test(trailer.key));
  if (intents.length === 0 && !declared) return null;
  const [only] = intents;
  return {
    confidence: "derived",
    reason: { kind: "trailers", intents },
    source: { kind: "trailers", commit: line.commit },
    intentId: intents.length === 1 && only ? only : null,
    contributor,
  };
}

function unattributed(line: BlamedInput, facts: AttributionFacts): Found {
  const kind = notCommitted.test(line.commit)
    ? "not-committed"
    : facts.beforeAdoption.has(line.commit)
      ? "before-adoption"
      : facts.notesHere
        ? "nowhere"
        : "no-notes";
  return {
    confidence: "unattributed",
    reason: { kind },
    source: { kind: "none" },
    intentId: null,
    contributor: null,
  };
}

/** A record's contributor as blame and stats name a line's. */
export function lineContributor(contributor: Contributor): LineContributor {
  return {
    type: contributor.entity_type,
    model: contributor.model_identifier ?? null,
    agent: contributor.agent_id ?? null,
    name: contributor.name ?? null,
    email: contributor.email ?? null,
  };
}

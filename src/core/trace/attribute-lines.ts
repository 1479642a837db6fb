import { intentTrailer, type Trailer, trailerValues } from "../trailers.js";
import type {
  AttributedLine,
  AttributionSource,
  Confidence,
  LineContributor,
} from "./blame-line.js";
import { type Contributor, resolveContributor } from "./contributor.js";
import { contentHash, lineHash } from "./range-hash.js";
import type { TraceRecord } from "./record-schema.js";

/** A blamed line, as git told it (src/git/blame.ts), with its content decoded. */
export interface BlamedInput {
  commit: string;
  originalLine: number;
  finalLine: number;
  author: string;
  authorMail: string;
  authorTime: number;
  authorTz: string;
  summary: string;
  boundary: boolean;
  filename: string;
  /** Without its newline; a CRLF line's `\r` already removed, as records hash it. */
  content: string;
}

/** A line recorded in some commit's record: where content matching finds moved code. */
export interface RecordedLine {
  commit: string;
  path: string;
  /** The line hashes of the whole range it is in, and its position there. */
  rangeHashes: readonly string[];
  position: number;
  intentId: string | null;
  contributor: Contributor;
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
  /** Every recorded line by its line hash (empty when every line has a record). */
  recorded: ReadonlyMap<string, readonly RecordedLine[]>;
  /** Blamed commits whose tree has no intents file: made before adoption. */
  beforeAdoption: ReadonlySet<string>;
  /** Whether this clone has any trace notes at all. */
  notesHere: boolean;
  /** Intent names by ID (from the rules at the blamed revision). */
  intentNames: ReadonlyMap<string, string>;
}

/**
 * How many consecutive non-trivial lines must match a recorded range before a line's content
 * alone attributes it: one line ("return x;") recurs everywhere; three in the same order do not.
 */
export const contentRunLength = 3;

/** The key of a recorded range in AttributionFacts.rangeMatches. */
export function rangeKey(commit: string, path: string, start: number): string {
  return `${commit}\0${path}\0${start}`;
}

/**
 * Whether a line says too little to be attributed by its content: blank, punctuation only
 * (`}`, `});`, `]`), or under four characters once trimmed.
 */
export function isTrivialLine(content: string): boolean {
  const trimmed = content.trim();
  return trimmed.length < 4 || /^[\s{}()[\];,.:<>/*#-]*$/.test(trimmed);
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
  const hashes = lines.map((line) => lineHash(line.content));
  const byContent = contentMatches(lines, hashes, facts);
  return lines.map((line, index) => {
    const found =
      fromRecord(line, facts) ??
      byContent.get(index) ??
      fromTrailers(line, facts) ??
      unattributed(line, facts);
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
  reason: string;
  source: AttributionSource;
  intentId: string | null;
  contributor: Contributor | null;
}

function fromRecord(line: BlamedInput, facts: AttributionFacts): Found | null {
  const record = facts.records.get(line.commit);
  if (!record) return null;
  const file = record.files.find((candidate) => candidate.relative_path === line.filename);
  const source = { kind: "record", commit: line.commit } as const;
  const base = { source, intentId: record.intent_id, contributor: file?.contributor ?? null };
  const range = file?.ranges.find(
    (candidate) =>
      candidate.start_line <= line.originalLine && line.originalLine <= candidate.end_line,
  );
  if (!file || !range) {
    return {
      ...base,
      confidence: "derived",
      reason: file
        ? `the commit's record names ${line.filename} but no range holds line ${line.originalLine}`
        : `the commit's record does not name ${line.filename}; attributed from the record`,
    };
  }
  const span = `${line.filename}:${range.start_line}-${range.end_line}`;
  const disagreement = recordDisagreement(line, record, file.contributor, facts);
  if (disagreement) return { ...base, confidence: "tampered", reason: disagreement };
  const matches = facts.rangeMatches.get(rangeKey(line.commit, line.filename, range.start_line));
  if (matches === undefined) {
    return {
      ...base,
      confidence: "derived",
      reason: `in range ${span}, which could not be read to check it`,
    };
  }
  return matches
    ? { ...base, confidence: "recorded", reason: `recorded in range ${span}` }
    : {
        ...base,
        confidence: "tampered",
        reason: `the record's hash of range ${span} does not match the content at ${line.commit.slice(0, 12)}`,
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
): string | null {
  const count = facts.recordCounts.get(line.commit) ?? 1;
  if (count > 1) return `the commit's note holds ${count} records, so none can be trusted alone`;
  const trailers = facts.trailers.get(line.commit) ?? [];
  const intents = trailerValues(trailers, intentTrailer);
  const intent = record.intent_id;
  if (intents.length > 0 ? intent === null || !intents.includes(intent) : intent !== null) {
    const said = intents.length > 0 ? intents.join(", ") : "none";
    return `the record names intent ${intent ?? "none"}, the commit's Intent: trailer ${said}`;
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
    if (!same)
      return "the record's contributor is not the one the commit's Contributor-* trailers name";
  }
  return null;
}

/**
 * Lines without a record of their own, attributed by content: a run of lines whose hashes follow
 * one another in one recorded range, with at least contentRunLength non-trivial lines. The
 * longest run wins; trivial lines inside a run go with it.
 */
function contentMatches(
  lines: readonly BlamedInput[],
  hashes: readonly string[],
  facts: AttributionFacts,
): Map<number, Found> {
  const found = new Map<number, Found>();
  if (facts.recorded.size === 0) return found;
  const needs = (index: number) => {
    const line = lines[index] as BlamedInput;
    const record = facts.records.get(line.commit);
    return !record?.files.some((file) => file.relative_path === line.filename);
  };
  for (let index = 0; index < lines.length; index++) {
    if (found.has(index) || !needs(index) || isTrivialLine((lines[index] as BlamedInput).content)) {
      continue;
    }
    let best: { from: number; to: number; at: RecordedLine } | null = null;
    for (const at of facts.recorded.get(hashes[index] as string) ?? []) {
      if (at.commit === (lines[index] as BlamedInput).commit) continue;
      let from = index;
      while (
        from > 0 &&
        at.position - (index - from) > 0 &&
        needs(from - 1) &&
        hashes[from - 1] === at.rangeHashes[at.position - (index - from) - 1]
      ) {
        from -= 1;
      }
      let to = index;
      while (
        to + 1 < lines.length &&
        needs(to + 1) &&
        hashes[to + 1] === at.rangeHashes[at.position + (to + 1 - index)]
      ) {
        to += 1;
      }
      let solid = 0;
      for (let k = from; k <= to; k++)
        if (!isTrivialLine((lines[k] as BlamedInput).content)) solid++;
      if (solid >= contentRunLength && (!best || to - from > best.to - best.from)) {
        best = { from, to, at };
      }
    }
    if (!best) continue;
    const { at } = best;
    for (let k = best.from; k <= best.to; k++) {
      found.set(k, {
        confidence: "derived",
        reason: `the same ${best.to - best.from + 1} lines were recorded in ${at.commit.slice(0, 12)} (${at.path})`,
        source: { kind: "content", commit: at.commit, path: at.path },
        intentId: at.intentId,
        contributor: at.contributor,
      });
    }
  }
  return found;
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
  const named =
    intents.length > 1 ? `; its trailers name ${intents.join(", ")}, so no one intent is` : "";
  return {
    confidence: "derived",
    reason: `no trace record; from the commit's trailers${named}`,
    source: { kind: "trailers", commit: line.commit },
    intentId: intents.length === 1 && only ? only : null,
    contributor,
  };
}

function unattributed(line: BlamedInput, facts: AttributionFacts): Found {
  const reason = notCommitted.test(line.commit)
    ? "not committed yet"
    : facts.beforeAdoption.has(line.commit)
      ? "made before intentguard was adopted (its tree has no intents file)"
      : facts.notesHere
        ? "no trace record, no trailers, and its content is recorded nowhere else"
        : "this clone has no trace notes: run intentguard trace fetch, then blame again";
  return {
    confidence: "unattributed",
    reason,
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

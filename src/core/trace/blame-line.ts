/** The stable, versioned shape of `trace blame --json`. */
export const blameSchemaVersion = 1;

/**
 * How sure an attribution is:
 * - `recorded`: the commit's trace record has a range holding the line, and that range's hash
 *   matches the content at that commit;
 * - `tampered`: the record has the range, but its hash does not match the content;
 * - `derived`: no record covers the line, but the attribution is recovered from the commit's own
 *   trailers, or from the line's content recorded in another commit's record (code moved,
 *   squashed, cherry-picked without its note);
 * - `unattributed`: nothing to go on (before adoption, no record and nothing to derive from, or
 *   notes missing here).
 */
export type Confidence = "recorded" | "tampered" | "derived" | "unattributed";

/** Where an attribution came from. */
export type AttributionSource =
  | { kind: "record"; commit: string }
  | { kind: "trailers"; commit: string }
  | { kind: "content"; commit: string; path: string }
  | { kind: "none" };

/** A recorded range of a file, as a reason names it: `path:start-end`. */
export interface RangeSpan {
  path: string;
  start: number;
  end: number;
}

/** What an agent's hook saw as it wrote a range's lines (the parts it knew). */
export interface ObservedBy {
  agent: string | null;
  model: string | null;
  session: string | null;
  toolUse: string | null;
}

/**
 * Why a line has its confidence. From the line's commit's record: `recorded` (a range holds it,
 * its hash matches; `observed` when an agent's hook saw it written), `hash-mismatch`,
 * `range-unchecked` (the range could not be read to check it), `no-range` (the record names the
 * file but no range holds the line), `file-unrecorded` (the record does not name the file),
 * `note-conflict` (the note holds `count` records), `intent-disagrees` and
 * `contributor-disagrees` (the record contradicts the commit's trailers). Derived otherwise:
 * `content` (the same `lines` lines recorded in another commit, which is `relation` to the line's),
 * `trailers` (no record; the commit's trailers, naming `intents`). Else unattributed:
 * `not-committed`, `before-adoption`, `nowhere` (nothing records it), `no-notes` (this clone has
 * no trace notes), and `withheld`: the record holds the line as nobody's, because what an agent's
 * hook observed of it was changed or removed before it was committed.
 */
export type AttributionReason =
  | { kind: "recorded"; range: RangeSpan; observed: ObservedBy | null }
  | { kind: "hash-mismatch"; range: RangeSpan; commit: string }
  | { kind: "range-unchecked"; range: RangeSpan }
  | { kind: "no-range"; path: string; line: number }
  | { kind: "file-unrecorded"; path: string }
  | { kind: "note-conflict"; count: number }
  | { kind: "intent-disagrees"; recorded: string | null; trailers: readonly string[] }
  | { kind: "contributor-disagrees" }
  | {
      kind: "content";
      lines: number;
      commit: string;
      range: RangeSpan;
      relation: "ancestor" | "not-here" | "other-branch";
    }
  | { kind: "trailers"; intents: readonly string[] }
  | { kind: "not-committed" }
  | { kind: "before-adoption" }
  | { kind: "nowhere" }
  | { kind: "no-notes" }
  | {
      kind: "withheld";
      range: RangeSpan;
      how: "changed" | "removed";
      agent: string | null;
      session: string | null;
    };

/** Who wrote a line: a person, or an AI model and the agent that ran it. */
export interface LineContributor {
  type: "AI" | "HUMAN";
  model: string | null;
  agent: string | null;
  name: string | null;
  email: string | null;
}

/** One line of a file with everything an auditor asks of it. */
export interface AttributedLine {
  /** 1-based line number in the file as blamed. */
  line: number;
  content: string;
  /** The commit that last changed the line (git blame's answer). */
  commit: string;
  /** The path and line number the line had in that commit (renames, moved code). */
  original: { path: string; line: number };
  author: { name: string; email: string; time: number; timezone: string };
  /** The commit's subject line. */
  summary: string;
  /** git marks the commit where its walk stopped (a shallow clone's edge, a range's start). */
  boundary: boolean;
  intent: { id: string; name: string | null } | null;
  contributor: LineContributor | null;
  confidence: Confidence;
  /** Why this confidence, as facts (src/report/blame/attribution-reason.ts words them). */
  reason: AttributionReason;
  source: AttributionSource;
  /** `sha256:` + hex of the line's content (without its newline). */
  content_hash: string;
}

/** `trace blame` of one file. */
export interface FileBlame {
  version: typeof blameSchemaVersion;
  path: string;
  /** The revision blamed (null: the work tree, or `--contents`). */
  rev: string | null;
  lines: AttributedLine[];
}

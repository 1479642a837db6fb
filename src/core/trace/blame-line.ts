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
  /** One sentence: why this confidence (names the range, the commit, or how to fetch notes). */
  reason: string;
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

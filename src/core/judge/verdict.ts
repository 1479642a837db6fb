import type { IntentStatus } from "../config/intents-schema.js";
import type { RuleName } from "../config/policy-schema.js";
import type { ChangeOperation } from "../file-change.js";
import type { IntentSource } from "../intent-request.js";
import type { PatternOrigin } from "../scope/effective-scope.js";

/** The stable, versioned shape of a verdict (`--format json` prints it). */
export const verdictSchemaVersion = 1;

/** Rules that are not policy switches: a declared intent must exist and be unambiguous. */
export type FixedRule = "intent_unknown" | "intent_conflict";

/** An intent as advice names it. */
export interface IntentLabel {
  id: string;
  name: string;
}

/**
 * A next step a finding suggests, as data: src/report words it and builds the commands, so the
 * decision never depends on how it is printed.
 */
export type Advice =
  | { kind: "declare-one-intent" }
  /** Select one of these intents (none: no intent is IN_PROGRESS). */
  | { kind: "select-intent"; intents: IntentLabel[] }
  | { kind: "add-intent-trailer" }
  | { kind: "commit-governance-first"; paths: string[] }
  | { kind: "commit-rest-under-intent" }
  | { kind: "set-in-progress"; intent: string }
  | { kind: "commit-as-assigned-agent"; intent: string; agent: string }
  | { kind: "use-covering-intent"; intent: IntentLabel; paths: number }
  | { kind: "unstage"; paths: string[] }
  | { kind: "extend-scope"; intent: string };

export interface Finding {
  rule: RuleName | FixedRule;
  severity: "error" | "warn";
  message: string;
  /** The paths the finding is about, when it is about paths. */
  paths: string[];
  /** What the user can do next, most likely first. */
  advice: Advice[];
}

/** Something worth knowing about a verdict that is not a finding, as data. */
export type VerdictNote =
  | { kind: "adoption" }
  | { kind: "merge-authors-nothing" }
  | { kind: "no-files" }
  | { kind: "governance-only" }
  | { kind: "repairing-governance" }
  | { kind: "removes-intents-file" }
  | { kind: "amend" }
  /** The staged or working-copy governance differs from the committed one. */
  | { kind: "pending-governance"; where: string; valid: boolean; wouldAllow: boolean }
  /** A blocked commit's message is kept in this file. */
  | { kind: "message-kept"; file: string };

export interface PathVerdict {
  path: string;
  operation: ChangeOperation;
  /** For a rename or copy, which side of it this path is. */
  side: "old" | "new" | null;
  admitted: boolean;
  /** The pattern that admitted or forbade the path. */
  pattern: string | null;
  origin: PatternOrigin | "forbidden" | "governance" | null;
}

export type VerdictKind = "intent" | "governance" | "adoption" | "empty" | "merge" | "no-intent";

export interface Verdict {
  version: typeof verdictSchemaVersion;
  outcome: "allowed" | "blocked" | "deferred";
  kind: VerdictKind;
  intent: {
    id: string;
    name: string | null;
    status: IntentStatus | null;
    source: IntentSource;
    scope: { owned: string[]; extended: string[]; forbidden: string[] } | null;
  } | null;
  findings: Finding[];
  notes: VerdictNote[];
  /** How many different paths the change touches. */
  path_count: number;
  /** Whether the change edits the governance files (the intents file or the policy). */
  touches_rules: boolean;
  paths: PathVerdict[];
}

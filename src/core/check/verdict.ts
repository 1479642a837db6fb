import type { ChangeOperation } from "../changeset.js";
import type { IntentStatus } from "../config/intents-schema.js";
import type { RuleName } from "../config/policy-schema.js";
import type { IntentSource } from "../intent-request.js";
import type { PatternOrigin } from "../scope/effective-scope.js";

/** The stable, versioned shape of a check's answer (`--format json` prints it). */
export const verdictSchemaVersion = 1;

/** Rules that are not policy switches: a declared intent must exist and be unambiguous. */
export type FixedRule = "intent_unknown" | "intent_conflict";

export interface Finding {
  rule: RuleName | FixedRule;
  severity: "error" | "warn";
  message: string;
  /** The paths the finding is about, when it is about paths. */
  paths: string[];
  /** What the user can do next, most likely first; commands are copy-pasteable. */
  next: string[];
}

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
  notes: string[];
  /** How many different paths the change touches. */
  path_count: number;
  /** Whether the change edits the rules (the intents file or the policy). */
  touches_rules: boolean;
  paths: PathVerdict[];
}

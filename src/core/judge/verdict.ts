import type { IntentStatus } from "../config/intents-schema.js";
import type { RuleName } from "../config/policy-schema.js";
import type { ChangeOperation } from "../file-change.js";
import type { IntentSource } from "../intent-request.js";
import type { PatternOrigin } from "../scope/effective-scope.js";

/** The stable, versioned shape of a verdict (`--format json` prints it). */
export const verdictSchemaVersion = 1;

/**
 * Rules that are not policy switches: a declared intent must exist and be unambiguous, and a
 * change to the governance must leave valid governance behind (it may change, never vanish).
 */
export type FixedRule = "intent_unknown" | "intent_conflict" | "governance_invalid";

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
  /**
   * Renames whose old paths are in one intent's scope and new paths in another's, which no single
   * intent covers whole: land them under an intent covering both sides, or copy, then delete.
   */
  | {
      kind: "rename-across-intents";
      from: IntentLabel;
      to: IntentLabel;
      renames: [RenamedPath, ...RenamedPath[]];
    }
  | { kind: "unstage"; paths: string[] }
  /** Split a change that is not staged yet (check --paths): leave these paths out of it. */
  | { kind: "leave-out"; paths: string[] }
  | { kind: "extend-scope"; intent: string }
  /** Put the intents file back (a governance change may edit it, never remove it). */
  | { kind: "restore-intents-file" }
  /** Fix the governance files the change leaves behind, and commit them on their own. */
  | { kind: "fix-governance" };

export interface RenamedPath {
  from: string;
  to: string;
}

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
  /** Only the intent map changes: generated from the traces, it belongs to no intent. */
  | { kind: "intent-map-only" }
  | { kind: "repairing-governance" }
  | { kind: "removes-intents-file" }
  | { kind: "amend" }
  /** The staged or working-copy governance differs from the committed one. */
  | {
      kind: "pending-governance";
      where: string;
      /** The governance files that differ there. */
      paths: string[];
      valid: boolean;
      wouldAllow: boolean;
    }
  /** The parent lacks the intents file because this commit removed it: judged by the one before. */
  | { kind: "intents-restored-from"; commit: string }
  /** INTENTGUARD_INTENT is set, but the commit carries no Intent: trailer (commit-msg did not run). */
  | { kind: "trailer-missing"; declared: string }
  /** pre-commit refused before the message editor opened. */
  | { kind: "checked-before-editor" }
  /** What happened to the command whose commit was refused, and how to go on. */
  | { kind: "refused-command"; command: RefusedCommand };

/** The git command whose ref update a verdict refused, as far as its state files tell. */
export type RefusedCommand =
  | "commit"
  | "merge"
  /** A single cherry-pick or revert that applied cleanly: git keeps no sequencer state for it. */
  | "pick"
  | "cherry-pick"
  | "revert"
  | "rebase"
  | "am"
  | "ref-update";

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
  /** Whether the change edits the rules (the intents file or the policy; not the intent map). */
  touches_rules: boolean;
  paths: PathVerdict[];
}

import type { ChangeOperation } from "../commit/file-change.js";
import type { IntentStatus } from "../config/intents-schema.js";
import type { RuleName } from "../config/policy-schema.js";
import type { IntentSource } from "../intent/intent-request.js";
import type { GrantState, PatternOrigin } from "../scope/effective-scope.js";
import type { FindingFact } from "./finding-fact.js";

/** The stable, versioned shape of a verdict (`--format json` prints it). */
export const verdictSchemaVersion = 1;

/**
 * Rules that are not policy switches: a declared intent must exist and be unambiguous, a
 * change to the governance must leave valid governance behind (it may change, never vanish),
 * and, where the policy's governance.require_signed_by_approver asks for it, a change to the
 * rules is signed by an approver (governance-signature.ts).
 */
export type FixedRule =
  | "intent_unknown"
  | "intent_conflict"
  | "governance_invalid"
  | "governance_signature"
  /** A rules change of a landing changes what the rules in force changed differently. */
  | "governance_conflict"
  /** A landing would leave a tip whose rules are not the rules in force. */
  | "governance_diverged"
  /** A commit adopts intentguard where rules are in force, or a landing adopts twice. */
  | "adoption_repeated";

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
  /**
   * Widen the intent with an extended_scope grant. `paths` names what to grant when that is not
   * every path of the finding (the others are forbidden, which no grant can admit, or a pending
   * grant of the intent would admit them).
   */
  | { kind: "extend-scope"; intent: string; paths: string[] }
  /**
   * A grant of the intent would admit these blocked paths, but does not count: not approved,
   * stale (its paths changed after the approval, so the signature no longer matches), or approved
   * by someone the policy does not allow. Approve it: `intentguard scope approve <intent> --grant
   * <grant>`, or with a reviewer configured `intentguard scope review …`.
   */
  | {
      kind: "approve-grant";
      intent: string;
      /** The grant's number in the intent's extended_scope, counted from 1 (as --grant takes it). */
      grant: number;
      /** The grant's own paths. */
      grantPaths: string[];
      state: Exclude<GrantState["reason"], "approved">;
      /** Who approved it, for a grant whose approver the policy does not allow; else null. */
      approvedBy: string | null;
      /** The blocked paths it would admit. */
      paths: string[];
      /** The policy's reviewer (extended_scope.reviewer.name), when one is configured. */
      reviewer: string | null;
      /** The policy requires governance commits signed by an approver. */
      signed: boolean;
    }
  /**
   * Protected paths (policy paths.protected) the intent admits only through a broad pattern: list
   * them with a pattern inside the protected paths (owned_scope or a grant). `protected` holds the
   * protected patterns they match.
   */
  | { kind: "list-protected"; intent: string; protected: string[] }
  /** Put the intents file back (a governance change may edit it, never remove it). */
  | { kind: "restore-intents-file" }
  /** Make the rules change again on top of the target's rules (rebase it onto the target). */
  | { kind: "rebase-rules-change"; onto: string }
  /** The tip must hold the rules in force: bring the target in again, or commit those rules. */
  | { kind: "restore-rules-in-force"; onto: string }
  /** Land the commits under the rules already in force, without an adoption of their own. */
  | { kind: "adopt-once"; governedRef: string | null }
  /** Fix the governance files the change leaves behind, and commit them on their own. */
  | { kind: "fix-governance" }
  /** An agent's rules change: a person commits it; the agent asks for scope instead. */
  | { kind: "rules-change-by-person" }
  /** Sign the governance commit (git commit -S) as one of these approvers (none: anyone verified). */
  | { kind: "sign-governance-commit"; approvers: string[] }
  /** Make git able to verify the key: the allowed signers file (SSH), or trust in the keyring (GPG). */
  | { kind: "allow-signing-key"; format: "ssh" | "gpg"; key: string | null }
  /**
   * git verified the SSH key at the commit's committer date, but its allowed signers entry is not
   * valid now: sign with a current key, or renew the entry where the check runs.
   */
  | { kind: "renew-allowed-signer"; key: string; signer: string }
  /** The signer is verified but no approver: an approver signs, or the policy lists the signer. */
  | { kind: "add-approver"; signer: string }
  /** An approval the commit adds is someone else's than the signer's. */
  | {
      kind: "approval-by-signer";
      intent: string;
      grant: number;
      by: string;
      signer: string;
    };

export interface RenamedPath {
  from: string;
  to: string;
}

export interface Finding {
  rule: RuleName | FixedRule;
  severity: "error" | "warn";
  /** What it found, as data: src/report/verdict/finding-text.ts words it. */
  fact: FindingFact;
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
  /** No touched path needs an intent (policy paths.require_intent): allowed without one. */
  | { kind: "no-intent-needed" }
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
  /**
   * An audit of history (check --range, --commit, --base): the commit's SSH signature was checked
   * as git checks it, its key's window at the committer date; not, as when commits land, now.
   */
  | { kind: "signature-at-committer-date" }
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
  /** The pattern that admitted or forbade the path (for a protected one: the protected pattern). */
  pattern: string | null;
  /**
   * What decided the path: an allow pattern, forbidden_scope, a governance file, paths.protected
   * (a protected path the scope admits only through a broad pattern: refused), or
   * paths.require_intent (a path that needs no intent: admitted, unjudged).
   */
  origin: PatternOrigin | "forbidden" | "governance" | "protected" | "no-intent-needed" | null;
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

import type { IntentStatus } from "../config/intents-schema.js";
import type { IntentConflict, IntentSource } from "../intent/intent-request.js";

/**
 * What a finding found, as data: src/report/verdict/finding-text.ts words each kind, so no
 * sentence is composed where a change is judged. Each kind carries exactly what its words need.
 */
export type FindingFact =
  // The intent a change declares (rules/intent-*.ts, assigned-agent.ts).
  | { kind: "intent-unknown"; intent: string; source: IntentSource; guess: string | null }
  | { kind: "intent-conflict"; conflict: IntentConflict }
  /** No intent declared; `needing` counts the paths that need one, null when every path does. */
  | { kind: "intent-required"; needing: NeedingIntent | null }
  | { kind: "intent-status"; intent: string; name: string; status: IntentStatus }
  | { kind: "assigned-agent"; intent: string; assigned: string; agent: string }
  // The scope (rules/scope.ts).
  /** Paths outside the intent's scope; `forbidden` of them forbidden by its forbidden_scope. */
  | { kind: "outside-scope"; intent: string; name: string; paths: number; forbidden: number }
  /** Protected paths (policy paths.protected) the scope admits only through these broad patterns. */
  | {
      kind: "protected-through-broad";
      intent: string;
      name: string;
      paths: number;
      broad: string[];
    }
  // The rules themselves (rules/governance-*.ts, agent-governance.ts).
  | { kind: "governance-not-isolated"; rulesPaths: string[]; others: number }
  | { kind: "agent-changes-rules"; agent: string; declaredBy: string; rulesPaths: string[] }
  | { kind: "intents-file-removed" }
  /** The governance a change leaves behind does not parse or validate: its problems, one a line. */
  | { kind: "governance-left-invalid"; problems: string }
  // A governance commit's signature (governance-signature.ts).
  | SignatureFact
  // A landing as a whole (landing-findings.ts); `tip` is a full SHA, `target` as the user names it.
  | { kind: "rules-conflict"; file: string; field: string; target: string }
  | { kind: "rules-base-unreadable"; target: string }
  | { kind: "rules-diverged"; tip: string; file: string; field: string; target: string }
  | { kind: "rules-left-behind"; tip: string }
  | { kind: "tip-rules-unreadable"; tip: string }
  | { kind: "adoption-repeated"; reason: RepeatedAdoption };

/** The paths of a change that need an intent, where some need none (policy paths.require_intent). */
export interface NeedingIntent {
  paths: number;
  /** The policy protects paths (paths.protected), which need an intent too. */
  protects: boolean;
}

/**
 * Why a change to the rules is not signed by an approver (policy
 * governance.require_signed_by_approver), from git's verification of its signature.
 */
export type SignatureFact =
  /** git saw no signature; with `allowedSignersUnset` it could not have checked an SSH one. */
  | { kind: "signature-missing"; allowedSignersUnset: boolean }
  /** Signed with a key git cannot vouch for: not in the allowed signers file, or not trusted. */
  | {
      kind: "signing-key-unknown";
      format: "ssh" | "gpg";
      key: string | null;
      signer: string | null;
    }
  /** git cannot check the signature (no public key); `detail`: what git said. */
  | { kind: "signature-uncheckable"; key: string | null; detail: string | null }
  | { kind: "signature-bad"; detail: string | null }
  | { kind: "signature-expired" }
  | { kind: "signing-key-expired"; key: string | null }
  | { kind: "signing-key-revoked"; key: string | null }
  /** A good signature for which git names no signer. */
  | { kind: "signer-unnamed" }
  /** A good SSH signature no entry of the allowed signers file allows now. */
  | { kind: "signing-key-not-allowed-now"; key: string; signer: string }
  /** A good SSH signature whose allowed signers entry is not valid now. */
  | {
      kind: "signing-key-outside-window";
      key: string;
      signer: string;
      /** The entry's line in the allowed signers file. */
      line: number;
      /** Past its valid-before, or before its valid-after. */
      window: "expired" | "not-yet-valid";
      /** The bound, in seconds since the epoch, and as the entry writes it. */
      seconds: number;
      written: string;
    }
  | { kind: "signer-not-approver"; signer: string; approvers: string[] }
  /** Approvals the commit adds that are not by its signer (one or more). */
  | {
      kind: "approvals-not-by-signer";
      signer: string;
      approvals: [ApprovalAdded, ...ApprovalAdded[]];
    };

/** An approval a commit adds or changes: whose it claims to be, and which grant it approves. */
export interface ApprovalAdded {
  intent: string;
  /** 1-based, as `intentguard scope approve --grant N` counts. */
  grant: number;
  by: string;
}

/** Why an adoption is refused. */
export type RepeatedAdoption =
  /** Rules are already in force on another branch (or tag). */
  | { kind: "governed-elsewhere"; ref: string | null }
  /** The landing holds several adoptions. */
  | { kind: "several"; count: number }
  /** Other refs of the same push adopt too, with these other commits (pre-receive). */
  | { kind: "several-in-push"; others: string[] };

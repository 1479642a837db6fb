import type { Intent } from "../config/intents-schema.js";
import type { Governance } from "../governance.js";
import { type AllowedSigner, signerValidityAt } from "./allowed-signers.js";
import type { Advice, Finding, Verdict } from "./verdict.js";

/**
 * Authentic governance (policy `governance.require_signed_by_approver`): a commit that changes
 * the rules — the intents file or the policy — lands only when git verified its signature and the
 * signer is one of the policy's approvers, and every approval the commit adds or changes is the
 * signer's own. Pure: git's verification of each commit's signature arrives here as data
 * ({@link CommitSignature}, read for all the commits of a job by one git process).
 */

/**
 * git's `%G?` for a commit: G good (SSH: the key is in gpg.ssh.allowedSignersFile under a
 * principal; GPG: a trusted key of the keyring), U good signature of a key git cannot vouch for
 * (SSH: not in the allowed signers file; GPG: in the keyring, not trusted), B bad, X good but
 * expired, Y good by an expired key, R good by a revoked key, E cannot be checked (no public key),
 * N no signature (or none git could look at).
 */
export const signatureStatuses = ["G", "U", "B", "X", "Y", "R", "E", "N"] as const;
export type SignatureStatus = (typeof signatureStatuses)[number];

/** What git says about one commit's signature. */
export interface CommitSignature {
  status: SignatureStatus;
  /** How it is signed, when git saw a signature: ssh (SHA256:… keys) or gpg (OpenPGP, X.509). */
  format: "ssh" | "gpg" | null;
  /** `%GS`: the SSH principal from the allowed signers file, or the GPG user ID; null when none. */
  signer: string | null;
  /** `%GK`: the key's fingerprint (SSH) or ID (GPG); null when none. */
  key: string | null;
  /** The first line of git's verification output that says what went wrong, if any. */
  detail: string | null;
}

/** The signatures of the commits a job checks, as git verified them (one git run for all). */
export interface SignatureFacts {
  signatures: ReadonlyMap<string, CommitSignature>;
  /**
   * git said gpg.ssh.allowedSignersFile is not configured: it then reports an SSH-signed commit as
   * having no signature (N), so "unsigned" may mean "signed, but not checkable here".
   */
  allowedSignersUnset: boolean;
}

/**
 * When a governance commit's SSH key must be valid. git checks the key's allowed signers window
 * (valid-after, valid-before) at the commit's committer date, which the committer chooses: a
 * commit backdated into the window of an expired key verifies. So wherever commits land (the
 * hooks, check --ci, pre-receive) the key's entry must be valid `now` as well; an audit of
 * history (check --range, --commit, --base) keeps git's answer, at each `committer-date`, and
 * says so.
 */
export type SignatureTime = "now" | "committer-date";

/** The allowed signers file, as the checking side has it now, and that instant (in seconds). */
export interface SignersNow {
  signers: readonly AllowedSigner[];
  now: number;
}

/** An approval a commit adds or changes: whose it claims to be, and which grant it approves. */
export interface ApprovalAdded {
  intent: string;
  /** 1-based, as `intentguard scope approve --grant N` counts. */
  grant: number;
  by: string;
}

/**
 * A governance commit whose judging policy requires a signature by an approver: what its
 * signature must satisfy. The commit's verdict is final only once this has been checked
 * against git's verification ({@link judgeGovernanceSignature}).
 */
export interface SignatureDue {
  commit: string;
  /** The approvers of the policy that judges the commit (its first parent's); empty: anyone. */
  approvers: string[];
  approvals: ApprovalAdded[];
}

/**
 * Whether a judged commit needs a signature, and what it must satisfy: it changes the rules (the
 * intents file or the policy, not the generated intent map), the rules it is judged by require
 * signing, and it is not the adoption commit — which has no parent policy, so no rule of a parent
 * applies to it (its own policy governs the commits after it). `left` is the governance the
 * commit leaves behind (null when it leaves none that can be read: that commit is refused anyway).
 */
export function signatureDue(input: {
  commit: string;
  verdict: Verdict;
  judgedBy: Governance;
  left: Governance | null;
}): SignatureDue | null {
  const { commit, verdict, judgedBy, left } = input;
  if (!signatureRequired(verdict, judgedBy)) return null;
  return {
    commit,
    approvers: [...judgedBy.policy.extended_scope.approvers],
    approvals: left ? approvalsAdded(judgedBy.intents, left.intents) : [],
  };
}

/** Whether a judged change must be signed by an approver: see {@link signatureDue}. */
export function signatureRequired(verdict: Verdict, judgedBy: Governance): boolean {
  return (
    verdict.kind !== "adoption" &&
    verdict.touches_rules &&
    judgedBy.policy.governance.require_signed_by_approver
  );
}

/**
 * The approvals in `after` that `before` does not have for the same intent: added, or changed in
 * any field (a re-approval, a new `by`). Moving a grant within its intent changes nothing.
 */
export function approvalsAdded(
  before: readonly Intent[],
  after: readonly Intent[],
): ApprovalAdded[] {
  const key = (
    intent: string,
    approval: NonNullable<Intent["extended_scope"][number]["approval"]>,
  ) => JSON.stringify([intent, approval.by, approval.at, approval.signature]);
  const known = new Set(
    before.flatMap((intent) =>
      intent.extended_scope.flatMap((grant) =>
        grant.approval ? [key(intent.id, grant.approval)] : [],
      ),
    ),
  );
  return after.flatMap((intent) =>
    intent.extended_scope.flatMap((grant, index) =>
      grant.approval && !known.has(key(intent.id, grant.approval))
        ? [{ intent: intent.id, grant: index + 1, by: grant.approval.by }]
        : [],
    ),
  );
}

/**
 * Who signed, as approvers are written: the SSH principal git found in the allowed signers file,
 * or the e-mail address of a GPG user ID (`Name <email>`); null without a verified signature.
 */
export function signerIdentity(signature: CommitSignature): string | null {
  if (signature.status !== "G" || !signature.signer) return null;
  if (signature.format === "ssh") return signature.signer;
  const email = /<([^<>]*)>\s*$/.exec(signature.signer)?.[1];
  return (email ?? signature.signer).trim() || null;
}

/**
 * The findings of a governance commit's signature: none when git verified it, the signer is an
 * approver (any verified signer when the policy lists none) and every approval the commit adds is
 * the signer's own. An approval recorded for the policy's reviewer command (`reviewer:<name>`)
 * cannot be signed by it: the approver who signs the commit vouches for it. With `signersNow`
 * (null: git's answer stands), a good SSH signature's key must also be valid now.
 */
export function judgeGovernanceSignature(
  due: SignatureDue,
  signature: CommitSignature | undefined,
  allowedSignersUnset: boolean,
  signersNow: SignersNow | null,
): Finding[] {
  const sign: Advice = { kind: "sign-governance-commit", approvers: due.approvers };
  const facts = signature ?? nothingToCheck;
  const outOfWindow = signersNow ? keyNotValidNow(facts, signersNow) : null;
  if (outOfWindow) return [finding(outOfWindow.message, [sign, ...outOfWindow.advice])];
  const signer = signerIdentity(facts);
  if (signer === null) {
    const problem = unverifiedProblem(facts, allowedSignersUnset);
    return [finding(problem.message, [...problem.advice, sign])];
  }
  if (due.approvers.length > 0 && !due.approvers.includes(signer)) {
    return [
      finding(
        `a change to the rules must be signed by an approver (${due.approvers.join(", ")}), and this one is signed by ${signer}, who is not one`,
        [sign, { kind: "add-approver", signer }],
      ),
    ];
  }
  const foreign = due.approvals.filter(
    (approval) => approval.by !== signer && !approval.by.startsWith("reviewer:"),
  );
  const [only] = foreign;
  if (!only) return [];
  const why = "an approval is recorded by its approver, in a commit they sign";
  const message =
    foreign.length === 1
      ? `the approval of ${only.intent}'s grant ${only.grant} is by ${only.by}, but the commit adding it is signed by ${signer}: ${why}`
      : `${foreign.length} approvals this commit adds are not by its signer, ${signer}: ${foreign
          .map((approval) => `${approval.intent}'s grant ${approval.grant} by ${approval.by}`)
          .join(", ")}; ${why}`;
  // One finding per commit: a range report fingerprints findings by rule, intent, path and commit.
  return [
    finding(
      message,
      foreign.map((approval) => ({
        kind: "approval-by-signer",
        intent: approval.intent,
        grant: approval.grant,
        by: approval.by,
        signer,
      })),
    ),
  ];
}

const nothingToCheck: CommitSignature = {
  status: "N",
  format: null,
  signer: null,
  key: null,
  detail: null,
};

const lead = "a change to the rules must be signed by an approver";

/** Why git could not vouch for the signer, and the advice that fixes that (before signing). */
function unverifiedProblem(
  signature: CommitSignature,
  allowedSignersUnset: boolean,
): { message: string; advice: Advice[] } {
  const key = signature.key ? ` ${signature.key}` : "";
  const why = signature.detail ? ` (git: ${signature.detail})` : "";
  const allow: Advice = {
    kind: "allow-signing-key",
    format: signature.format ?? "ssh",
    key: signature.key,
  };
  switch (signature.status) {
    case "N":
      if (allowedSignersUnset) {
        return {
          message: `${lead}, and git found no signature it could check: gpg.ssh.allowedSignersFile is not configured here, so git cannot check an SSH signature`,
          advice: [{ ...allow, format: "ssh" }],
        };
      }
      return { message: `${lead}, and this commit is not signed`, advice: [] };
    case "U":
      return signature.format === "ssh"
        ? {
            message: `${lead}, and the key this commit is signed with (SSH${key}) is not in the allowed signers file (gpg.ssh.allowedSignersFile), so git cannot tell whose it is`,
            advice: [allow],
          }
        : {
            message: `${lead}, and the key this commit is signed with (GPG${key}${signature.signer ? `, ${signature.signer}` : ""}) is not trusted in the keyring, so git cannot tell whose it is`,
            advice: [allow],
          };
    case "E":
      return {
        message: `${lead}, and git cannot check this commit's signature${key ? ` (key${key})` : ""}${why}`,
        advice: [allow],
      };
    case "B":
      return { message: `${lead}, and this commit's signature is bad${why}`, advice: [] };
    case "X":
      return { message: `${lead}, and this commit's signature has expired`, advice: [] };
    case "Y":
      return {
        message: `${lead}, and the key this commit is signed with${key} has expired`,
        advice: [],
      };
    case "R":
      return {
        message: `${lead}, and the key this commit is signed with${key} is revoked`,
        advice: [],
      };
    case "G":
      // A good signature without a signer: git named no principal (cannot happen for SSH).
      return {
        message: `${lead}, and git names no signer for this commit's signature`,
        advice: [allow],
      };
  }
}

/**
 * A good SSH signature whose key the allowed signers file does not vouch for now (git checked it
 * at the committer date): the entry's window, and the advice that fixes it; null when it does.
 */
function keyNotValidNow(
  signature: CommitSignature,
  { signers, now }: SignersNow,
): { message: string; advice: Advice[] } | null {
  const { status, format, signer, key } = signature;
  if (status !== "G" || format !== "ssh" || !signer || !key) return null;
  const validity = signerValidityAt(signers, { signer, key }, now);
  if (validity.valid) return null;
  const advice: Advice[] = [{ kind: "renew-allowed-signer", key, signer }];
  if (validity.reason === "no-entry") {
    return {
      message: `${lead}, and no entry of the allowed signers file allows the key this commit is signed with (SSH ${key}) for ${signer} now`,
      advice,
    };
  }
  const { entry, time } = validity;
  const [option, happens] =
    validity.reason === "expired"
      ? ["valid-before", "expired on"]
      : ["valid-after", "is not valid until"];
  return {
    message: `${lead}, and the allowed signers entry of the key this commit is signed with (SSH ${key}, ${signer}, line ${entry.line}) ${happens} ${instant(time.seconds)} (${option}="${time.written}"): a key must be valid now, whatever date the commit carries`,
    advice,
  };
}

/** Seconds since the epoch as ISO 8601 UTC, to the second. */
function instant(seconds: number): string {
  return new Date(seconds * 1000).toISOString().replace(/\.\d{3}Z$/, "Z");
}

function finding(message: string, advice: Advice[]): Finding {
  return { rule: "governance_signature", severity: "error", message, paths: [], advice };
}

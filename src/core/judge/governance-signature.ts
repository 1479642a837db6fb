import type { Intent } from "../config/intents-schema.js";
import type { Governance } from "../governance/governance.js";
import { type AllowedSigner, signerValidityAt } from "./allowed-signers.js";
import type { ApprovalAdded, SignatureFact } from "./finding-fact.js";
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
  if (outOfWindow) return [finding(outOfWindow.fact, [sign, ...outOfWindow.advice])];
  const signer = signerIdentity(facts);
  if (signer === null) {
    const problem = unverifiedProblem(facts, allowedSignersUnset);
    return [finding(problem.fact, [...problem.advice, sign])];
  }
  if (due.approvers.length > 0 && !due.approvers.includes(signer)) {
    return [
      finding({ kind: "signer-not-approver", signer, approvers: due.approvers }, [
        sign,
        { kind: "add-approver", signer },
      ]),
    ];
  }
  const [only, ...others] = due.approvals.filter(
    (approval) => approval.by !== signer && !approval.by.startsWith("reviewer:"),
  );
  if (!only) return [];
  const foreign: [ApprovalAdded, ...ApprovalAdded[]] = [only, ...others];
  // One finding per commit: a range report fingerprints findings by rule, intent, path and commit.
  return [
    finding(
      { kind: "approvals-not-by-signer", signer, approvals: foreign },
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

/** Why git could not vouch for the signer, and the advice that fixes that (before signing). */
function unverifiedProblem(
  signature: CommitSignature,
  allowedSignersUnset: boolean,
): { fact: SignatureFact; advice: Advice[] } {
  const { key, detail } = signature;
  const allow: Advice = {
    kind: "allow-signing-key",
    format: signature.format ?? "ssh",
    key: signature.key,
  };
  switch (signature.status) {
    case "N":
      return {
        fact: { kind: "signature-missing", allowedSignersUnset },
        advice: allowedSignersUnset ? [{ ...allow, format: "ssh" }] : [],
      };
    case "U":
      return {
        fact: {
          kind: "signing-key-unknown",
          format: signature.format === "ssh" ? "ssh" : "gpg",
          key,
          signer: signature.signer,
        },
        advice: [allow],
      };
    case "E":
      return { fact: { kind: "signature-uncheckable", key, detail }, advice: [allow] };
    case "B":
      return { fact: { kind: "signature-bad", detail }, advice: [] };
    case "X":
      return { fact: { kind: "signature-expired" }, advice: [] };
    case "Y":
      return { fact: { kind: "signing-key-expired", key }, advice: [] };
    case "R":
      return { fact: { kind: "signing-key-revoked", key }, advice: [] };
    case "G":
      // A good signature without a signer: git named no principal (cannot happen for SSH).
      return { fact: { kind: "signer-unnamed" }, advice: [allow] };
  }
}

/**
 * A good SSH signature whose key the allowed signers file does not vouch for now (git checked it
 * at the committer date): the entry's window, and the advice that fixes it; null when it does.
 */
function keyNotValidNow(
  signature: CommitSignature,
  { signers, now }: SignersNow,
): { fact: SignatureFact; advice: Advice[] } | null {
  const { status, format, signer, key } = signature;
  if (status !== "G" || format !== "ssh" || !signer || !key) return null;
  const validity = signerValidityAt(signers, { signer, key }, now);
  if (validity.valid) return null;
  const advice: Advice[] = [{ kind: "renew-allowed-signer", key, signer }];
  if (validity.reason === "no-entry") {
    return { fact: { kind: "signing-key-not-allowed-now", key, signer }, advice };
  }
  const { entry, time } = validity;
  return {
    fact: {
      kind: "signing-key-outside-window",
      key,
      signer,
      line: entry.line,
      window: validity.reason,
      seconds: time.seconds,
      written: time.written,
    },
    advice,
  };
}

function finding(fact: SignatureFact, advice: Advice[]): Finding {
  return { rule: "governance_signature", severity: "error", fact, paths: [], advice };
}

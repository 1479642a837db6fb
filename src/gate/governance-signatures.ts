import { type Clock, epochSeconds } from "../core/clock.js";
import type { Governance } from "../core/governance/governance.js";
import {
  judgeGovernanceSignature,
  type SignatureDue,
  type SignatureFacts,
  type SignatureTime,
  type SignersNow,
  signatureDue,
  signatureRequired,
} from "../core/judge/governance-signature.js";
import type { Finding, Verdict } from "../core/judge/verdict.js";
import { ConfigError } from "../errors.js";
import { readAllowedSigners } from "../git/allowed-signers.js";
import { commitSignatures } from "../git/commit-signatures.js";
import type { Repo } from "../git/repo.js";
import { compileSnapshot } from "../governance/compile-snapshot.js";
import type { GovernanceSnapshot } from "../governance/governance-snapshot.js";

/**
 * What a judged commit's signature must satisfy, when the policy it is judged by requires
 * governance commits to be signed by an approver (governance.require_signed_by_approver); null
 * otherwise, at no cost. The approvals the commit adds are found by comparing the rules it is
 * judged by with the ones it brings into force (`own`).
 */
export async function governanceSignatureDue(
  repo: Repo,
  commit: string,
  judged: { verdict: Verdict; governance: Governance },
  own: () => Promise<GovernanceSnapshot | null>,
): Promise<SignatureDue | null> {
  if (!signatureRequired(judged.verdict, judged.governance)) return null;
  let left: Governance | null = null;
  try {
    const snapshot = await own();
    left = snapshot ? await compileSnapshot(snapshot, repo.stateDir) : null;
  } catch (error) {
    // Rules it leaves that cannot be read are refused as governance_invalid already.
    if (!(error instanceof ConfigError)) throw error;
  }
  return signatureDue({ commit, verdict: judged.verdict, judgedBy: judged.governance, left });
}

/** A judged commit whose verdict waits for its signature to be checked. */
export interface PendingSignature {
  verdict: Verdict;
  due: SignatureDue;
}

/**
 * Checks the signatures of every pending governance commit of a job — a landing, a range — with
 * one git process, adds each commit's governance_signature findings to its verdict, and blocks
 * the verdicts they fail. `at` says when an SSH key must be valid (SignatureTime): `now` (commits
 * landing) also holds each good SSH signature's key to its allowed signers entry at the clock's
 * time;
 * `committer-date` (an audit) keeps git's answer and notes it on each SSH-signed verdict. Returns
 * the findings added, by commit.
 */
export async function settleSignatures(
  repo: Repo,
  clock: Clock,
  pending: readonly PendingSignature[],
  at: SignatureTime = "now",
): Promise<Map<string, Finding[]>> {
  const added = new Map<string, Finding[]>();
  if (pending.length === 0) return added;
  const facts = await commitSignatures(
    repo.root,
    pending.map(({ due }) => due.commit),
  );
  const signersNow = at === "now" ? await allowedSignersNow(repo, clock, facts) : null;
  for (const { verdict, due } of pending) {
    const signature = facts.signatures.get(due.commit);
    if (at === "committer-date" && signature?.format === "ssh") {
      verdict.notes.push({ kind: "signature-at-committer-date" });
    }
    const findings = judgeGovernanceSignature(
      due,
      signature,
      facts.allowedSignersUnset,
      signersNow,
    );
    if (findings.length === 0) continue;
    verdict.findings.push(...findings);
    if (findings.some((finding) => finding.severity === "error")) verdict.outcome = "blocked";
    added.set(due.commit, findings);
  }
  return added;
}

/**
 * The allowed signers file as it is now, read only when git found a good SSH signature (the only
 * kind whose key's window is checked again); null otherwise.
 */
async function allowedSignersNow(
  repo: Repo,
  clock: Clock,
  facts: SignatureFacts,
): Promise<SignersNow | null> {
  const goodSsh = [...facts.signatures.values()].some(
    (signature) => signature.status === "G" && signature.format === "ssh",
  );
  if (!goodSsh) return null;
  return { signers: await readAllowedSigners(repo.root), now: epochSeconds(clock.now()) };
}

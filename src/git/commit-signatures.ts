import { isObjectId } from "../core/commit/object-id.js";
import {
  type CommitSignature,
  type SignatureFacts,
  type SignatureStatus,
  signatureStatuses,
} from "../core/judge/governance-signature.js";
import { runGit } from "./exec.js";

/**
 * The fields read for each commit, each after a NUL: git never puts a NUL in a SHA, a status, a
 * key, a signer or its verification output, so the output splits unambiguously, whatever a GPG
 * user ID or the verifier prints. `%GT` is left out: git 2.39 dies on it (a BUG) for an SSH
 * signature when gpg.ssh.allowedSignersFile is not configured.
 */
const format = "%x00%H%x00%G?%x00%GK%x00%GF%x00%GS%x00%GG";
const fieldsPerCommit = 6;

/**
 * git's own verification of the signatures of many commits, with one `git log --no-walk --stdin`
 * (never one process per commit): for SSH against gpg.ssh.allowedSignersFile, for GPG against the
 * keyring, as this repository's git configuration says. Commits git does not list are absent.
 */
export async function commitSignatures(
  dir: string,
  commits: readonly string[],
): Promise<SignatureFacts> {
  if (commits.length === 0) return { signatures: new Map(), allowedSignersUnset: false };
  const { stdout, stderr } = await runGit(
    dir,
    ["log", "--no-walk=unsorted", "--stdin", "--no-show-signature", `--format=${format}`],
    {
      input: `${[...new Set(commits)].join("\n")}\n`,
      // git's and gpg's messages untranslated: the one about the allowed signers file is read here.
      env: { ...process.env, LC_ALL: "C" },
    },
  );
  return {
    signatures: parseCommitSignatures(stdout.toString("utf8")),
    allowedSignersUnset: /allowedSignersFile needs to be configured/.test(stderr),
  };
}

/** Parses the output of {@link format}. */
export function parseCommitSignatures(output: string): Map<string, CommitSignature> {
  const signatures = new Map<string, CommitSignature>();
  const fields = output.split("\0").slice(1);
  for (let at = 0; at + fieldsPerCommit <= fields.length; at += fieldsPerCommit) {
    const [sha = "", status = "", keyId = "", fingerprint = "", signer = "", output = ""] =
      fields.slice(at, at + fieldsPerCommit);
    if (!isObjectId(sha)) continue;
    const key = fingerprint.trim() || keyId.trim() || null;
    signatures.set(sha, {
      status: statusOf(status),
      format: formatOf(status, key, output),
      signer: signer.trim() || null,
      key,
      detail: detailOf(output),
    });
  }
  return signatures;
}

function statusOf(status: string): SignatureStatus {
  const known = signatureStatuses.find((candidate) => candidate === status.trim());
  return known ?? "E"; // a status this git version adds: not a good one, and not "unsigned"
}

/**
 * SSH signatures are verified by ssh-keygen, which names keys by `SHA256:` fingerprints and
 * says `Good "git" signature`; anything else signed is GPG (OpenPGP, or X.509 through gpgsm).
 */
function formatOf(status: string, key: string | null, output: string): CommitSignature["format"] {
  if (status.trim() === "N") return null;
  if (key?.startsWith("SHA256:") || /"git" signature/.test(output)) return "ssh";
  return "gpg";
}

/** The line of the verifier's output that says what is wrong, without gpg's "gpg: " prefix. */
function detailOf(output: string): string | null {
  const lines = output
    .split("\n")
    .map((line) => line.replace(/^gpg:\s*/, "").trim())
    .filter(Boolean);
  const telling = lines.find((line) =>
    /\b(BAD|Can't check|No principal|No public key|not|failed|error|invalid|expired|revoked)\b/i.test(
      line,
    ),
  );
  return telling ?? null;
}

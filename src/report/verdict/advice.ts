import { intentsFilePath, policyFilePath } from "../../core/governance/governance-files.js";
import type { Advice, IntentLabel, RefusedCommand, VerdictNote } from "../../core/judge/verdict.js";
import { shellQuote } from "../../core/text/shell-quote.js";
import { displayPath } from "../text/display-path.js";

/** How many paths a suggested command or sentence names before it says "…". */
const pathsNamed = 3;

/**
 * A path as a pathspec that names it from any directory of the work tree: hooks run at its top,
 * while the user ran git wherever they were. `:/` is git's "from the top" magic; a path that
 * starts with anything but a letter, a digit or a dot gets a closing `:`, or git would read its
 * first character as more magic.
 */
function fromTop(path: string): string {
  return shellQuote(`:/${/^[A-Za-z0-9.]/.test(path) ? "" : ":"}${path}`);
}

/** The first paths of a list, each as `format` gives it, then "…" for the rest. */
function firstPaths(
  paths: readonly string[],
  format: (path: string) => string,
  separator = " ",
): string {
  const shown = paths.slice(0, pathsNamed).map(format);
  return [...shown, ...(paths.length > pathsNamed ? ["…"] : [])].join(separator);
}

function named(intent: IntentLabel): string {
  return `${intent.id} (${intent.name})`;
}

/**
 * A finding's next step in words, with the command that takes it (copy-pasteable): `command` is
 * how intentguard runs here (`npx intentguard` or `intentguard`: Environment.command).
 */
export function adviceText(advice: Advice, command: string): string {
  switch (advice.kind) {
    case "declare-one-intent":
      return "declare one intent: remove the extra Intent: trailers, or unset INTENTGUARD_INTENT / drop --intent";
    case "select-intent":
      if (advice.intents.length === 0) {
        return `no intent is IN_PROGRESS: set one to status: IN_PROGRESS in ${intentsFilePath} and commit that file on its own`;
      }
      return `select the intent this work serves: ${command} select <ID>, one of: ${advice.intents
        .map(named)
        .join(", ")}`;
    case "add-intent-trailer":
      return "or end the message with a paragraph of trailers, git reads them only there: Intent: <ID>";
    case "commit-governance-first":
      return `commit the rules on their own first: git commit -- ${advice.paths.map(fromTop).join(" ")}`;
    case "commit-rest-under-intent":
      return "then commit the rest under its intent";
    case "set-in-progress":
      return `or set ${advice.intent} to status: IN_PROGRESS in ${intentsFilePath} and commit that file on its own`;
    case "commit-as-assigned-agent":
      return `commit as ${advice.agent}, or reassign the intent (assigned_agent in ${intentsFilePath}) in a governance commit`;
    case "use-covering-intent":
      return `${named(advice.intent)} covers ${advice.paths === 1 ? "it" : "all of them"}: commit them under it, e.g. ${command} select ${advice.intent.id}`;
    case "rename-across-intents":
      return renameAcrossIntentsText(advice);
    case "unstage":
      return `split the commit: unstage what is outside the scope with git restore --staged -- ${firstPaths(advice.paths, fromTop)}`;
    case "leave-out":
      return `leave ${firstPaths(advice.paths, displayPath, ", ")} out of this change`;
    case "extend-scope":
      return `or widen ${advice.intent} with an extended_scope grant: ${command} scope request ${advice.intent} ${firstPaths(advice.paths, shellQuote)} --why "…", have it approved (scope approve, or scope review), and commit ${intentsFilePath} on its own`;
    case "approve-grant":
      return approveGrantText(advice, command);
    case "list-protected":
      return `or allow these paths explicitly: add a pattern inside the protected paths (e.g. ${firstPaths(advice.protected, (pattern) => pattern, ", ")}) to the owned_scope of ${advice.intent} or to an extended_scope grant, in ${intentsFilePath}, and commit that file on its own`;
    case "restore-intents-file":
      return `put it back: git restore --staged --worktree --source=HEAD -- ${fromTop(intentsFilePath)} (to retire intentguard, run intentguard uninstall first: then a commit may remove the file)`;
    case "fix-governance":
      return "fix the file (the lines above name where), stage it, and commit it on its own";
    case "rules-change-by-person":
      return `ask for the scope instead (${command} scope request <intent> <path>… --why "…", committed on its own) and let a person approve and commit rules changes; a person sets rules.agent_governance in ${policyFilePath} to let agents change more`;
    case "rebase-rules-change":
      return `rebase the rules change onto ${advice.onto} (git rebase ${shellQuote(advice.onto)}), resolve the rules there, and land it again: a rules change applies as a change to the rules in force, never as a copy of older rules`;
    case "restore-rules-in-force":
      return `bring ${advice.onto} in again (git merge ${shellQuote(advice.onto)}, or git rebase ${shellQuote(advice.onto)}) so the tip holds the rules in force, or change the rules in a governance commit of their own`;
    case "adopt-once":
      return advice.governedRef
        ? `rules are already in force on ${advice.governedRef}: branch from it (or merge it) and land the commits under its rules, without a second intents file of their own`
        : "adopt intentguard once: land one adoption commit, then the rest under its rules";
    case "sign-governance-commit":
      return signGovernanceCommitText(advice.approvers);
    case "allow-signing-key":
      return allowSigningKeyText(advice);
    case "renew-allowed-signer":
      return `or, if the key ${advice.key} should still sign for ${advice.signer}, renew its entry in the allowed signers file the check uses (gpg.ssh.allowedSignersFile): move its valid-before (or valid-after), or remove the option`;
    case "add-approver":
      return `or, if ${advice.signer} should approve changes to the rules, add it to extended_scope.approvers in ${policyFilePath}, in a commit signed by a current approver`;
    case "approval-by-signer":
      return `have ${advice.by} record and sign it (as ${advice.by}: ${command} scope approve ${advice.intent} --grant ${advice.grant}, then git commit -S), or approve it as ${advice.signer} instead (git config user.email ${shellQuote(advice.signer)}, ${command} scope approve ${advice.intent} --grant ${advice.grant})`;
  }
}

/**
 * How to sign a governance commit with SSH (git's simplest signing setup): the key, then the
 * signed commit, or the amend that signs one already made.
 */
function signGovernanceCommitText(approvers: readonly string[]): string {
  const who =
    approvers.length === 0
      ? "with a key git verifies (the policy lists no approvers: any signer it verifies)"
      : `as one of the approvers (${approvers.join(", ")})`;
  return `sign it ${who}: git config gpg.format ssh && git config user.signingKey ~/.ssh/id_ed25519.pub (your public key file), then git commit -S (a commit already made: git commit --amend --no-edit -S)`;
}

/** How to make git able to verify a signing key: allowed signers (SSH), keyring trust (GPG). */
function allowSigningKeyText({
  format,
  key,
}: Extract<Advice, { kind: "allow-signing-key" }>): string {
  if (format === "gpg") {
    const fingerprint = key ?? "<fingerprint>";
    return `if the key${key ? ` ${key}` : ""} is an approver's, make the keyring trust it: gpg --import <their public key file>, then gpg --quick-lsign-key ${fingerprint} (or, where there is no key of your own, as in CI: echo ${fingerprint}:6: | gpg --import-ownertrust)`;
  }
  const file = "~/.config/git/allowed_signers";
  const add = `a line "<email> <public key>" per approver (e.g. echo "alice@example.com $(cat ~/.ssh/id_ed25519.pub)" >> ${file}), and point git at it: git config gpg.ssh.allowedSignersFile ${file}`;
  return key
    ? `if the key ${key} is an approver's, git must find it in the allowed signers file: ${add}`
    : `git checks SSH signatures against an allowed signers file: ${add}`;
}

/**
 * A grant of the commit's intent that would admit the blocked paths but does not count, and the
 * command that approves it (`--grant` counts from 1).
 */
function approveGrantText(
  advice: Extract<Advice, { kind: "approve-grant" }>,
  command: string,
): string {
  const grant = `grant ${advice.grant} of ${advice.intent} (${firstPaths(advice.grantPaths, displayPath, ", ")})`;
  const approve = `${command} scope approve ${advice.intent} --grant ${advice.grant}`;
  const review = advice.reviewer
    ? ` or have the reviewer decide with ${command} scope review ${advice.intent} --grant ${advice.grant}`
    : "";
  const why = {
    "not approved": `it is not approved: approve it with ${approve}${review}`,
    "signature mismatch": `its approval is stale: its paths were edited after it was approved, so the signature no longer matches them; approve it again with ${approve}${review}`,
    "approver not allowed": `it was approved by ${advice.approvedBy ?? "someone"}, who is not in extended_scope.approvers of ${policyFilePath}: have an approver run ${approve}${review}`,
  }[advice.state];
  const commit = advice.signed
    ? `then commit ${intentsFilePath} on its own, signed by an approver (git commit -S)`
    : `then commit ${intentsFilePath} on its own`;
  return `${grant} would admit ${firstPaths(advice.paths, displayPath, ", ")}, but ${why}, ${commit}`;
}

/**
 * Renames no single intent covers: the old paths are one intent's, the new another's. A rename
 * lands whole under an intent covering both sides, or as a copy under the new side's intent and
 * then a deletion under the old side's, so no commit loses the file.
 */
function renameAcrossIntentsText({
  from,
  to,
  renames,
}: Extract<Advice, { kind: "rename-across-intents" }>): string {
  const [first] = renames;
  const pair = `${displayPath(first.from)} to ${displayPath(first.to)}`;
  const sides = `in the scope of ${named(from)} and ${renames.length === 1 ? "its new path" : "their new paths"} in that of ${named(to)}`;
  const recipe = (them: string, added: string, removed: string) =>
    `commit ${them} under one intent whose scope (or an extended_scope grant) covers both sides, or copy, then delete, in two commits: add ${added} under ${to.id}, then remove ${removed} under ${from.id}`;
  if (renames.length === 1) {
    return `the rename of ${pair} spans two intents: its old path is ${sides}, so no single intent covers it: ${recipe("it", displayPath(first.to), displayPath(first.from))}`;
  }
  return `${renames.length} renames (${pair}, …) span two intents: their old paths are ${sides}, so no single intent covers them: ${recipe("them", "the new paths", "the old ones")}`;
}

/** A verdict's note in words. */
export function noteText(note: VerdictNote): string {
  switch (note.kind) {
    case "adoption":
      return `the parent has no ${intentsFilePath}: this commit adopts intentguard (its own rules must be valid); history before it is ungoverned`;
    case "merge-authors-nothing":
      return "the merge brings only changes already committed on its parents";
    case "no-files":
      return "the commit changes no files";
    case "no-intent-needed":
      return "no path here needs an intent (policy paths.require_intent)";
    case "governance-only":
      return "governance change: it edits the rules only, needs no intent, and is judged by the rules of its parent";
    case "intent-map-only":
      return "generated intent map: it is derived from the traces and needs no intent";
    case "repairing-governance":
      return "the committed rules are malformed; this governance change replaces them";
    case "removes-intents-file":
      return `this commit removes ${intentsFilePath}: commits after it are no longer governed by intentguard`;
    case "amend":
      return "amend: judged as the whole amended commit against its parent";
    case "pending-governance":
      if (!note.valid) {
        return `the rules in ${note.where} differ from the committed ones, and are not valid yet`;
      }
      return (
        `the rules in ${note.where} differ from the committed ones${note.wouldAllow ? " and would allow this commit" : ""}, ` +
        "but a commit is judged by the rules of its parent, so no commit can widen its own scope. " +
        `Commit the rules on their own first (git commit -m "…" -- ${note.paths.map(fromTop).join(" ")}), then commit this change.`
      );
    case "intents-restored-from":
      return `the parent has no ${intentsFilePath} because ${note.commit.slice(0, 12)} removed it: judged by the governance before that commit`;
    case "trailer-missing":
      return `INTENTGUARD_INTENT=${note.declared} is set, but the commit carries no Intent: trailer (the commit-msg hook did not run: --no-verify?); commit without --no-verify, or add "Intent: ${note.declared}" to the message`;
    case "signature-at-committer-date":
      return "its SSH signature was checked as git checks it, with the key's allowed signers window at the commit's committer date (an audit of history); as commits land (the hooks, check --ci, pre-receive), the key's entry must also be valid now";
    case "checked-before-editor":
      return "checked before the message editor opened: fix what is staged, or commit under another intent with INTENTGUARD_INTENT=<ID> git commit";
    case "refused-command":
      return refusedCommandText(note.command);
  }
}

/** What the refused command left behind, and the commands that go on from there. */
function refusedCommandText(command: RefusedCommand): string {
  const editMessage = 'git commit -e -F "$(git rev-parse --git-path COMMIT_EDITMSG)"';
  switch (command) {
    case "commit":
      return `nothing was committed, and your changes are where they were; your message is kept (if you committed with -a or paths, add them again): fix the change, then ${editMessage}`;
    case "merge":
      return "the merge was not committed (MERGE_HEAD is kept): fix the result and git commit, or git merge --abort";
    case "pick":
      return 'nothing was committed: the picked changes are staged and their message is in MERGE_MSG; commit them under an intent with git commit -e -F "$(git rev-parse --git-path MERGE_MSG)", or drop them with git reset --merge';
    case "cherry-pick":
      return "the cherry-pick was not committed: fix it and git cherry-pick --continue (or commit it under an intent), or git cherry-pick --abort";
    case "revert":
      return "the revert was not committed: fix it and git revert --continue (or commit it under an intent), or git revert --abort";
    case "rebase":
      return "the branch was not updated: HEAD is at the rebased commits; fix them (git commit --amend, git rebase --edit-todo) and git rebase --continue, or go back with git rebase --abort";
    case "am":
      return "the patch was not committed: fix it and git am --continue, or git am --abort";
    case "ref-update":
      return "the branch was not moved";
  }
}

import { intentsFilePath } from "../core/governance-files.js";
import type { Advice, RefusedCommand, VerdictNote } from "../core/judge/verdict.js";
import { shellQuote } from "./shell-quote.js";

/** How many paths a suggested command names before it says "…". */
const pathsInCommand = 3;

/** A finding's next step in words, with the command that takes it (copy-pasteable). */
export function adviceText(advice: Advice): string {
  switch (advice.kind) {
    case "declare-one-intent":
      return "declare one intent: remove the extra Intent: trailers, or unset INTENTGUARD_INTENT / drop --intent";
    case "select-intent":
      if (advice.intents.length === 0) {
        return `no intent is IN_PROGRESS: set one to status: IN_PROGRESS in ${intentsFilePath} and commit that file on its own`;
      }
      return `select the intent this work serves: intentguard select <ID>, one of: ${advice.intents
        .map((intent) => `${intent.id} (${intent.name})`)
        .join(", ")}`;
    case "add-intent-trailer":
      return "or add a trailer line to the message: Intent: <ID>";
    case "commit-governance-first":
      return `commit the rules on their own first: git commit -- ${advice.paths.map(shellQuote).join(" ")}`;
    case "commit-rest-under-intent":
      return "then commit the rest under its intent";
    case "set-in-progress":
      return `or set ${advice.intent} to status: IN_PROGRESS in ${intentsFilePath} and commit that file on its own`;
    case "commit-as-assigned-agent":
      return `commit as ${advice.agent}, or reassign the intent (assigned_agent in ${intentsFilePath}) in a governance commit`;
    case "use-covering-intent":
      return `${advice.intent.id} (${advice.intent.name}) covers ${advice.paths === 1 ? "it" : "all of them"}: commit them under it, e.g. intentguard select ${advice.intent.id}`;
    case "unstage": {
      const shown = advice.paths.slice(0, pathsInCommand).map(shellQuote).join(" ");
      const more = advice.paths.length > pathsInCommand ? " …" : "";
      return `split the commit: unstage what is outside the scope with git restore --staged -- ${shown}${more}`;
    }
    case "extend-scope":
      return `or widen ${advice.intent}: add an extended_scope grant for these paths in ${intentsFilePath}, have it approved, and commit that file on its own`;
    case "restore-intents-file":
      return `put it back: git restore --staged --worktree --source=HEAD -- ${intentsFilePath} (to retire intentguard, run intentguard uninstall and remove the file with INTENTGUARD=0 git commit)`;
    case "fix-governance":
      return "fix the file (the lines above name where), stage it, and commit it on its own";
  }
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
    case "governance-only":
      return "governance change: it edits the rules only, needs no intent, and is judged by the rules of its parent";
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
        `Commit the rules on their own first (git commit -m "…" -- ${note.paths.map(shellQuote).join(" ")}), then commit this change.`
      );
    case "message-kept":
      return `your message is kept in ${note.file}: reuse it with git commit -e -F ${note.file}`;
    case "intents-restored-from":
      return `the parent has no ${intentsFilePath} because ${note.commit.slice(0, 12)} removed it: judged by the governance before that commit`;
    case "trailer-missing":
      return `INTENTGUARD_INTENT=${note.declared} is set, but the commit carries no Intent: trailer (the commit-msg hook did not run: --no-verify?); commit without --no-verify, or add "Intent: ${note.declared}" to the message`;
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
      return `nothing was committed, and your changes are where they were; your message is kept: fix the change, then ${editMessage}`;
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

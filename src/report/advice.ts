import { intentsFilePath } from "../core/governance-files.js";
import type { Advice, VerdictNote } from "../core/judge/verdict.js";
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
        `Commit the rules on their own first (git commit -m "…" -- ${intentsFilePath}), then commit this change.`
      );
    case "message-kept":
      return `your message is kept in ${note.file}: reuse it with git commit -e -F ${note.file}`;
  }
}

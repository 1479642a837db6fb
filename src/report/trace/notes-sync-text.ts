import { notesRef } from "../../core/trace/notes-ref.js";
import type { NotesSync } from "../../core/trace/notes-sync.js";
import { printable } from "../text/messages.js";

/** What `trace push`, `trace fetch` and pre-push did with the trace notes, as one sentence. */
export function notesSyncText(sync: NotesSync): string {
  switch (sync.kind) {
    case "nothing-to-push":
      return "no trace notes to push yet";
    case "pushed":
      return `pushed ${notesRef} to ${printable(sync.remote)}`;
    case "remote-has-none":
      return `${printable(sync.remote)} has no trace notes yet`;
    case "merged":
      return `merged ${printable(sync.remote)}'s trace notes into ${notesRef}`;
    case "remote-notes-not-commit":
      return `${printable(sync.remote)}'s ${notesRef} names a blob or a tree, not a notes commit, so its traces cannot be merged and ours were not sent: whoever keeps that repository must point the ref back at its notes commit (git update-ref), or delete it`;
    case "failed": {
      const direction = sync.action === "push" ? "to" : "from";
      return `could not ${sync.action} ${notesRef} ${direction} ${printable(sync.remote)}; git said: ${gitSaid(sync.gitSays)}`;
    }
  }
}

/**
 * git's standard error on one line: its non-blank lines, trimmed, joined. At most its last 600
 * characters: git's own verdict comes last, after whatever a server's hook printed.
 */
function gitSaid(stderr: string): string {
  const said = stderr
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "")
    .join(" ");
  if (said === "") return "(nothing)";
  return printable(said.length > 600 ? `…${said.slice(-600)}` : said);
}

import { notesRef } from "../../core/trace/notes-ref.js";

/** Why a reader finds no trace records at all in a clone that has a remote, and the way out. */
function notesNotFetchedText(command: string): string {
  return `no trace records in this clone (${notesRef} does not exist); fetch the team's: ${command} trace fetch`;
}

/** `trace log` and `trace verify` print it on stderr, beside the report it explains. */
export function notesNotFetchedMessage(command: string): string {
  return `intentguard: ${notesNotFetchedText(command)}\n`;
}

/** What `trace show` knows of why a commit has no record. */
export type UntracedReason = "before-adoption" | "notes-not-fetched" | "unknown";

/** `trace show` of a commit without a record: the reason when it is known, else the candidates. */
export function untracedCommitMessage(
  commit: string,
  reason: UntracedReason,
  command: string,
): string {
  switch (reason) {
    case "before-adoption":
      return `${commit} was made before this history adopted intentguard, so it has no trace record.`;
    case "notes-not-fetched":
      // No closing period: the line ends with a command to paste.
      return `${commit} has no trace record: ${notesNotFetchedText(command)}`;
    case "unknown":
      return `${commit} has no trace record (untraced: made with hooks off, or its notes were not fetched: ${command} trace fetch).`;
  }
}

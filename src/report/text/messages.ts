import type { LockHolder } from "../../core/lock-holder.js";
import { shellQuote } from "../../core/text/shell-quote.js";
import { notesRef } from "../../core/trace/notes-ref.js";
import type { InvalidNoteLine } from "../../trace/read-records.js";
import { plural } from "./count.js";
import { describeHolder } from "./lock-holder-text.js";

/**
 * The one-line messages intentguard prints outside its reports, in one place so their wording
 * stays consistent and is easy to find.
 */

/** A hook that must not fail (the commit already happened) could not write a trace. */
export function hookErrorMessage(hook: string, commit: string | null, message: string): string {
  return `intentguard: ${hook} could not record the trace of ${commit ?? "the commit"} (${message.split("\n")[0]}). The commit stands; intentguard trace verify lists it as untraced.\n`;
}

/**
 * The ledger could not be appended while tracing: the records were written all the same. When
 * they anchor lines the ledger does not have, verify says so; without an anchor, nothing vouches
 * for their id, time or contributor.
 */
export function ledgerNotAppendedMessage(
  commits: readonly string[],
  message: string,
  anchored: boolean,
): string {
  const consequence = anchored
    ? "intentguard trace verify will report their ledger lines as missing"
    : "they carry no ledger anchor, so this clone's ledger does not vouch for them";
  return `intentguard: the trace of ${commits.join(", ")} is written, but not to this clone's ledger (${message.split("\n")[0]}). The commits stand and are traced; ${consequence}.\n`;
}

/** A blocked commit could not be written to the ledger. */
export function denialNotRecordedMessage(message: string): string {
  return `intentguard: the denial could not be written to the ledger: ${message}\n`;
}

/** pre-push could not push the trace notes; the user's push goes on. */
export function notesNotPushedMessage(reason: string, remote: string, command: string): string {
  return `intentguard: ${reason}. Your push goes on; retry the traces with: ${command} trace push ${printable(shellQuote(remote))}\n`;
}

/** pre-push failed unexpectedly; the user's push goes on. */
export function notesPushFailedMessage(reason: string, remote: string, command: string): string {
  return `intentguard: could not push the trace notes (${printable(reason)}). Your push goes on; retry with: ${command} trace push ${printable(shellQuote(remote))}\n`;
}

const controlCharacters =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we escape
  /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * Text from outside intentguard (a note's line, the parser's message quoting it) as one line a
 * terminal prints as it is: control characters, escape sequences included, are written \uXXXX,
 * and so are the bidirectional controls that would show the text in another order than it has
 * (the "trojan source" marks: U+202A–U+202E, U+2066–U+2069, U+200E, U+200F, U+061C).
 */
export function printable(text: string): string {
  return text.replace(
    controlCharacters,
    (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}

/**
 * The note lines a reader (trace log, export, map) skipped, each with its commit and line number,
 * then how to find and fix them; empty when there are none. At most `shown` lines are listed.
 */
export function skippedNoteLinesMessage(invalid: readonly InvalidNoteLine[], shown = 10): string {
  if (invalid.length === 0) return "";
  const lines = invalid
    .slice(0, shown)
    .map(
      ({ commit, line, problem }) =>
        `intentguard: skipped line ${line} of the trace note of ${commit}: ${printable(problem)}\n`,
    );
  const more = invalid.length > shown ? `, ${invalid.length - shown} more not listed` : "";
  const count = plural(invalid.length, "note line");
  return `${lines.join("")}intentguard: ${count} skipped${more}: not trace records (written by another tool or clone, or edited by hand); only the valid records are counted. intentguard trace verify lists them all; to fix one, rewrite that commit's note: git notes --ref=${notesRef} edit <commit>\n`;
}

/** A read with nothing to read: HEAD is a branch with no commits yet. */
export function noCommitsYetMessage(nothingTo: string): string {
  return `intentguard: this branch has no commits yet: nothing to ${nothingTo}.\n`;
}

/** A remote argument git would read as an option (`--receive-pack=…`), or an empty one. */
export function badRemoteMessage(remote: string, command: string): string {
  const why =
    remote.trim() === "" ? "is empty" : 'starts with "-", which git would read as an option';
  return `the remote ${JSON.stringify(remote)} ${why}. Name a remote or a URL (git remote -v lists them; git remote rename renames one that starts with "-"), e.g. intentguard ${command} origin.`;
}

/** A revision argument git would read as an option, or an empty one. */
export function badRevisionMessage(rev: string, usage: string): string {
  const why =
    rev.trim() === ""
      ? "is empty"
      : 'starts with "-", as no revision does (git would read it as an option)';
  return `the revision ${JSON.stringify(rev)} ${why}. Name a commit, e.g. HEAD~1 or a SHA. Usage: ${usage}`;
}

/** A --since git cannot read as a date (git log would silently read it as "now"). */
export function badSinceMessage(since: string): string {
  return `--since ${JSON.stringify(since)} is not a date git can read. Use a date or an age, e.g. --since 2024-01-31 or --since "2 weeks ago".`;
}

/** A CI event that brings no commits (a branch deleted): nothing was judged, and it says so. */
export function noCommitsToCheck(source: string): string {
  return `intentguard: ${source} brings no commits to check (nothing was judged).`;
}

/** A lock another process holds is being waited for: said once, a second into the wait. */
export function lockWaitMessage(holder: LockHolder): string {
  return `intentguard: waiting for ${holder.file}, held by ${describeHolder(holder)}; up to 10 s.\n`;
}

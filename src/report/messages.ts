/**
 * The one-line messages intentguard prints outside its reports, in one place so their wording
 * stays consistent and is easy to find.
 */

/** A hook that must not fail (the commit already happened) could not write a trace. */
export function hookErrorMessage(hook: string, commit: string | null, message: string): string {
  return `intentguard: ${hook} could not record the trace of ${commit ?? "the commit"} (${message.split("\n")[0]}). The commit stands; intentguard trace verify lists it as untraced.\n`;
}

/** A blocked commit could not be written to the ledger. */
export function denialNotRecordedMessage(message: string): string {
  return `intentguard: the denial could not be written to the ledger: ${message}\n`;
}

/** pre-commit's block under the selection is provisional: commit-msg decides. */
export function provisionalBlockMessage(intent: string): string {
  return `• intentguard: not allowed under the selected ${intent}; commit-msg decides (an Intent: trailer in the message outranks the selection)\n`;
}

/** pre-push could not push the trace notes; the user's push goes on. */
export function notesNotPushedMessage(reason: string, remote: string): string {
  return `intentguard: ${reason}. Your push goes on; retry the traces with: intentguard trace push ${remote}\n`;
}

/** pre-push failed unexpectedly; the user's push goes on. */
export function notesPushFailedMessage(reason: string, remote: string): string {
  return `intentguard: could not push the trace notes (${reason}). Your push goes on; retry with: intentguard trace push ${remote}\n`;
}

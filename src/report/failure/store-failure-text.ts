import type { StoreFailure } from "../../core/failure/store-failure.js";
import { describeHolder } from "../text/lock-holder-text.js";

/** The words for a file intentguard keeps that it cannot use. */
export function storeFailureText(failure: StoreFailure, command: string): string {
  switch (failure.kind) {
    case "lock-held":
      return `${failure.lockFile} stayed locked for ${failure.waitedSeconds} s, held by ${describeHolder(failure.holder)}. If that is no intentguard or git command at work, stop it or remove that file.`;
    case "ledger-not-regular-file":
      return `the ledger ${failure.file} is not a regular file (a directory, a device, a FIFO or a socket is in its place). Move it away; intentguard starts a new ledger there, and verify reports the records that anchored the old one.`;
    case "escapes-damaged":
      return `${failure.file} is not the list of commits an agent's shell got past the commit gate that intentguard keeps (a JSON list): what it held cannot be told, so nothing is taken for undone. Look at it; when every commit it named is undone (or was never there), remove it.`;
    case "selection-damaged":
      return (
        `${failure.file} is not a valid intent selection (expected JSON like {"version":1,"intent":"INT-001",…}). ` +
        `Choose again with \`${command} select <ID>\`, or remove it with \`${command} select --clear\`.`
      );
  }
}

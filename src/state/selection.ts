import { rmSync } from "node:fs";
import path from "node:path";
import { type Clock, isoMillis } from "../core/clock.js";
import { intentIdPattern } from "../core/intent/intent-id.js";
import { ExitCode, FailureError } from "../errors.js";
import { writeFileAtomic } from "../fs/atomic-write.js";
import { fileSystemError } from "../fs/fs-error.js";
import { readIfExists } from "../fs/read-if-exists.js";

/** This work tree's chosen intent, stored under `git rev-parse --git-path intentguard/`. */
export interface Selection {
  version: 1;
  intent: string;
  selected_at: string;
}

const what = "the intent selection";

function selectionFile(stateDir: string): string {
  return path.join(stateDir, "selection.json");
}

/**
 * The selected intent ID, or undefined when none is selected. A damaged or unreadable file fails
 * closed, explained (exit 2).
 */
export function readSelection(stateDir: string): string | undefined {
  const file = selectionFile(stateDir);
  const text = readIfExists(file, what)?.toString("utf8");
  if (text === undefined) return undefined;
  const selection = parseSelection(text);
  if (!selection) {
    throw new FailureError({ kind: "selection-damaged", file }, ExitCode.CannotEvaluate);
  }
  return selection.intent;
}

function parseSelection(text: string): Selection | null {
  try {
    const value = JSON.parse(text) as Partial<Selection> | null;
    if (value?.version !== 1 || typeof value.intent !== "string") return null;
    return intentIdPattern.test(value.intent) ? (value as Selection) : null;
  } catch {
    return null;
  }
}

/**
 * Selects `intent` for this work tree, atomically: a state directory that cannot take the file
 * (no permission, a file in its place, a full or read-only disk) fails explained, leaving the
 * previous selection as it was. Returns the undo, which puts the previous selection back, for a
 * caller whose next step (recording the event in the ledger) fails.
 */
export function writeSelection(stateDir: string, clock: Clock, intent: string): () => void {
  const file = selectionFile(stateDir);
  const previous = previousContent(file);
  const selection: Selection = { version: 1, intent, selected_at: isoMillis(clock.now()) };
  writeFileAtomic(file, `${JSON.stringify(selection)}\n`, undefined, what);
  return () => {
    if (previous === undefined) removeSelection(file);
    else writeFileAtomic(file, previous, undefined, what);
  };
}

/** The selection file's bytes before a write; undefined when it is absent or unreadable. */
function previousContent(file: string): Buffer | undefined {
  try {
    return readIfExists(file, what);
  } catch {
    return undefined; // unreadable: the undo removes what replaced it
  }
}

export function clearSelection(stateDir: string): boolean {
  return removeSelection(selectionFile(stateDir));
}

function removeSelection(file: string): boolean {
  try {
    rmSync(file);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") return false; // nothing there, nor can there be
    throw fileSystemError(error, file, "remove", what);
  }
}

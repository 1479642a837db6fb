import { rmSync } from "node:fs";
import path from "node:path";
import { intentIdPattern } from "../core/intent-id.js";
import { IntentguardError } from "../errors.js";
import { writeFileAtomic } from "../fs/atomic-write.js";
import { readIfExists } from "../fs/read-if-exists.js";

/** This work tree's chosen intent, stored under `git rev-parse --git-path intentguard/`. */
export interface Selection {
  version: 1;
  intent: string;
  selected_at: string;
}

function selectionFile(stateDir: string): string {
  return path.join(stateDir, "selection.json");
}

/** The selected intent ID, or undefined when none is selected. A damaged file fails closed. */
export function readSelection(stateDir: string): string | undefined {
  const file = selectionFile(stateDir);
  const text = readIfExists(file)?.toString("utf8");
  if (text === undefined) return undefined;
  const selection = parseSelection(text);
  if (!selection) {
    throw new IntentguardError(
      `${file} is not a valid intent selection (expected JSON like {"version":1,"intent":"INT-001",…}). ` +
        "Choose again with `intentguard select <ID>`, or remove it with `intentguard select --clear`.",
    );
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

export function writeSelection(stateDir: string, intent: string): void {
  const selection: Selection = { version: 1, intent, selected_at: new Date().toISOString() };
  writeFileAtomic(selectionFile(stateDir), `${JSON.stringify(selection)}\n`);
}

export function clearSelection(stateDir: string): boolean {
  const file = selectionFile(stateDir);
  try {
    rmSync(file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return false;
    throw error;
  }
}

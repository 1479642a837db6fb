import { readFile, rm } from "node:fs/promises";
import path from "node:path";
import { intentIdPattern } from "../core/intent-id.js";
import { IntentguardError } from "../errors.js";
import { writeFileAtomic } from "../fs/atomic-write.js";

/** This work tree's chosen intent, stored under `git rev-parse --git-path intentguard/`. */
export interface Selection {
  version: 1;
  intent: string;
  selected_at: string;
}

export function selectionFile(stateDir: string): string {
  return path.join(stateDir, "selection.json");
}

/** The selected intent ID, or undefined when none is selected. A damaged file fails closed. */
export async function readSelection(stateDir: string): Promise<string | undefined> {
  const file = selectionFile(stateDir);
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
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

export async function writeSelection(stateDir: string, intent: string): Promise<void> {
  const selection: Selection = { version: 1, intent, selected_at: new Date().toISOString() };
  await writeFileAtomic(selectionFile(stateDir), `${JSON.stringify(selection)}\n`);
}

export async function clearSelection(stateDir: string): Promise<boolean> {
  const file = selectionFile(stateDir);
  try {
    await rm(file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return false;
    throw error;
  }
}

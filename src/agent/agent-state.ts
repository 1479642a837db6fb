import { readdirSync } from "node:fs";
import path from "node:path";

/**
 * Where a work tree keeps what its agents were seen writing, under its own git directory
 * (`<git-dir>/intentguard/agent/`): `before/` the files as they were before a tool call,
 * `lines/` each file's observed lines, `checkpoints.jsonl` the log of every write seen.
 */
export function checkpointDir(stateDir: string): string {
  return path.join(stateDir, "agent");
}

export function observedLinesDir(stateDir: string): string {
  return path.join(checkpointDir(stateDir), "lines");
}

/**
 * Whether any agent's lines wait to be committed here: one directory read, and nothing of the
 * observation code (or jsdiff) loaded on an ordinary commit.
 */
export function hasObservedLines(stateDir: string): boolean {
  try {
    return readdirSync(observedLinesDir(stateDir)).length > 0;
  } catch {
    return false;
  }
}

import { type CompiledGlob, compileGlob } from "./glob.js";

/**
 * A scope pattern ready to match, in a form that survives JSON (the rules cache stores it, so a
 * hook with a warm cache compiles nothing).
 */
export interface CompiledPattern {
  /** The normalised pattern as written in the intents file. */
  pattern: string;
  /** For a glob, its compiled alternatives; absent for a file or directory name. */
  glob?: CompiledGlob;
}

/**
 * Compiles a normalised pattern: a glob when it has glob syntax, else a file or directory. The
 * intents schema refuses every pattern compileGlob refuses, so a refusal here is a bug.
 */
export function compilePattern(pattern: string): CompiledPattern {
  const compiled = compileGlob(pattern);
  if (!compiled.ok) {
    throw new Error(`scope pattern "${pattern}" ${compiled.problem}; the schema should refuse it`);
  }
  return compiled.kind === "glob" ? { pattern, glob: compiled.glob } : { pattern };
}

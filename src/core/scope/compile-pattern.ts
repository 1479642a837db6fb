import picomatch from "picomatch";

/**
 * A scope pattern ready to match, in a form that survives JSON (the rules cache stores it, so a
 * hook with a warm cache never loads picomatch).
 */
export interface CompiledPattern {
  /** The normalised pattern as written in the intents file. */
  pattern: string;
  /** For a glob, the picomatch regular expression; absent for a file or directory name. */
  glob?: { source: string; flags: string };
}

const globOptions = { dot: true, windows: false } as const;

/** Compiles a normalised pattern: a glob when it has glob syntax, else a file or directory. */
export function compilePattern(pattern: string): CompiledPattern {
  if (!picomatch.scan(pattern).isGlob) return { pattern };
  const regex = picomatch.makeRe(pattern, globOptions);
  return { pattern, glob: { source: regex.source, flags: regex.flags } };
}

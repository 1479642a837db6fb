import type { CompiledPattern } from "./compile-pattern.js";
import { globMatcher } from "./glob.js";

export type PathPredicate = (path: string) => boolean;

/**
 * Turns a compiled pattern into a predicate. A name without glob syntax admits itself and what
 * is below it (`src/auth` admits `src/auth/x`, never `src/authz`). A glob admits what it matches
 * (picomatch's meaning, without its backtracking regular expressions), and also the path spelled
 * exactly like it and what is below that, so `app/[id]` (a Next.js route folder) works without
 * escaping the brackets.
 */
export function patternMatcher(compiled: CompiledPattern): PathPredicate {
  const name = compiled.pattern;
  const below = `${name}/`;
  const isNameOrBelow = (path: string) => path === name || path.startsWith(below);
  if (!compiled.glob) return isNameOrBelow;
  const matches = globMatcher(compiled.glob);
  return (path) => matches(path) || isNameOrBelow(path);
}

import type { CompiledPattern } from "./compile-pattern.js";
import type { AllowPattern, EffectiveScope } from "./effective-scope.js";
import { isPlainRepoPath } from "./normalise-pattern.js";
import { type PathPredicate, patternMatcher } from "./pattern-matcher.js";

/** The answer for one path, with the pattern that decided it. */
export type Admission =
  | { admitted: true; by: AllowPattern }
  | { admitted: false; reason: "forbidden"; by: CompiledPattern }
  | { admitted: false; reason: "outside" }
  | { admitted: false; reason: "not a plain path" };

export type ScopeJudge = (path: string) => Admission;

/**
 * Builds the judge for an effective scope: regular expressions are built once, then each path
 * costs a few regex tests. Deny wins over every allow; an empty scope admits nothing.
 */
export function scopeJudge(scope: EffectiveScope): ScopeJudge {
  const deny = scope.deny.map((pattern) => [pattern, patternMatcher(pattern)] as const);
  const allow = scope.allow.map((pattern) => [pattern, patternMatcher(pattern)] as const);
  return (path) => {
    if (!isPlainRepoPath(path)) return { admitted: false, reason: "not a plain path" };
    const denied = firstMatch(deny, path);
    if (denied) return { admitted: false, reason: "forbidden", by: denied };
    const allowed = firstMatch(allow, path);
    return allowed ? { admitted: true, by: allowed } : { admitted: false, reason: "outside" };
  };
}

function firstMatch<P>(matchers: ReadonlyArray<readonly [P, PathPredicate]>, path: string) {
  return matchers.find(([, matches]) => matches(path))?.[0];
}

import { compilePattern } from "./compile-pattern.js";
import type { EffectiveScope, GrantState } from "./effective-scope.js";
import type { GuardedAdmission, PathPolicy } from "./path-policy.js";
import { type PathPredicate, patternMatcher } from "./pattern-matcher.js";

/** A grant that does not count (not approved, stale, or approved by someone not allowed). */
export type PendingGrant = GrantState & { counted: false };

/**
 * Finds, for a path the scope refuses, the first grant of the intent that does not count but
 * would admit the path if it did: the grant to approve. A forbidden path never has one (deny wins
 * over every grant); a protected path only one whose matching pattern lies inside the protected
 * paths. Built on the blocked path only: it compiles the pending grants' patterns.
 */
export function pendingGrantFinder(
  scope: EffectiveScope,
  paths: PathPolicy,
): (path: string, admission: GuardedAdmission) => PendingGrant | null {
  const pending = scope.grants.flatMap((state) =>
    state.counted
      ? []
      : [
          {
            state: state as PendingGrant,
            patterns: state.paths.map((pattern): [PathPredicate, string] => [
              patternMatcher(compilePattern(pattern)),
              pattern,
            ]),
          },
        ],
  );
  return (path, admission) => {
    if (admission.admitted) return null;
    if (admission.reason !== "outside" && admission.reason !== "protected") return null;
    const isProtected = admission.reason === "protected" || paths.protectedBy(path) !== null;
    for (const { state, patterns } of pending) {
      const admits = patterns.some(
        ([matches, pattern]) => matches(path) && (!isProtected || paths.liesInside(pattern)),
      );
      if (admits) return state;
    }
    return null;
  };
}

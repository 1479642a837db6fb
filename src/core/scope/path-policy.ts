import type { Policy } from "../config/policy-schema.js";
import type { Admission } from "./admit-path.js";
import { scopeAdmitter } from "./admit-path.js";
import { type CompiledPattern, compilePattern } from "./compile-pattern.js";
import type { AllowPattern, EffectiveScope } from "./effective-scope.js";
import { foldPath } from "./fold-path.js";
import { isPlainRepoPath } from "./normalise-pattern.js";
import { type PathPredicate, patternMatcher } from "./pattern-matcher.js";
import { staticPrefix } from "./static-prefix.js";

/**
 * The policy's `paths` section, compiled for one judgement: which paths need an intent, and which
 * are protected.
 */
export interface PathPolicy {
  /**
   * Whether a commit touching `path` needs an intent: it matches `paths.require_intent`, or it is
   * protected (a protected path always needs one, or a commit without an intent could touch it),
   * or it is not a plain repository path (fail closed).
   */
  needsIntent: PathPredicate;
  /** The first `paths.protected` pattern that matches `path`, or null. */
  protectedBy: (path: string) => CompiledPattern | null;
  /** Whether any path is protected at all (the usual answer, no, costs nothing per path). */
  protects: boolean;
  /**
   * Whether an allow pattern lies inside the protected paths: read as a path (its static prefix,
   * or the pattern itself spelled out, so that listing a protected pattern works), a protected
   * pattern matches it. `infra` and `infra/**` lie inside a protected `infra/**`; `**` and
   * `src/**` do not.
   */
  liesInside: (pattern: string) => boolean;
}

export function pathPolicy(policy: Policy["paths"]): PathPolicy {
  const guards = policy.protected.map((pattern): [PathPredicate, CompiledPattern] => {
    const compiled = compilePattern(pattern);
    return [patternMatcher(compiled), compiled];
  });
  // Like forbidden_scope, protection holds in every spelling another OS treats as the same file
  // (foldPath): `Infra/x.tf` is `infra/x.tf` on a macOS or Windows checkout.
  const guardsFolded = guards.map(([, compiled]): [PathPredicate, CompiledPattern] => [
    patternMatcher(compilePattern(foldPath(compiled.pattern))),
    compiled,
  ]);
  const protectedBy = (path: string): CompiledPattern | null => {
    for (const [matches, pattern] of guards) if (matches(path)) return pattern;
    if (guardsFolded.length === 0) return null;
    const folded = foldPath(path);
    for (const [matches, pattern] of guardsFolded) if (matches(folded)) return pattern;
    return null;
  };
  const everything = policy.require_intent.includes("**");
  const required = policy.require_intent.map((pattern) => patternMatcher(compilePattern(pattern)));
  const needsIntent = (path: string): boolean =>
    everything ||
    !isPlainRepoPath(path) ||
    required.some((matches) => matches(path)) ||
    protectedBy(path) !== null;
  const liesInside = (pattern: string): boolean => {
    const prefix = staticPrefix(pattern);
    return (prefix !== "" && protectedBy(prefix) !== null) || protectedBy(pattern) !== null;
  };
  return { needsIntent, protectedBy, protects: guards.length > 0, liesInside };
}

/** A protected path that the scope admits only through a pattern that does not lie inside it. */
export interface ProtectedRefusal {
  readonly admitted: false;
  readonly reason: "protected";
  /** The protected pattern the path matches. */
  readonly by: CompiledPattern;
  /** The broad allow pattern that admits it otherwise. */
  readonly broad: AllowPattern;
}

export type GuardedAdmission = Admission | ProtectedRefusal;
export type GuardedAdmitter = (path: string) => GuardedAdmission;

/**
 * The scope's admitter under the path policy: deny wins over everything, as ever; a protected
 * path is admitted only by an allow pattern (owned or a counted grant) that lies inside the
 * protected paths, never by a broad one such as `**`. Without protected paths it is the scope's
 * own admitter.
 */
export function guardedAdmitter(scope: EffectiveScope, paths: PathPolicy): GuardedAdmitter {
  const admit = scopeAdmitter(scope);
  if (!paths.protects) return admit;
  const inside = new Set<AllowPattern>();
  const explicit: [PathPredicate, AllowPattern][] = [];
  for (const pattern of scope.allow) {
    if (!paths.liesInside(pattern.pattern)) continue;
    inside.add(pattern);
    explicit.push([patternMatcher(pattern), pattern]);
  }
  return (path) => {
    const admission = admit(path);
    if (!admission.admitted || inside.has(admission.by)) return admission;
    const guard = paths.protectedBy(path);
    if (!guard) return admission;
    for (const [matches, by] of explicit) if (matches(path)) return { admitted: true, by };
    return { admitted: false, reason: "protected", by: guard, broad: admission.by };
  };
}

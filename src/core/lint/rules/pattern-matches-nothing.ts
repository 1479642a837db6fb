import { compilePattern } from "../../scope/compile-pattern.js";
import { foldPath } from "../../scope/fold-path.js";
import { type PathPredicate, patternMatcher } from "../../scope/pattern-matcher.js";
import type { LintDraft } from "../lint-finding.js";
import type { LintRule } from "./rule.js";

/**
 * `pattern_matches_nothing`: every pattern of an open intent (owned, forbidden, a grant's)
 * matches a tracked file; one that does not is a typo, or files still to come.
 */
export const patternMatchesNothing: LintRule = ({ open, files, at }) =>
  open.flatMap(({ intent, index }) => {
    const found: LintDraft[] = [];
    const check = (
      field: "owned_scope" | "forbidden_scope" | "extended_scope",
      patterns: readonly string[],
      keys: (position: number) => (string | number)[],
      grant: number | null,
      folded: boolean,
    ) => {
      patterns.forEach((pattern, position) => {
        if (matchesAny(pattern, files, folded)) return;
        found.push({
          code: "pattern_matches_nothing",
          intent: intent.id,
          ...at(keys(position)),
          field,
          grant,
          pattern,
        });
      });
    };
    const under =
      (...keys: (string | number)[]) =>
      (position: number) => ["active_intents", index, ...keys, position];
    check("owned_scope", intent.owned_scope, under("owned_scope"), null, false);
    check("forbidden_scope", intent.forbidden_scope, under("forbidden_scope"), null, true);
    intent.extended_scope.forEach((grant, number) => {
      const keys = under("extended_scope", number, "paths");
      check("extended_scope", grant.paths, keys, number + 1, false);
    });
    return found;
  });

/**
 * Whether a pattern admits any of the tracked files; a forbidden pattern in any spelling the
 * scope's deny folding treats as the same file.
 */
function matchesAny(pattern: string, files: readonly string[], folded: boolean): boolean {
  const matches: PathPredicate = patternMatcher(compilePattern(pattern));
  if (files.some(matches)) return true;
  if (!folded) return false;
  const foldedMatches = patternMatcher(compilePattern(foldPath(pattern)));
  return files.some((file) => foldedMatches(foldPath(file)));
}

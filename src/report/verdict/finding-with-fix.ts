import type { RangeFinding } from "../../core/check/range-check.js";
import type { Advice, Finding } from "../../core/judge/verdict.js";
import { adviceText } from "./advice.js";
import { findingText, rangeFactText } from "./finding-text.js";

/**
 * A finding's words followed by its next steps, on one line: for reports that print a
 * finding's words alone (`check --range`, pre-receive) where the fix must still be said.
 */
export function findingWithFix(finding: Finding, command: string): string {
  return withFix(findingText(finding), finding.advice, command);
}

/** A range report's words for a finding: what it found, then its fix when it carries one. */
export function rangeFindingText(finding: RangeFinding, command: string): string {
  return withFix(rangeFactText(finding.fact, command), finding.fix, command);
}

function withFix(words: string, fix: readonly Advice[], command: string): string {
  if (fix.length === 0) return words;
  return `${words}; to fix: ${fix.map((step) => adviceText(step, command)).join("; ")}`;
}

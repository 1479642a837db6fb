import type { RangeFinding } from "../../core/check/range-check.js";
import type { Advice, Finding } from "../../core/judge/verdict.js";
import { adviceText } from "./advice.js";

/**
 * A finding's message followed by its next steps, on one line: for reports that print a
 * finding's message alone (`check --range`, pre-receive) where the fix must still be said.
 */
export function findingWithFix(finding: Finding): string {
  return withFix(finding.message, finding.advice);
}

/** A range report's words for a finding: its message, then its fix when it carries one. */
export function rangeFindingText(finding: RangeFinding): string {
  return withFix(finding.message, finding.fix);
}

function withFix(message: string, fix: readonly Advice[]): string {
  if (fix.length === 0) return message;
  return `${message}; to fix: ${fix.map(adviceText).join("; ")}`;
}

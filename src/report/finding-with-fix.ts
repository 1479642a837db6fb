import type { Finding } from "../core/judge/verdict.js";
import { adviceText } from "./advice.js";

/**
 * A finding's message followed by its next steps, on one line: for reports that print a
 * finding's message alone (`check --range`, pre-receive) where the fix must still be said.
 */
export function findingWithFix(finding: Finding): string {
  if (finding.advice.length === 0) return finding.message;
  return `${finding.message}; to fix: ${finding.advice.map(adviceText).join("; ")}`;
}

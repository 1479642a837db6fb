import type { Verdict } from "../../core/judge/verdict.js";
import { adviceText, noteText } from "./advice.js";
import { findingText } from "./finding-text.js";

/**
 * A verdict as its stable, versioned JSON (`check --format json`, `status --json`): advice and
 * notes worded, so tools read the same sentences people do.
 */
export function verdictJson(verdict: Verdict, command: string): unknown {
  return {
    version: verdict.version,
    outcome: verdict.outcome,
    kind: verdict.kind,
    intent: verdict.intent,
    // Named one by one: the keys and their order are the format, whatever the finding holds.
    findings: verdict.findings.map((finding) => ({
      rule: finding.rule,
      severity: finding.severity,
      message: findingText(finding),
      paths: finding.paths,
      next: finding.advice.map((step) => adviceText(step, command)),
    })),
    notes: verdict.notes.map(noteText),
    path_count: verdict.path_count,
    touches_rules: verdict.touches_rules,
    paths: verdict.paths,
  };
}

export function formatVerdictJson(verdict: Verdict, command: string): string {
  return `${JSON.stringify(verdictJson(verdict, command), null, 2)}\n`;
}

import type { Finding, Verdict } from "../../core/judge/verdict.js";
import type { CommitHeader } from "../../core/trace/commit-diff.js";
import { plural } from "../text/count.js";
import type { Style } from "../text/style.js";
import { findingText } from "./finding-text.js";
import { findingLines, formatVerdictText } from "./verdict-text.js";

/** A judged commit as the report names it. */
export interface JudgedCommit {
  diff: { commit: CommitHeader };
  verdict: Verdict;
}

/**
 * What the reference-transaction hook says about the commits a ref update brings: for one
 * commit, its verdict as the commit hooks always printed it; for several (a rebase, an am, a
 * branch merged in), each refused commit named with its verdict, or one line for all that were
 * allowed — saying how many got a record now (the others carried theirs: traced where made).
 */
export function formatTransactionReport(
  shown: readonly JudgedCommit[],
  total: number,
  style: Style,
  command: string,
  traced = shown.length,
): string {
  const [only] = shown;
  if (!only) return "";
  if (total === 1) return formatVerdictText(only.verdict, style, command);
  const refused = shown.filter((judged) => judged.verdict.outcome === "blocked");
  if (refused.length === 0) {
    const ungoverned = total - shown.length;
    const rest = ungoverned > 0 ? `; ${ungoverned} without governance, not traced` : "";
    const tracing =
      traced === shown.length
        ? "allowed and traced"
        : `allowed, ${traced} traced now (the others carry their records)`;
    return style.green(`✓ intentguard: ${plural(shown.length, "commit")} ${tracing}${rest}\n`);
  }
  return refused
    .map(
      (judged) =>
        `${style.bold(`commit ${judged.diff.commit.sha.slice(0, 12)} ${judged.diff.commit.subject}`)}\n${formatVerdictText(judged.verdict, style, command)}`,
    )
    .join("");
}

/**
 * What the hook says about a landing as a whole — the rules its tip leaves, its adoptions — each
 * finding headed like a verdict's, then its rule, paths and next steps.
 */
export function formatLandingFindings(
  findings: readonly { commit: string; finding: Finding }[],
  style: Style,
  command: string,
): string {
  return findings
    .map(({ commit, finding }) => {
      const head =
        finding.severity === "error"
          ? [style.red(`✗ intentguard: blocked — ${findingText(finding)}`)]
          : [];
      const about = style.dim(`  commit: ${commit.slice(0, 12)}`);
      return `${[...head, ...findingLines(finding, [], style, command), about].join("\n")}\n`;
    })
    .join("");
}

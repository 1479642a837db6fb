import type { Verdict } from "../core/judge/verdict.js";
import type { CommitHeader } from "../core/trace/commit-diff.js";
import { plural } from "./count.js";
import type { Style } from "./style.js";
import { formatVerdictText } from "./verdict-text.js";

/** A judged commit as the report names it. */
export interface JudgedCommit {
  diff: { commit: CommitHeader };
  verdict: Verdict;
}

/**
 * What the reference-transaction hook says about the commits a ref update brings: for one
 * commit, its verdict as the commit hooks always printed it; for several (a rebase, an am), each
 * refused commit named with its verdict, or one line for all that were allowed.
 */
export function formatTransactionReport(
  shown: readonly JudgedCommit[],
  total: number,
  style: Style,
): string {
  const [only] = shown;
  if (!only) return "";
  if (total === 1) return formatVerdictText(only.verdict, style);
  const refused = shown.filter((judged) => judged.verdict.outcome === "blocked");
  if (refused.length === 0) {
    const ungoverned = total - shown.length;
    const rest = ungoverned > 0 ? `; ${ungoverned} without governance, not traced` : "";
    return style.green(
      `✓ intentguard: ${plural(shown.length, "commit")} allowed and traced${rest}\n`,
    );
  }
  return refused
    .map(
      (judged) =>
        `${style.bold(`commit ${judged.diff.commit.sha.slice(0, 12)} ${judged.diff.commit.subject}`)}\n${formatVerdictText(judged.verdict, style)}`,
    )
    .join("");
}

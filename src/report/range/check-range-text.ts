import type { RangeCheck, RangeFinding } from "../../core/check/range-check.js";
import { appendAll } from "../../core/unbounded-arrays.js";
import { displayPath } from "../text/display-path.js";
import { printable } from "../text/messages.js";
import type { Style } from "../text/style.js";
import {
  findingText,
  type ReportedCommit,
  rangeHeadline,
  rangeSummary,
  reportedCommits,
  shortCommit,
  statusWords,
  unlistedCommitLabel,
} from "./check-range-shared.js";

/**
 * The human-readable result of `check --range`: one headline, then each commit that was blocked,
 * could not be judged or drew a warning, with its findings, then one summary line.
 *
 * Every subject, message, path and range comes from the repository or its CI, and each is printed
 * on the one line it belongs to: line breaks, tabs, ESC and every other control character (C0,
 * DEL, C1) are escaped (`\uXXXX`, {@link printable}; a path that would mislead is also quoted,
 * {@link displayPath}). A report line therefore always starts with intentguard's own text — a
 * mark, or indentation and a rule name — never with text a commit chose. That matters beyond
 * looks: `--format github` prints this report in the step log, and the Actions runner reads any
 * line that starts (after whitespace) with `::` as a workflow command, so a raw newline in a file
 * name could otherwise inject `::stop-commands::` or a forged annotation.
 */
export function formatRangeCheckText(
  check: RangeCheck,
  style: Style,
  command: string,
  pushedTo?: string,
): string {
  const lines = [headline(check, style, pushedTo)];
  for (const entry of reportedCommits(check)) {
    if (entry.status !== "allowed" || entry.findings.length > 0)
      appendAll(lines, commitLines(entry, style, command));
  }
  lines.push(style.dim(`  ${rangeSummary(check)}`));
  return `${lines.join("\n")}\n`;
}

/**
 * `pushedTo`: the ref a push updates (pre-receive), named with the range it brings, so a push of
 * several refs says which each headline is about, and a first push is not a bare SHA.
 */
function headline(check: RangeCheck, style: Style, pushedTo?: string): string {
  const { spec, base, head } = check.source;
  const range = base === null ? `${head} and all its history` : spec;
  const named = pushedTo === undefined ? spec : `the push to ${pushedTo} (${range})`;
  const { fails, text } = rangeHeadline(check, printable(named));
  return fails ? style.red(`✗ ${text}`) : style.green(`✓ ${text}`);
}

function commitLines(entry: ReportedCommit, style: Style, command: string): string[] {
  const mark = entry.status === "allowed" ? style.yellow("!") : style.red("✗");
  const subject = entry.subject === null ? unlistedCommitLabel : printable(entry.subject);
  const outcome = entry.status === "error" ? style.dim(` — ${statusWords.error}`) : "";
  const lines = [`${mark} ${style.bold(shortCommit(entry.commit))} ${subject}${outcome}`];
  for (const finding of entry.findings) lines.push(`    ${findingLine(finding, style, command)}`);
  return lines;
}

function findingLine(finding: RangeFinding, style: Style, command: string): string {
  const rule = finding.severity === "warn" ? `${finding.rule} (warning)` : finding.rule;
  return `${style.dim(`${rule}:`)} ${findingText(finding, printable, printablePath, command)}`;
}

/**
 * A path on one line: quoted and JSON-escaped when it would mislead ({@link displayPath}), then
 * any control character JSON leaves raw (DEL, the C1 controls, which a terminal may act on)
 * escaped as well.
 */
export function printablePath(path: string): string {
  return printable(displayPath(path));
}

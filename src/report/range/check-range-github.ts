import type { RangeCheck, RangeFinding } from "../../core/check/range-check.js";
import { count, plural } from "../text/count.js";
import { printable } from "../text/messages.js";
import { rangeFindingText } from "../verdict/finding-with-fix.js";
import {
  rangeCounts,
  rangeHeadline,
  rangeSummary,
  reportedCommits,
  shortCommit,
  unlistedCommitLabel,
} from "./check-range-shared.js";

/**
 * GitHub shows at most 10 error and 10 warning annotations of one step (and 50 per job); the rest
 * are dropped without a word, so we print no more and say how many only the job summary lists.
 * docs.github.com does not state the limit; GitHub staff do, in github.com/orgs/community
 * discussions 26680 and 68471 ("10 warning annotations and 10 error annotations per step").
 */
export const annotationsPerKind = 10;

/**
 * GitHub refuses a step summary over 1 MiB ("each step is restricted to a maximum size of 1MiB",
 * docs.github.com, Workflow commands › Adding a job summary › Step isolation and limits): the
 * table stops short of it with room to spare, and says how many findings it left out.
 */
const summaryBudget = 1_000_000;

/** What `check --range --format github` gives: the workflow commands, and the job summary. */
export interface GithubReport {
  /** Annotations, one workflow command a line, for the step's stdout. */
  commands: string;
  /** Markdown for the file `$GITHUB_STEP_SUMMARY` names. */
  summary: string;
}

export function formatRangeCheckGithub(check: RangeCheck, command: string): GithubReport {
  return {
    commands: formatRangeCheckGithubCommands(check, command),
    summary: formatRangeCheckGithubSummary(check, command),
  };
}

/**
 * One annotation per finding, `::error file=<path>,line=<n>,title=<title>::<message>` (`::warning`
 * for a warning), at most {@link annotationsPerKind} of each kind, in the range's order; file and
 * line only when the finding has them. The command syntax is docs.github.com, Workflow commands for
 * GitHub Actions › Setting an error message / Setting a warning message; the page does not
 * define escaping, so it is that of the runner's own toolkit (actions/toolkit,
 * packages/core/src/command.ts: escapeData and escapeProperty), which the runner decodes.
 */
export function formatRangeCheckGithubCommands(check: RangeCheck, command: string): string {
  const shown = { error: 0, warn: 0 };
  const lines: string[] = [];
  for (const finding of check.findings) {
    if (shown[finding.severity] === annotationsPerKind) continue;
    shown[finding.severity] += 1;
    lines.push(annotation(finding, command));
  }
  const left = check.findings.length - shown.error - shown.warn;
  // A notice is its own kind of annotation, so this one is shown whatever the cap did.
  if (left > 0) {
    lines.push(
      `::notice title=${escapeProperty("intentguard")}::${escapeData(
        `${plural(left, "more finding")} not annotated (GitHub shows ${count(annotationsPerKind)} errors and ${count(annotationsPerKind)} warnings per step): see the job summary`,
      )}`,
    );
  }
  return lines.length === 0 ? "" : `${lines.join("\n")}\n`;
}

function annotation(finding: RangeFinding, command: string): string {
  const kind = finding.severity === "error" ? "error" : "warning";
  const properties: string[] = [];
  if (finding.path !== null) {
    properties.push(`file=${escapeProperty(finding.path)}`);
    if (finding.line !== null) properties.push(`line=${finding.line}`);
  }
  properties.push(`title=${escapeProperty(`intentguard: ${finding.rule}`)}`);
  // The commit goes in the message: an annotation is shown on a file, or on the run, never on a
  // commit, and a finding about no path would otherwise not say which commit it is about.
  const message = `${rangeFindingText(finding, command)} (commit ${shortCommit(finding.commit)})`;
  return `::${kind} ${properties.join(",")}::${escapeData(message)}`;
}

/** A command's message: `%`, CR and LF are percent-encoded (toolkit's escapeData). */
export function escapeData(text: string): string {
  return text.replaceAll("%", "%25").replaceAll("\r", "%0D").replaceAll("\n", "%0A");
}

/** A property's value: as data, and `:` and `,`, which end it (toolkit's escapeProperty). */
export function escapeProperty(text: string): string {
  return escapeData(text).replaceAll(":", "%3A").replaceAll(",", "%2C");
}

/**
 * The job summary: the headline, a table of every finding (commit, rule, severity, intent, path,
 * message), the counts, and how many findings the annotations left out. Everything from the
 * repository is escaped, so a path or message cannot break the table or inject HTML. Headline
 * and counts are the text report's, in its words ("failed", "blocked", "not judged") and its
 * number style ("3,000").
 */
export function formatRangeCheckGithubSummary(check: RangeCheck, command: string): string {
  const { fails, text } = rangeHeadline(check, codeSpan(check.source.spec));
  const headline = `### ${fails ? "✗" : "✓"} ${text}`;
  const out = [headline, ""];
  let length = Buffer.byteLength(headline);
  if (check.findings.length > 0) {
    const subjects = new Map(
      reportedCommits(check).map((entry) => [entry.commit, entry.subject] as const),
    );
    out.push(
      "| commit | rule | severity | intent | path | message |",
      "| --- | --- | --- | --- | --- | --- |",
    );
    let listed = 0;
    for (const finding of check.findings) {
      const row = tableRow(finding, subjects.get(finding.commit) ?? null, command);
      length += Buffer.byteLength(row) + 1;
      if (length > summaryBudget) break;
      out.push(row);
      listed += 1;
    }
    out.push("");
    if (listed < check.findings.length) {
      out.push(
        `${plural(check.findings.length - listed, "more finding")} not listed: a step summary is limited to 1 MiB; \`intentguard check --range\` with \`--format text\` lists them all.`,
        "",
      );
    }
  }
  out.push(`${markdownText(rangeSummary(check))}.`, "", annotationLine(check));
  return `${out.join("\n")}\n`;
}

function annotationLine(check: RangeCheck): string {
  const total = check.findings.length;
  if (total === 0) return "No findings.";
  const { errors, warnings } = rangeCounts(check);
  const annotated = Math.min(annotationsPerKind, errors) + Math.min(annotationsPerKind, warnings);
  const notShown = total - annotated;
  if (notShown === 0) {
    // A finding about no file is annotated on the run, not inline.
    const onRun = check.findings.filter((finding) => finding.path === null).length;
    if (onRun === 0) return `All ${plural(total, "finding")} are annotated inline.`;
    return `All ${plural(total, "finding")} are annotated: ${count(total - onRun)} inline on their files, ${count(onRun)} on the run (they name no file).`;
  }
  return `${count(notShown)} of ${plural(total, "finding")} not shown inline as annotations: GitHub shows at most ${count(annotationsPerKind)} errors and ${count(annotationsPerKind)} warnings per step.`;
}

function tableRow(finding: RangeFinding, subject: string | null, command: string): string {
  const commit = `${codeSpan(shortCommit(finding.commit))} ${subject === null ? unlistedCommitLabel : markdownText(subject)}`;
  const path =
    finding.path === null
      ? "—"
      : `${codeSpan(finding.path)}${finding.line === null ? "" : ` line ${finding.line}`}`;
  const cells = [
    commit,
    codeSpan(finding.rule),
    finding.severity,
    finding.intent === null ? "—" : markdownText(finding.intent),
    path,
    markdownText(rangeFindingText(finding, command)),
  ];
  return `| ${cells.join(" | ")} |`;
}

/**
 * Text in a table cell, shown as written: Markdown's punctuation backslash-escaped (`|` would end
 * the cell, a backtick open code), `<` and `&` as entities (no HTML gets through), line breaks as
 * `<br>` (a raw one would end the row), other control characters as \uXXXX.
 */
export function markdownText(text: string): string {
  const escaped = text
    .replace(/[\\`*_[\]|~]/g, (character) => `\\${character}`)
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replace(/\r\n|\r|\n/g, "<br>");
  return printable(escaped);
}

/**
 * Text as code in a table cell: code keeps every character but `|` (escaped, as GFM tables
 * require even in code) and control characters (\uXXXX), behind a fence longer than any run of
 * backticks inside.
 */
export function codeSpan(text: string): string {
  const inner = printable(text).replaceAll("|", "\\|");
  const longestRun = Math.max(0, ...(inner.match(/`+/g) ?? []).map((run) => run.length));
  const fence = "`".repeat(longestRun + 1);
  const pad = longestRun > 0 || inner.startsWith(" ") || inner.endsWith(" ") ? " " : "";
  return `${fence}${pad}${inner}${pad}${fence}`;
}

import type { RangeCheck, RangeFinding } from "../../core/check/range-check.js";
import { rangeFindingText } from "../verdict/finding-with-fix.js";
import {
  findingText,
  type ReportedCommit,
  reportedCommits,
  shortCommit,
  statusWords,
  unlistedCommitLabel,
} from "./check-range-shared.js";

/**
 * `check --range --format junit`: one `<testsuite name="intentguard check">`, one `<testcase>` per
 * commit checked (and per other commit a finding names), so CI test views list the range commit by
 * commit. A blocked commit (by its rules, or by an error about its trace) gets one `<failure>`, a
 * commit that could not be judged one `<error>`, each with every finding of the commit in its body;
 * warnings alone leave the test passing and go to `<system-out>`. So `tests`, `failures` and
 * `errors` are the text summary's commits, blocked and not judged (plus, in `tests` and
 * `failures`, any commit a finding names that was not checked, which should never happen).
 *
 * The testcase's name, `<short SHA> <subject>`, is its identity across runs; its classname is the
 * constant `intentguard.commit`, so a CI service's test history follows a commit whichever rule
 * it breaks (a classname per rule would turn one commit into a new test each time that changed).
 */
export function formatRangeCheckJunit(check: RangeCheck, command: string): string {
  const commits = reportedCommits(check);
  const failures = commits.filter((entry) => entry.status === "blocked").length;
  const errors = commits.filter((entry) => entry.status === "error").length;
  const suite = attributes({
    name: "intentguard check",
    tests: String(commits.length),
    failures: String(failures),
    errors: String(errors),
    skipped: "0",
  });
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuite ${suite}>`,
    "  <properties>",
    `    <property ${attributes({ name: "range", value: check.source.spec })}/>`,
    `    <property ${attributes({ name: "skipped_before_adoption", value: String(check.skipped.before_adoption) })}/>`,
    `    <property ${attributes({ name: "traces_checked", value: String(check.traces_checked) })}/>`,
    "  </properties>",
    ...commits.flatMap((entry) => testcase(entry, command)),
    "</testsuite>",
  ];
  return `${lines.join("\n")}\n`;
}

function testcase(entry: ReportedCommit, command: string): string[] {
  const name = `${shortCommit(entry.commit)} ${entry.subject ?? unlistedCommitLabel}`;
  const open = `  <testcase ${attributes({ classname: "intentguard.commit", name })}`;
  const body = text(entry.findings.map((finding) => findingLine(finding, command)).join("\n"));
  if (entry.status === "allowed") {
    if (entry.findings.length === 0) return [`${open}/>`];
    return [`${open}>`, `    <system-out>${body}</system-out>`, "  </testcase>"];
  }
  // The first error names the failure; a blocked commit always has one, but never pass on that.
  const element = entry.status === "error" ? "error" : "failure";
  const first = entry.findings.find((finding) => finding.severity === "error") ?? entry.findings[0];
  const more = entry.findings.length > 1 ? ` (and ${entry.findings.length - 1} more)` : "";
  const attrs = attributes({
    message: `${(first && rangeFindingText(first, command)) ?? (element === "error" ? statusWords.error : statusWords.blocked)}${more}`,
    type: first?.rule ?? element,
  });
  return [`${open}>`, `    <${element} ${attrs}>${body}</${element}>`, "  </testcase>"];
}

function findingLine(finding: RangeFinding, command: string): string {
  const asIs = (text: string) => text;
  return `${finding.rule} (${finding.severity}): ${findingText(finding, asIs, asIs, command)}`;
}

function attributes(values: Record<string, string>): string {
  return Object.entries(values)
    .map(([key, value]) => `${key}="${attribute(value)}"`)
    .join(" ");
}

/**
 * What the report drops from text and attributes:
 * - characters XML 1.0 does not allow in a document at all (§2.2 Char), which no escape can
 *   carry: C0 controls but tab, LF and CR; lone surrogates; U+FFFE and U+FFFF;
 * - DEL and the C1 controls (U+007F–U+009F), which XML 1.0 allows but discourages (§2.2, on
 *   compatibility characters), XML 1.1 admits (U+0085 aside) only as character references, and a
 *   terminal showing the report may act on (U+009B opens an escape sequence, as ESC [ does).
 * So every control character is treated alike, as the text report escapes them all: tab, LF and
 * CR are kept as XML whitespace, every other one is dropped, none is passed through raw.
 */
const forbidden =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we drop
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * Character data: what {@link forbidden} matches dropped, the five special characters as entities,
 * CR as a reference (parsers would drop it).
 */
export function text(value: string): string {
  return value
    .replace(forbidden, "")
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&apos;")
    .replaceAll("\r", "&#13;");
}

/** An attribute value: as text, and tab and LF as references, which normalisation would blank. */
export function attribute(value: string): string {
  return text(value).replaceAll("\t", "&#9;").replaceAll("\n", "&#10;");
}

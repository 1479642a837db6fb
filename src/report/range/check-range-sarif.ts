import type { CheckRule, RangeCheck, RangeFinding } from "../../core/check/range-check.js";
import { intentsFilePath } from "../../core/governance/governance-files.js";
import { rangeFindingText } from "../verdict/finding-with-fix.js";
import { rangeCounts, ruleDescriptions, shortCommit } from "./check-range-shared.js";

/**
 * Where a rule's help lives: the docs shipped in the package (they are on no registry or site yet,
 * so SARIF's informationUri and helpUri, both optional, are left out rather than dead links).
 */
const packagedDocs = "node_modules/intentguard/docs";

/**
 * The base every artifact URI is relative to: the repository's root, wherever it was checked out
 * (SARIF 2.1.0 §3.4.4; GitHub code scanning resolves relative URIs against the repository root).
 */
const srcRoot = "%SRCROOT%";

/**
 * `check --range --format sarif`: a SARIF 2.1.0 log with one run, one result per finding.
 *
 * - `ruleId` is the rule's name, stable across releases; `rules` lists the rules the findings use,
 *   sorted by name, and `ruleIndex` points into it.
 * - The location is the finding's repo-relative path as a URI reference (percent-encoded:
 *   {@link artifactUri}) against `%SRCROOT%`, with `region.startLine` only where a line is known.
 * - A finding about no path (no intent declared, the parent's rules unreadable) is placed on the
 *   intents file, `.orchestration/active_intents.yaml`, line 1 (`region.startLine: 1`), and marked
 *   so with `properties.location: "intents-file"` on the result; a finding about a path has no
 *   such property. SARIF itself allows a result without `locations` (§3.27.12), but GitHub code
 *   scanning rejects the whole upload over one ("locationFromSarifResult: expected at least one
 *   location": github/codeql-action issues 1738 and 2459), losing every other result with it. The
 *   intents file is the file a commit's intent is looked up in and the one path every governed
 *   commit has, and GitLab's report places such findings there too. The message still says what
 *   the finding is about and names the commit; line 1 says only "this file", and a tool that must
 *   not read it as a problem in that file can tell by the property.
 * - `partialFingerprints["intentguard/v1"]` is the finding's fingerprint (rule, intent, path,
 *   commit: never the line), so reruns match. GitHub code scanning reads only its own
 *   `primaryLocationLineHash`, which upload-sarif computes from the checked-out file.
 * - `properties` carries the commit and the intent; the run's `properties` the range and the
 *   counts, in the text summary's words (`commits`, `commits_allowed`, `commits_blocked`,
 *   `commits_not_judged`, `skipped_before_adoption`).
 *
 * `versionControlProvenance` is left out: it requires the repository's URI, which a range check
 * does not know.
 */
export function formatRangeCheckSarif(
  check: RangeCheck,
  toolVersion: string,
  command: string,
): string {
  return `${JSON.stringify(rangeCheckSarif(check, toolVersion, command), null, 2)}\n`;
}

export function rangeCheckSarif(check: RangeCheck, toolVersion: string, command: string): unknown {
  const used = [...new Set(check.findings.map((finding) => finding.rule))].sort();
  const index = new Map(used.map((rule, position) => [rule, position] as const));
  return {
    $schema: "https://json.schemastore.org/sarif-2.1.0.json",
    version: "2.1.0",
    runs: [
      {
        tool: {
          driver: {
            name: "intentguard",
            version: toolVersion,
            rules: used.map(ruleDescriptor),
          },
        },
        originalUriBaseIds: {
          // No uri: the checkout's absolute path is machine-specific, and SARIF lets it be left out
          // (§3.14.14) while the description says what the base is.
          [srcRoot]: {
            description: { text: "The root of the repository whose commits were checked." },
          },
        },
        results: check.findings.map((finding) =>
          result(finding, index.get(finding.rule) ?? 0, command),
        ),
        properties: {
          range: check.source.spec,
          source: check.source.kind,
          base: check.source.base,
          head: check.source.head,
          ...runCounts(check),
          skipped_before_adoption: check.skipped.before_adoption,
          traces_checked: check.traces_checked,
        },
      },
    ],
  };
}

function runCounts(check: RangeCheck) {
  const counts = rangeCounts(check);
  return {
    commits: counts.commits,
    commits_allowed: counts.allowed,
    commits_blocked: counts.blocked,
    commits_not_judged: counts.notJudged,
  };
}

function ruleDescriptor(rule: CheckRule) {
  const { text, section } = ruleDescriptions[rule];
  return {
    id: rule,
    name: rule,
    shortDescription: { text },
    // GitHub code scanning asks for both descriptions and help.text; one sentence serves all three.
    fullDescription: { text },
    help: { text: `${text} See ${packagedDocs}/${section}.` },
  };
}

function result(finding: RangeFinding, ruleIndex: number, command: string) {
  return {
    ruleId: finding.rule,
    ruleIndex,
    level: finding.severity === "error" ? "error" : "warning",
    // The commit is part of what the finding says: code scanning shows no properties.
    message: {
      text: `${rangeFindingText(finding, command)} (commit ${shortCommit(finding.commit)})`,
    },
    locations: [
      finding.path === null ? location(intentsFilePath, 1) : location(finding.path, finding.line),
    ],
    partialFingerprints: { "intentguard/v1": finding.fingerprint },
    properties: {
      commit: finding.commit,
      intent: finding.intent,
      ...(finding.path === null ? { location: "intents-file" } : {}),
    },
  };
}

function location(path: string, line: number | null) {
  return {
    physicalLocation: {
      artifactLocation: { uri: artifactUri(path), uriBaseId: srcRoot },
      ...(line === null ? {} : { region: { startLine: line } }),
    },
  };
}

/** Characters a URI path keeps as they are (RFC 3986 pchar and `/`, less `:`). */
const uriSafe = /^[A-Za-z0-9\-._~!$&'()*+,;=@/]$/;
const utf8 = new TextEncoder();

/**
 * A repo-relative POSIX path as a relative URI reference: every character but RFC 3986's
 * unreserved and sub-delims, `@` and `/` is percent-encoded as UTF-8 with upper-case hex — space,
 * `%`, `#`, `?`, non-ASCII (SARIF §3.10.4: a URI SHALL NOT contain "é"; it becomes "%C3%A9").
 * `:` is encoded too, since in a first segment it would read as a scheme (`a:b` is absolute).
 */
export function artifactUri(path: string): string {
  let uri = "";
  for (const character of path) {
    if (uriSafe.test(character)) {
      uri += character;
      continue;
    }
    for (const byte of utf8.encode(character))
      uri += `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return uri;
}

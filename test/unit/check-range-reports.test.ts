import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  type RangeCheck,
  type RangeFinding,
  type RangeFindingFact,
  rangeFinding,
  verdictFindings,
} from "../../src/core/check/range-check.js";
import type { Finding, Verdict } from "../../src/core/judge/verdict.js";
import { UsageError } from "../../src/errors.js";
import {
  escapeData,
  escapeProperty,
  formatRangeCheckGithub,
  formatRangeCheckGithubSummary,
} from "../../src/report/range/check-range-github.js";
import { formatRangeCheckGitlab } from "../../src/report/range/check-range-gitlab.js";
import { formatRangeCheckJson, rangeCheckJson } from "../../src/report/range/check-range-json.js";
import {
  formatRangeCheckJunit,
  text as xmlText,
} from "../../src/report/range/check-range-junit.js";
import { artifactUri, formatRangeCheckSarif } from "../../src/report/range/check-range-sarif.js";
import { formatRangeCheckText } from "../../src/report/range/check-range-text.js";
import {
  formatRangeCheck,
  parseRangeCheckFormat,
  rangeCheckFormats,
} from "../../src/report/range/write-range-check.js";
import { printable } from "../../src/report/text/messages.js";
import { plainStyle } from "../../src/report/text/style.js";
import { adviceText } from "../../src/report/verdict/advice.js";
import { findingText } from "../../src/report/verdict/finding-text.js";
import { rangeFindingText } from "../../src/report/verdict/finding-with-fix.js";
import { verdictJson } from "../../src/report/verdict/verdict-json.js";
import { sarifValidator } from "../support/schema-validators.js";

/** How the hints name intentguard: as a project dependency runs it. */
const command = "npx intentguard";

// --- The fixture: a range of three commits, built as check --range builds one. ---

const sha = (label: string) => createHash("sha1").update(label).digest("hex");
const base = sha("base");
const allowed = sha("allowed");
const blocked = sha("blocked");
const broken = sha("broken");
const short = (commit: string) => commit.slice(0, 12);

/** A path with a space, `%`, a comma and a colon; one with non-ASCII letters. */
const oddPath = "docs/50% off, final: v2.md";
const unicodePath = "src/auth/café/ログイン.ts";

function verdict(outcome: Verdict["outcome"], findings: Finding[]): Verdict {
  return {
    version: 1,
    outcome,
    kind: "intent",
    intent: {
      id: "INT-001",
      name: "Auth",
      status: "IN_PROGRESS",
      source: "trailer",
      scope: { owned: ["src/auth"], extended: [], forbidden: [] },
    },
    findings,
    notes: [],
    path_count: 2,
    touches_rules: false,
    paths: [],
  };
}

const allowedVerdict = verdict("allowed", [
  {
    rule: "assigned_agent",
    severity: "warn",
    fact: { kind: "assigned-agent", intent: "INT-001", assigned: "builder", agent: "reviewer" },
    paths: [],
    advice: [{ kind: "commit-as-assigned-agent", intent: "INT-001", agent: "builder" }],
  },
]);
const blockedVerdict = verdict("blocked", [
  {
    rule: "scope",
    severity: "error",
    fact: { kind: "outside-scope", intent: "INT-001", name: "Auth", paths: 2, forbidden: 0 },
    paths: [oddPath, unicodePath],
    advice: [{ kind: "extend-scope", intent: "INT-001", paths: [oddPath, unicodePath] }],
  },
]);
const lineOf = (path: string) => (path === oddPath ? 7 : null);

/**
 * A trace record that disagrees with its commit, naming a file the commit has (`path`) as missing
 * from it: the name is passed through as it is, a line break included, so each report must
 * escape it.
 */
const tamperedFact = (path: string): RangeFindingFact => ({
  kind: "trace-problems",
  problems: [{ kind: "tampered", detail: { kind: "file-missing", path } }],
});
const tamperedWords = (path: string) =>
  `the commit's trace record disagrees with the commit: ${path}: missing from the record`;

const tampered = rangeFinding({
  rule: "trace_tampered",
  severity: "error",
  commit: blocked,
  intent: "INT-001",
  path: "src/auth/login.ts",
  line: null,
  fact: tamperedFact("the blob hash differs\nfrom the commit's"),
});
const unreadable = rangeFinding({
  rule: "governance_unreadable",
  severity: "error",
  commit: broken,
  intent: null,
  path: null,
  line: null,
  fact: {
    kind: "rules-unreadable",
    error: ".orchestration/active_intents.yaml:3:5: bad indentation\nof a mapping entry",
  },
});

/** Subject with XML's five specials, a BEL (forbidden in XML 1.0) and a character git allows. */
const blockedSubject = "Tweak \"pricing\" & <docs>\u0007 'now'";

const check: RangeCheck = {
  version: 1,
  source: { kind: "--range", spec: "main..feature", base, head: broken },
  commits: [
    { commit: allowed, subject: "Add login form", outcome: "allowed", verdict: allowedVerdict },
    { commit: blocked, subject: blockedSubject, outcome: "blocked", verdict: blockedVerdict },
    { commit: broken, subject: "Refactor auth", outcome: "error", verdict: null },
  ],
  skipped: { before_adoption: 2 },
  traces_checked: true,
  findings: [
    ...verdictFindings(allowed, allowedVerdict, () => null),
    ...verdictFindings(blocked, blockedVerdict, lineOf),
    tampered,
    unreadable,
  ],
};
const [agentWarning, oddScope, unicodeScope] = check.findings as [
  RangeFinding,
  RangeFinding,
  RangeFinding,
];

/** Another finding like `finding`, its fingerprint computed afresh for what changed. */
function like(finding: RangeFinding, changes: Partial<Omit<RangeFinding, "fingerprint">>) {
  const { fingerprint: _, ...rest } = finding;
  return rangeFinding({ ...rest, ...changes });
}

/** A check with 12 errors and 11 warnings: more of each than GitHub annotates per step. */
function manyFindings(): RangeCheck {
  const findings = [
    ...Array.from({ length: 12 }, (_, n) =>
      like(oddScope, { path: `src/e${n}.ts`, fact: tamperedFact(`error ${n}`) }),
    ),
    ...Array.from({ length: 11 }, (_, n) =>
      like(agentWarning, { path: `src/w${n}.ts`, fact: tamperedFact(`warning ${n}`) }),
    ),
  ];
  return { ...check, findings };
}

// --- Independent oracles ---

function expectedFingerprint(finding: RangeFinding): string {
  const key = JSON.stringify([finding.rule, finding.intent, finding.path, finding.commit]);
  return createHash("sha256").update(key, "utf8").digest("hex");
}

interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  /** The element's own character data, concatenated. */
  text: string;
}

/**
 * A strict parser of the XML subset JUnit reports use (declaration, elements, attributes, text,
 * the five entities and character references), independent of the formatter: it refuses a raw
 * `<` or stray `&`, mismatched tags and characters XML 1.0 forbids, and normalises attribute
 * whitespace and line ends as an XML processor must.
 */
function parseXml(xml: string): XmlElement {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: these are what XML 1.0 forbids
  const forbidden = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/;
  if (forbidden.test(xml)) throw new Error("a character XML 1.0 forbids");
  if (/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(xml))
    throw new Error("a lone surrogate");
  const entity = /&(#x[0-9a-fA-F]+|#[0-9]+|amp|lt|gt|quot|apos);/g;
  const decode = (raw: string) => {
    if (/&(?!(#x[0-9a-fA-F]+|#[0-9]+|amp|lt|gt|quot|apos);)/.test(raw)) throw new Error("stray &");
    const named: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
    return raw.replace(entity, (_, ref: string) =>
      ref.startsWith("#x")
        ? String.fromCodePoint(Number.parseInt(ref.slice(2), 16))
        : ref.startsWith("#")
          ? String.fromCodePoint(Number.parseInt(ref.slice(1), 10))
          : (named[ref] as string),
    );
  };
  let at = 0;
  const source = xml.replace(/\r\n?/g, "\n");
  const declaration = /^<\?xml [^?]*\?>\s*/.exec(source);
  if (declaration) at = declaration[0].length;
  const expect = (pattern: RegExp): RegExpExecArray => {
    pattern.lastIndex = at;
    const match = pattern.exec(source);
    if (!match || match.index !== at) throw new Error(`expected ${pattern} at ${at}`);
    at += match[0].length;
    return match;
  };
  const element = (): XmlElement => {
    const name = expect(/<([A-Za-z_][\w.-]*)/y)[1] as string;
    const attributes: Record<string, string> = {};
    for (;;) {
      const attribute = /\s+([A-Za-z_][\w.-]*)="([^"<]*)"|\s+([A-Za-z_][\w.-]*)='([^'<]*)'/y;
      attribute.lastIndex = at;
      const match = attribute.exec(source);
      if (!match) break;
      at += match[0].length;
      const key = (match[1] ?? match[3]) as string;
      if (key in attributes) throw new Error(`duplicate attribute ${key}`);
      attributes[key] = decode((match[2] ?? match[4] ?? "").replace(/[\t\n]/g, " "));
    }
    const node: XmlElement = { name, attributes, children: [], text: "" };
    if (expect(/\s*(\/?>)/y)[1] === "/>") return node;
    for (;;) {
      if (source.startsWith("</", at)) {
        const closing = expect(/<\/([A-Za-z_][\w.-]*)\s*>/y)[1];
        if (closing !== name) throw new Error(`</${closing}> closes <${name}>`);
        return node;
      }
      if (source.startsWith("<", at)) node.children.push(element());
      else node.text += decode(expect(/[^<]+/y)[0]);
    }
  };
  const root = element();
  if (source.slice(at).trim() !== "") throw new Error("content after the root element");
  return root;
}

// --- The tests ---

describe("range findings' fingerprints", () => {
  it("are SHA-256 of [rule, intent, path, commit], computed independently", () => {
    for (const finding of check.findings)
      expect(finding.fingerprint).toBe(expectedFingerprint(finding));
    expect(new Set(check.findings.map((finding) => finding.fingerprint)).size).toBe(5);
  });

  it("do not change when only the line does", () => {
    const { fingerprint: _, ...rest } = oddScope;
    expect(rangeFinding({ ...rest, line: 8 }).fingerprint).toBe(oddScope.fingerprint);
    expect(rangeFinding({ ...rest, line: null }).fingerprint).toBe(oddScope.fingerprint);
    const moved = verdictFindings(blocked, blockedVerdict, () => 99);
    expect(moved.map((finding) => finding.fingerprint)).toEqual([
      oddScope.fingerprint,
      unicodeScope.fingerprint,
    ]);
    expect(moved.map((finding) => finding.line)).toEqual([99, 99]);
  });
});

describe("verdictFindings with a fix", () => {
  const intents = ".orchestration/active_intents.yaml";
  const conflict: Finding = {
    rule: "governance_conflict",
    severity: "error",
    fact: {
      kind: "rules-conflict",
      file: intents,
      field: "active_intents[INT-005].status",
      target: "main",
    },
    paths: [intents],
    advice: [{ kind: "rebase-rules-change", onto: "main" }],
  };
  const saysFix = (finding: Finding) => finding.rule === "governance_conflict";

  it("carries the fix of a finding it fixes, worded after the message, and leaves the others as they were", () => {
    const fixed = verdictFindings(blocked, verdict("blocked", [conflict]), () => 3, saysFix);
    expect(fixed).toHaveLength(1);
    expect(fixed[0]?.fact).toEqual({ kind: "judged", fact: conflict.fact, path: null });
    expect(fixed[0]?.fix).toEqual(conflict.advice);
    expect(rangeFindingText(fixed[0] as RangeFinding, command)).toBe(
      `${findingText(conflict)}; to fix: rebase the rules change onto main (git rebase main), resolve the rules there, and land it again: a rules change applies as a change to the rules in force, never as a copy of older rules`,
    );
    expect(fixed[0]?.path).toBe(intents);
    expect(fixed[0]?.line).toBe(3);
    // The fingerprint is what the finding is about, not its wording.
    const plain = verdictFindings(blocked, verdict("blocked", [conflict]), () => 3);
    expect(rangeFindingText(plain[0] as RangeFinding, command)).toBe(
      `${findingText(conflict)}: ${intents}`,
    );
    expect(fixed[0]?.fingerprint).toBe(plain[0]?.fingerprint);
    expect(verdictFindings(blocked, blockedVerdict, lineOf, saysFix)).toEqual(
      verdictFindings(blocked, blockedVerdict, lineOf),
    );
  });
});

describe("formatRangeCheckText", () => {
  it("gives the headline, each failing or warned commit with its findings, and the counts", () => {
    expect(formatRangeCheckText(check, plainStyle, command)).toBe(
      [
        "✗ intentguard: 2 of 3 commits in main..feature failed (1 blocked, 1 not judged)",
        `! ${short(allowed)} Add login form`,
        "    assigned_agent (warning): intent INT-001 is assigned to agent builder, and this commit comes from agent reviewer",
        `✗ ${short(blocked)} Tweak "pricing" & <docs>\\u0007 'now'`,
        "    scope: 2 paths outside the scope of INT-001 (Auth): docs/50% off, final: v2.md (line 7)",
        "    scope: 2 paths outside the scope of INT-001 (Auth): src/auth/café/ログイン.ts",
        // A line break in a finding's words is escaped like any control character: one finding,
        // one line.
        `    trace_tampered: ${tamperedWords("the blob hash differs\\u000afrom the commit's")} (src/auth/login.ts)`,
        `✗ ${short(broken)} Refactor auth — not judged`,
        // A parse error's lines, joined: one finding, one line.
        "    governance_unreadable: the rules this commit is judged by cannot be read: .orchestration/active_intents.yaml:3:5: bad indentation; of a mapping entry",
        "  3 commits: 1 allowed, 1 blocked, 1 not judged; 2 commits before adoption skipped; 4 errors, 1 warning; traces checked",
        "",
      ].join("\n"),
    );
  });

  it("says allowed when nothing fails, and when there was nothing to judge", () => {
    const passing: RangeCheck = {
      ...check,
      commits: check.commits.slice(0, 1),
      findings: [agentWarning],
      traces_checked: false,
      skipped: { before_adoption: 0 },
    };
    expect(formatRangeCheckText(passing, plainStyle, command)).toBe(
      [
        "✓ intentguard: 1 commit in main..feature allowed",
        `! ${short(allowed)} Add login form`,
        "    assigned_agent (warning): intent INT-001 is assigned to agent builder, and this commit comes from agent reviewer",
        "  1 commit: 1 allowed, 0 blocked, 0 not judged; 0 commits before adoption skipped; 0 errors, 1 warning; traces not checked",
        "",
      ].join("\n"),
    );
    const empty: RangeCheck = { ...passing, commits: [], findings: [] };
    expect(formatRangeCheckText(empty, plainStyle, command).split("\n")[0]).toBe(
      "✓ intentguard: no commits in main..feature to judge",
    );
  });

  it("says when SSH signatures were checked at their commits' committer dates (an audit)", () => {
    const audited = (count: number): RangeCheck => ({
      ...check,
      commits: check.commits.slice(0, count).map((entry) => ({
        ...entry,
        verdict: {
          ...(entry.verdict as Verdict),
          notes: [{ kind: "signature-at-committer-date" }],
        },
      })),
      findings: [],
    });
    const summary = (count: number) =>
      formatRangeCheckText(audited(count), plainStyle, command).trimEnd().split("\n").at(-1);
    expect(summary(1)).toBe(
      "  1 commit: 1 allowed, 0 blocked, 0 not judged; 2 commits before adoption skipped; 0 errors, 0 warnings; traces checked; 1 SSH signature checked at its commit's committer date (git's check; as commits land, keys are checked now)",
    );
    expect(summary(2)).toContain(
      "; 2 SSH signatures checked at their commits' committer dates (git's check; as commits land, keys are checked now)",
    );
    expect(verdictJson(audited(1).commits[0]?.verdict as Verdict, command)).toMatchObject({
      notes: [
        "its SSH signature was checked as git checks it, with the key's allowed signers window at the commit's committer date (an audit of history); as commits land (the hooks, check --ci, pre-receive), the key's entry must also be valid now",
      ],
    });
  });

  it("counts a commit the judge allowed but whose trace fails as blocked", () => {
    const traceOnly: RangeCheck = {
      ...check,
      commits: check.commits.slice(0, 1),
      findings: [like(tampered, { commit: allowed })],
    };
    const text = formatRangeCheckText(traceOnly, plainStyle, command);
    expect(text.split("\n")[0]).toBe(
      "✗ intentguard: 1 of 1 commit in main..feature failed (1 blocked)",
    );
    expect(text).toContain(`✗ ${short(allowed)} Add login form\n`);
    expect(text).toContain("\n  1 commit: 0 allowed, 1 blocked, 0 not judged;");
    // JSON says what the text says, whatever outcome the check was built with.
    const json = rangeCheckJson(traceOnly, command) as {
      outcome: string;
      commits: { outcome: string }[];
    };
    expect(json.outcome).toBe("failed");
    expect(json.commits.map((entry) => entry.outcome)).toEqual(["blocked"]);
    const suite = parseXml(formatRangeCheckJunit(traceOnly, command));
    expect(suite.attributes).toMatchObject({ tests: "1", failures: "1", errors: "0" });
  });

  it("fails a range whose only failure is a commit not judged, in every report's words", () => {
    const erredOnly: RangeCheck = {
      ...check,
      commits: [check.commits[0], check.commits[2]] as RangeCheck["commits"],
      findings: [unreadable],
    };
    const headline = "intentguard: 1 of 2 commits in main..feature failed (1 not judged)";
    const summary =
      "2 commits: 1 allowed, 0 blocked, 1 not judged; 2 commits before adoption skipped; 1 error, 0 warnings; traces checked";
    const text = formatRangeCheckText(erredOnly, plainStyle, command).split("\n");
    expect(text[0]).toBe(`✗ ${headline}`);
    expect(text.at(-2)).toBe(`  ${summary}`);
    const markdown = formatRangeCheckGithubSummary(erredOnly, command);
    expect(markdown.split("\n")[0]).toBe(
      "### ✗ intentguard: 1 of 2 commits in `main..feature` failed (1 not judged)",
    );
    expect(markdown).toContain(`\n${summary}.\n`);
    const json = rangeCheckJson(erredOnly, command) as {
      outcome: string;
      commits: { outcome: string }[];
    };
    expect(json.outcome).toBe("failed");
    expect(json.commits.map((entry) => entry.outcome)).toEqual(["allowed", "error"]);
    const suite = parseXml(formatRangeCheckJunit(erredOnly, command));
    expect(suite.attributes).toMatchObject({ tests: "2", failures: "0", errors: "1" });
    const sarif = JSON.parse(formatRangeCheckSarif(erredOnly, "0.1.0", command));
    expect(sarif.runs[0].properties).toMatchObject({
      commits: 2,
      commits_allowed: 1,
      commits_blocked: 0,
      commits_not_judged: 1,
    });
  });

  it("prints every count with thousands separators, in the headline and the summary alike", () => {
    const commits = Array.from({ length: 3000 }, (_, n) => ({
      commit: sha(`c${n}`),
      subject: `Commit ${n}`,
      outcome: "allowed" as const,
      verdict: allowedVerdict,
    }));
    const findings = [0, 1, 2].map((n) =>
      like(tampered, { commit: sha(`c${n}`), path: `src/${n}.ts` }),
    );
    const big: RangeCheck = { ...check, commits, findings, skipped: { before_adoption: 1234 } };
    const text = formatRangeCheckText(big, plainStyle, command).split("\n");
    expect(text[0]).toBe("✗ intentguard: 3 of 3,000 commits in main..feature failed (3 blocked)");
    expect(text.at(-2)).toBe(
      "  3,000 commits: 2,997 allowed, 3 blocked, 0 not judged; 1,234 commits before adoption skipped; 3 errors, 0 warnings; traces checked",
    );
    const markdown = formatRangeCheckGithubSummary(big, command);
    expect(markdown.split("\n")[0]).toBe(
      "### ✗ intentguard: 3 of 3,000 commits in `main..feature` failed (3 blocked)",
    );
    expect(markdown).toContain("\n3,000 commits: 2,997 allowed, 3 blocked, 0 not judged; 1,234");
    // No count of four digits or more without its separator (a SHA's digits are amid letters).
    const bareNumber = /(?<![\w.,])\d{4,}(?![\w,])/;
    expect(markdown).not.toMatch(bareNumber);
    expect(text.join("\n")).not.toMatch(bareNumber);
    // Machine formats keep plain numbers.
    expect(parseXml(formatRangeCheckJunit(big, command)).attributes.tests).toBe("3000");
  });
});

describe("the text report of names a commit chose (GitHub prints it in the step log)", () => {
  /** A file name with a newline: the runner would read its second line as a workflow command. */
  const injectedPath = "inj\n::stop-commands::zz";
  const hostileVerdict = verdict("blocked", [
    {
      rule: "scope",
      severity: "error",
      fact: { kind: "outside-scope", intent: "INT-001", name: "Auth", paths: 1, forbidden: 0 },
      paths: [injectedPath],
      advice: [],
    },
  ]);
  const hostile: RangeCheck = {
    ...check,
    source: { ...check.source, spec: "main..x\n::notice::spec" },
    commits: [
      {
        commit: blocked,
        subject: "Subject\r::warning::forged\u001b[2J",
        outcome: "blocked",
        verdict: hostileVerdict,
      },
    ],
    findings: [
      ...verdictFindings(blocked, hostileVerdict, () => 1),
      like(tampered, {
        path: "a\r\n\t::error file=x::forged",
        fact: tamperedFact("msg\n  ::add-mask::secret\ttab\u007f\u009b1m"),
      }),
    ],
  };
  const text = formatRangeCheckText(hostile, plainStyle, command);
  const { commands } = formatRangeCheckGithub(hostile, command);

  it("escapes \\n, CR, tab, ESC, DEL and C1 in printable", () => {
    expect(printable("a\nb\rc\td\u001be\u007ff\u009bg")).toBe(
      "a\\u000ab\\u000dc\\u0009d\\u001be\\u007ff\\u009bg",
    );
  });

  it("escapes the bidirectional controls that show text in another order, and keeps other text", () => {
    expect(printable("a\u202eb\u2066c\u2069d\u200fe\u061cf")).toBe(
      "a\\u202eb\\u2066c\\u2069d\\u200fe\\u061cf",
    );
    expect(printable("café ログイン ✓ עברית")).toBe("café ログイン ✓ עברית");
  });

  it("prints every path, subject and message on its own line, escaped", () => {
    expect(text).toBe(
      [
        "✗ intentguard: 1 of 1 commit in main..x\\u000a::notice::spec failed (1 blocked)",
        `✗ ${short(blocked)} Subject\\u000d::warning::forged\\u001b[2J`,
        '    scope: 1 path outside the scope of INT-001 (Auth): "inj\\n::stop-commands::zz" (line 1)',
        `    trace_tampered: ${tamperedWords("msg\\u000a  ::add-mask::secret\\u0009tab\\u007f\\u009b1m")} ("a\\r\\n\\t::error file=x::forged")`,
        "  1 commit: 0 allowed, 1 blocked, 0 not judged; 2 commits before adoption skipped; 2 errors, 0 warnings; traces checked",
        "",
      ].join("\n"),
    );
    // biome-ignore lint/suspicious/noControlCharactersInRegex: no control character but the line ends
    expect(text).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/);
  });

  it("lets no line of the step log start with :: but the annotations github emits", () => {
    // As `check --range --format github` writes stdout: the text report, then the commands.
    const log = `${text}${commands}`;
    const emitted = commands.trimEnd().split("\n");
    expect(emitted.every((line) => /^::(error|warning|notice) /.test(line))).toBe(true);
    // The runner splits lines at LF and at CR; it trims leading whitespace before `::`.
    const commandLines = log
      .split(/\r\n|\r|\n/)
      .filter((line) => line.trimStart().startsWith("::"));
    expect(commandLines).toEqual(emitted);
    expect(text.split(/\r\n|\r|\n/).filter((line) => line.trimStart().startsWith("::"))).toEqual(
      [],
    );
  });
});

describe("reports of a finding about a commit that was not checked", () => {
  const stray = like(tampered, { commit: base });
  const onlyStray: RangeCheck = { ...check, commits: check.commits.slice(0, 1), findings: [stray] };

  it("list it after the judged commits, and fail on it", () => {
    expect(formatRangeCheckText(onlyStray, plainStyle, command)).toBe(
      [
        "✗ intentguard: 1 error in main..feature",
        // Not "not judged": that is a checked commit that could not be judged, and is counted.
        `✗ ${short(base)} (not among the commits checked)`,
        `    trace_tampered: ${tamperedWords("the blob hash differs\\u000afrom the commit's")} (src/auth/login.ts)`,
        "  1 commit: 1 allowed, 0 blocked, 0 not judged; 2 commits before adoption skipped; 1 error, 0 warnings; traces checked",
        "",
      ].join("\n"),
    );
    const suite = parseXml(formatRangeCheckJunit(onlyStray, command));
    expect(suite.attributes).toMatchObject({ tests: "2", failures: "1", errors: "0" });
    expect(suite.children[2]?.attributes.name).toBe(
      `${short(base)} (not among the commits checked)`,
    );
    expect(formatRangeCheckGithubSummary(onlyStray, command).split("\n")[0]).toBe(
      "### ✗ intentguard: 1 error in `main..feature`",
    );
  });
});

describe("formatRangeCheckJson", () => {
  const output = formatRangeCheckJson(check, command);
  const parsed = JSON.parse(output);

  it("is stable, versioned, pretty-printed JSON that round-trips", () => {
    expect(output.endsWith("}\n")).toBe(true);
    expect(output).toContain('\n  "version": 1,\n');
    expect(parsed).toEqual(rangeCheckJson(check, command));
    expect(`${JSON.stringify(parsed, null, 2)}\n`).toBe(output);
    expect(Object.keys(parsed)).toEqual([
      "version",
      "outcome",
      "source",
      "commits",
      "skipped",
      "traces_checked",
      "findings",
    ]);
    expect(parsed.version).toBe(1);
    expect(parsed.outcome).toBe("failed");
    expect(parsed.source).toEqual(check.source);
    expect(parsed.skipped).toEqual({ before_adoption: 2 });
    expect(parsed.traces_checked).toBe(true);
    // The findings as they are, their fix (data) said after the message.
    expect(parsed.findings).toEqual(
      check.findings.map((finding) => ({
        fingerprint: finding.fingerprint,
        rule: finding.rule,
        severity: finding.severity,
        commit: finding.commit,
        intent: finding.intent,
        path: finding.path,
        line: finding.line,
        message: rangeFindingText(finding, command),
      })),
    );
  });

  it("words each verdict as check --format json does (advice and notes as sentences)", () => {
    expect(parsed.commits.map((entry: { outcome: string }) => entry.outcome)).toEqual([
      "allowed",
      "blocked",
      "error",
    ]);
    expect(parsed.commits[1].subject).toBe(blockedSubject);
    expect(parsed.commits[1].verdict).toEqual(verdictJson(blockedVerdict, command));
    expect(parsed.commits[1].verdict.findings[0].next).toEqual([
      adviceText(
        { kind: "extend-scope", intent: "INT-001", paths: [oddPath, unicodePath] },
        command,
      ),
    ]);
    expect(parsed.commits[2].verdict).toBeNull();
  });
});

describe("formatRangeCheckGithub", () => {
  it("annotates each finding, escaping data and properties as the runner decodes them", () => {
    const { commands } = formatRangeCheckGithub(check, command);
    expect(commands.split("\n")).toEqual([
      `::warning title=intentguard%3A assigned_agent::intent INT-001 is assigned to agent builder, and this commit comes from agent reviewer (commit ${short(allowed)})`,
      `::error file=docs/50%25 off%2C final%3A v2.md,line=7,title=intentguard%3A scope::2 paths outside the scope of INT-001 (Auth): docs/50%25 off, final: v2.md (commit ${short(blocked)})`,
      `::error file=src/auth/café/ログイン.ts,title=intentguard%3A scope::2 paths outside the scope of INT-001 (Auth): src/auth/café/ログイン.ts (commit ${short(blocked)})`,
      `::error file=src/auth/login.ts,title=intentguard%3A trace_tampered::${tamperedWords("the blob hash differs%0Afrom the commit's")} (commit ${short(blocked)})`,
      `::error title=intentguard%3A governance_unreadable::the rules this commit is judged by cannot be read: .orchestration/active_intents.yaml:3:5: bad indentation; of a mapping entry (commit ${short(broken)})`,
      "",
    ]);
  });

  it("escapes like actions/toolkit: %, CR, LF in data; also : and , in properties", () => {
    expect(escapeData("100% a\r\nb:c,d")).toBe("100%25 a%0D%0Ab:c,d");
    expect(escapeProperty("100% a\r\nb:c,d")).toBe("100%25 a%0D%0Ab%3Ac%2Cd");
    // `%` first: an escape is never escaped twice, and never decoded from the input.
    expect(escapeData("%0A")).toBe("%250A");
  });

  it("annotates at most 10 errors and 10 warnings, and says how many it left out", () => {
    const { commands, summary } = formatRangeCheckGithub(manyFindings(), command);
    const lines = commands.trimEnd().split("\n");
    const errors = lines.filter((line) => line.startsWith("::error "));
    const warnings = lines.filter((line) => line.startsWith("::warning "));
    expect(errors).toHaveLength(10);
    expect(warnings).toHaveLength(10);
    expect(errors[9]).toBe(
      `::error file=src/e9.ts,line=7,title=intentguard%3A scope::${tamperedWords("error 9")} (commit ${short(blocked)})`,
    );
    expect(warnings[9]).toBe(
      `::warning file=src/w9.ts,title=intentguard%3A assigned_agent::${tamperedWords("warning 9")} (commit ${short(allowed)})`,
    );
    expect(lines).toHaveLength(21);
    expect(lines[20]).toBe(
      "::notice title=intentguard::3 more findings not annotated (GitHub shows 10 errors and 10 warnings per step): see the job summary",
    );
    expect(summary.match(/^\| `/gm)).toHaveLength(23);
    expect(summary).toContain(`| \`src/e11.ts\` line 7 | ${tamperedWords("error 11")} |`);
    expect(summary).toContain(`| \`src/w10.ts\` | ${tamperedWords("warning 10")} |`);
    expect(summary).toContain(
      "\n3 of 23 findings not shown inline as annotations: GitHub shows at most 10 errors and 10 warnings per step.\n",
    );
  });

  it("writes a Markdown job summary: every finding in an escaped table, and the counts", () => {
    expect(formatRangeCheckGithubSummary(check, command)).toBe(
      [
        "### ✗ intentguard: 2 of 3 commits in `main..feature` failed (1 blocked, 1 not judged)",
        "",
        "| commit | rule | severity | intent | path | message |",
        "| --- | --- | --- | --- | --- | --- |",
        `| \`${short(allowed)}\` Add login form | \`assigned_agent\` | warn | INT-001 | — | intent INT-001 is assigned to agent builder, and this commit comes from agent reviewer |`,
        `| \`${short(blocked)}\` Tweak "pricing" &amp; &lt;docs&gt;\\u0007 'now' | \`scope\` | error | INT-001 | \`docs/50% off, final: v2.md\` line 7 | 2 paths outside the scope of INT-001 (Auth): docs/50% off, final: v2.md |`,
        `| \`${short(blocked)}\` Tweak "pricing" &amp; &lt;docs&gt;\\u0007 'now' | \`scope\` | error | INT-001 | \`src/auth/café/ログイン.ts\` | 2 paths outside the scope of INT-001 (Auth): src/auth/café/ログイン.ts |`,
        `| \`${short(blocked)}\` Tweak "pricing" &amp; &lt;docs&gt;\\u0007 'now' | \`trace_tampered\` | error | INT-001 | \`src/auth/login.ts\` | ${tamperedWords("the blob hash differs<br>from the commit's")} |`,
        `| \`${short(broken)}\` Refactor auth | \`governance_unreadable\` | error | — | — | the rules this commit is judged by cannot be read: .orchestration/active\\_intents.yaml:3:5: bad indentation; of a mapping entry |`,
        "",
        "3 commits: 1 allowed, 1 blocked, 1 not judged; 2 commits before adoption skipped; 4 errors, 1 warning; traces checked.",
        "",
        "All 5 findings are annotated: 3 inline on their files, 2 on the run (they name no file).",
        "",
      ].join("\n"),
    );
  });

  it("says the findings are annotated inline only when every one names a file", () => {
    const onFiles = check.findings.filter((finding) => finding.path !== null);
    expect(onFiles).toHaveLength(3);
    const summary = formatRangeCheckGithubSummary({ ...check, findings: onFiles }, command);
    expect(summary.endsWith("\nAll 3 findings are annotated inline.\n")).toBe(true);
  });

  it("stops the table short of GitHub's 1 MiB step summary limit, and says so", () => {
    const findings = Array.from({ length: 5000 }, (_, n) =>
      like(oddScope, { path: `src/${n}.ts`, fact: tamperedFact(`${"x".repeat(125)} ${n}`) }),
    );
    const summary = formatRangeCheckGithubSummary({ ...check, findings }, command);
    expect(Buffer.byteLength(summary)).toBeLessThan(1024 * 1024);
    const rows = summary.match(/^\| `/gm)?.length ?? 0;
    expect(rows).toBeGreaterThan(3000);
    expect(rows).toBeLessThan(5000);
    expect(summary).toContain(
      `\n${new Intl.NumberFormat("en-US").format(5000 - rows)} more findings not listed: a step summary is limited to 1 MiB; \`intentguard check --range\` with \`--format text\` lists them all.\n`,
    );
    expect(summary).toContain("\n4,990 of 5,000 findings not shown inline as annotations:");
  });

  it("keeps a path or message from breaking the table or injecting HTML", () => {
    const hostile = like(oddScope, {
      path: "a|b`c<d>.md",
      fact: tamperedFact("x | `y` <script>alert(1)</script> *z*\r\nnext"),
    });
    const summary = formatRangeCheckGithubSummary({ ...check, findings: [hostile] }, command);
    const row = summary.split("\n").find((line) => line.startsWith(`| \`${short(blocked)}`));
    expect(row).toBe(
      `| \`${short(blocked)}\` Tweak "pricing" &amp; &lt;docs&gt;\\u0007 'now' | \`scope\` | error | INT-001 | \`\` a\\|b\`c<d>.md \`\` line 7 | the commit's trace record disagrees with the commit: x \\| \\\`y\\\` &lt;script&gt;alert(1)&lt;/script&gt; \\*z\\*<br>next: missing from the record |`,
    );
    // Six cells: no `|` but the escaped ones inside.
    expect(row?.replaceAll("\\|", "").split("|")).toHaveLength(8);
  });
});

describe("formatRangeCheckSarif", () => {
  const sarif = JSON.parse(formatRangeCheckSarif(check, "0.1.0", command));
  const run = sarif.runs[0];

  it("is valid against the SARIF 2.1.0 JSON Schema", () => {
    const validate = sarifValidator();
    expect(validate(sarif), JSON.stringify(validate.errors)).toBe(true);
    expect(sarif.$schema).toBe("https://json.schemastore.org/sarif-2.1.0.json");
    expect(sarif.version).toBe("2.1.0");
    expect(sarif.runs).toHaveLength(1);
    const many = JSON.parse(formatRangeCheckSarif(manyFindings(), "0.1.0", command));
    expect(validate(many), JSON.stringify(validate.errors)).toBe(true);
  });

  it("fails the schema when a URI is not percent-encoded (the validator checks formats)", () => {
    const validate = sarifValidator();
    const broken = structuredClone(sarif);
    broken.runs[0].results[2].locations[0].physicalLocation.artifactLocation.uri = unicodePath;
    expect(validate(broken)).toBe(false);
  });

  it("names the tool and describes each rule used, once, with a stable id", () => {
    const driver = run.tool.driver;
    expect(driver.name).toBe("intentguard");
    expect(driver.version).toBe("0.1.0");
    // No link to a page that does not exist: the help names the docs the package ships.
    expect(driver.informationUri).toBeUndefined();
    expect(driver.rules.map((rule: { id: string }) => rule.id)).toEqual([
      "assigned_agent",
      "governance_unreadable",
      "scope",
      "trace_tampered",
    ]);
    expect(driver.rules[2]).toEqual({
      id: "scope",
      name: "scope",
      shortDescription: { text: "Every path a commit touches is in its intent's effective scope." },
      fullDescription: { text: "Every path a commit touches is in its intent's effective scope." },
      help: {
        text: "Every path a commit touches is in its intent's effective scope. See node_modules/intentguard/docs/concepts.md#the-policy.",
      },
    });
    expect(driver.rules[3].help.text).toMatch(
      / See node_modules\/intentguard\/docs\/trust-model\.md#what-verify-proves\.$/,
    );
  });

  it("gives each finding a result: rule, level, percent-encoded URI, line, fingerprint", () => {
    const results = run.results;
    expect(results.map((result: { ruleId: string }) => result.ruleId)).toEqual([
      "assigned_agent",
      "scope",
      "scope",
      "trace_tampered",
      "governance_unreadable",
    ]);
    expect(results.map((result: { ruleIndex: number }) => result.ruleIndex)).toEqual([
      0, 2, 2, 3, 1,
    ]);
    expect(results.map((result: { level: string }) => result.level)).toEqual([
      "warning",
      "error",
      "error",
      "error",
      "error",
    ]);
    expect(results[1]).toEqual({
      ruleId: "scope",
      ruleIndex: 2,
      level: "error",
      message: {
        text: `2 paths outside the scope of INT-001 (Auth): ${oddPath} (commit ${short(blocked)})`,
      },
      locations: [
        {
          physicalLocation: {
            artifactLocation: {
              uri: "docs/50%25%20off,%20final%3A%20v2.md",
              uriBaseId: "%SRCROOT%",
            },
            region: { startLine: 7 },
          },
        },
      ],
      partialFingerprints: { "intentguard/v1": oddScope.fingerprint },
      properties: { commit: blocked, intent: "INT-001" },
    });
    expect(results[2].locations).toEqual([
      {
        physicalLocation: {
          artifactLocation: {
            uri: "src/auth/caf%C3%A9/%E3%83%AD%E3%82%B0%E3%82%A4%E3%83%B3.ts",
            uriBaseId: "%SRCROOT%",
          },
        },
      },
    ]);
    expect(results[3].locations[0].physicalLocation.region).toBeUndefined();
    // No path: on the intents file, line 1, and marked so (GitHub refuses a result without one).
    for (const [at, commit, intent] of [
      [0, allowed, "INT-001"],
      [4, broken, null],
    ] as const) {
      expect(results[at].locations).toEqual([
        {
          physicalLocation: {
            artifactLocation: { uri: ".orchestration/active_intents.yaml", uriBaseId: "%SRCROOT%" },
            region: { startLine: 1 },
          },
        },
      ]);
      expect(results[at].properties).toEqual({ commit, intent, location: "intents-file" });
    }
    for (const result of results) expect(result.locations).toHaveLength(1);
    expect(results[3].properties).toEqual({ commit: blocked, intent: "INT-001" });
    expect(
      results.map(
        (result: { partialFingerprints: Record<string, string> }) => result.partialFingerprints,
      ),
    ).toEqual(
      check.findings.map((finding) => ({ "intentguard/v1": expectedFingerprint(finding) })),
    );
    expect(run.originalUriBaseIds["%SRCROOT%"].uri).toBeUndefined();
    expect(run.properties).toEqual({
      range: "main..feature",
      source: "--range",
      base,
      head: broken,
      commits: 3,
      commits_allowed: 1,
      commits_blocked: 1,
      commits_not_judged: 1,
      skipped_before_adoption: 2,
      traces_checked: true,
    });
  });

  it("percent-encodes a path as a URI reference (RFC 3986), never a scheme", () => {
    expect(artifactUri("a b%c#d?e.ts")).toBe("a%20b%25c%23d%3Fe.ts");
    expect(artifactUri("c:/x")).toBe("c%3A/x");
    expect(artifactUri("src/(group)/[id]/page.tsx")).toBe("src/(group)/%5Bid%5D/page.tsx");
    expect(artifactUri("emoji/😀.md")).toBe("emoji/%F0%9F%98%80.md");
    expect(artifactUri("plain/path-1_2.~x")).toBe("plain/path-1_2.~x");
  });
});

describe("formatRangeCheckJunit", () => {
  const xml = formatRangeCheckJunit(check, command);
  const suite = parseXml(xml);
  const [properties, ...cases] = suite.children as [XmlElement, ...XmlElement[]];

  it("is one testsuite with the counts, and one testcase per commit judged", () => {
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<testsuite ')).toBe(true);
    expect(suite.name).toBe("testsuite");
    expect(suite.attributes).toEqual({
      name: "intentguard check",
      tests: "3",
      failures: "1",
      errors: "1",
      skipped: "0",
    });
    expect(properties.children.map((property) => property.attributes)).toEqual([
      { name: "range", value: "main..feature" },
      { name: "skipped_before_adoption", value: "2" },
      { name: "traces_checked", value: "true" },
    ]);
    expect(cases.map((testcase) => testcase.attributes)).toEqual([
      { classname: "intentguard.commit", name: `${short(allowed)} Add login form` },
      { classname: "intentguard.commit", name: `${short(blocked)} Tweak "pricing" & <docs> 'now'` },
      { classname: "intentguard.commit", name: `${short(broken)} Refactor auth` },
    ]);
  });

  it("fails a blocked commit with every finding, errs one not judged, passes one warned", () => {
    const [warned, failed, erred] = cases as [XmlElement, XmlElement, XmlElement];
    expect(warned.children.map((child) => child.name)).toEqual(["system-out"]);
    expect(warned.children[0]?.text).toBe(
      "assigned_agent (warn): intent INT-001 is assigned to agent builder, and this commit comes from agent reviewer",
    );
    expect(failed.children).toHaveLength(1);
    expect(failed.children[0]).toEqual({
      name: "failure",
      attributes: {
        message: `2 paths outside the scope of INT-001 (Auth): ${oddPath} (and 2 more)`,
        type: "scope",
      },
      children: [],
      text: [
        `scope (error): 2 paths outside the scope of INT-001 (Auth): ${oddPath} (line 7)`,
        `scope (error): 2 paths outside the scope of INT-001 (Auth): ${unicodePath}`,
        `trace_tampered (error): ${tamperedWords("the blob hash differs\nfrom the commit's")} (src/auth/login.ts)`,
      ].join("\n"),
    });
    expect(erred.children.map((child) => [child.name, child.attributes.type])).toEqual([
      ["error", "governance_unreadable"],
    ]);
    expect(erred.children[0]?.text).toBe(
      `governance_unreadable (error): ${rangeFindingText(unreadable, command)}`,
    );
  });

  it("never passes a commit that was blocked or not judged, findings or none", () => {
    const bare: RangeCheck = { ...check, findings: [] };
    const [, allowedCase, blockedCase, erredCase] = parseXml(formatRangeCheckJunit(bare, command))
      .children as XmlElement[];
    expect(allowedCase?.children).toEqual([]);
    expect(blockedCase?.children.map((child) => [child.name, child.attributes])).toEqual([
      ["failure", { message: "blocked", type: "failure" }],
    ]);
    expect(erredCase?.children.map((child) => [child.name, child.attributes])).toEqual([
      ["error", { message: "not judged", type: "error" }],
    ]);
  });

  it("escapes XML's specials and drops what XML 1.0 forbids", () => {
    expect(xml).toContain(
      `name="${short(blocked)} Tweak &quot;pricing&quot; &amp; &lt;docs&gt; &apos;now&apos;"`,
    );
    expect(xml).not.toContain("\u0007");
    expect(xmlText("a\u0000b\u0008c\u000Bd\u001Fe\uFFFEf\uFFFFg\uD800h\uDC00i")).toBe("abcdefghi");
    // ESC, DEL and the C1 controls alike: dropped, never passed through raw.
    expect(xmlText("a\u001Bb\u0001c\u007Fd\u0080e\u0085f\u009Bg\u009Fh\u00A0i")).toBe(
      "abcdefgh\u00A0i",
    );
    const del = formatRangeCheckJunit(
      {
        ...check,
        commits: [
          { ...check.commits[0], subject: "Add\u007F login\u009B2J form\u001B[0m" },
        ] as RangeCheck["commits"],
        findings: [],
      },
      command,
    );
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the characters the report must not carry
    expect(del).not.toMatch(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/);
    expect(parseXml(del).children[1]?.attributes.name).toBe(
      `${short(allowed)} Add login2J form[0m`,
    );
    // Tab, LF, CR and a surrogate pair are characters XML allows: kept.
    expect(xmlText("t\tn\nr\r😀")).toBe("t\tn\nr&#13;😀");
    const multiline = formatRangeCheckJunit(
      {
        ...check,
        // Words of many lines, which a finding of unreadable rules never has: the escaping is tested.
        findings: [like(unreadable, { fact: tamperedFact("line one\nline\ttwo\r\nthree") })],
      },
      command,
    );
    const [, , , erred] = parseXml(multiline).children as XmlElement[];
    const words = tamperedWords("line one\nline\ttwo\r\nthree");
    expect(erred?.children[0]?.attributes.message).toBe(words);
    expect(erred?.children[0]?.text).toBe(`governance_unreadable (error): ${words}`);
  });
});

describe("formatRangeCheckGitlab", () => {
  it("is a Code Quality array: one issue per finding, unique fingerprints, GitLab severities", () => {
    const output = formatRangeCheckGitlab(check, command);
    expect(output.endsWith("]\n")).toBe(true);
    expect(JSON.parse(output)).toEqual([
      {
        description: `intent INT-001 is assigned to agent builder, and this commit comes from agent reviewer (commit ${short(allowed)})`,
        check_name: "assigned_agent",
        fingerprint: agentWarning.fingerprint,
        severity: "minor",
        location: { path: ".orchestration/active_intents.yaml", lines: { begin: 1 } },
      },
      {
        description: `2 paths outside the scope of INT-001 (Auth): ${oddPath} (commit ${short(blocked)})`,
        check_name: "scope",
        fingerprint: oddScope.fingerprint,
        severity: "major",
        location: { path: oddPath, lines: { begin: 7 } },
      },
      {
        description: `2 paths outside the scope of INT-001 (Auth): ${unicodePath} (commit ${short(blocked)})`,
        check_name: "scope",
        fingerprint: unicodeScope.fingerprint,
        severity: "major",
        location: { path: unicodePath, lines: { begin: 1 } },
      },
      {
        description: `${tamperedWords("the blob hash differs\nfrom the commit's")} (commit ${short(blocked)})`,
        check_name: "trace_tampered",
        fingerprint: tampered.fingerprint,
        severity: "critical",
        location: { path: "src/auth/login.ts", lines: { begin: 1 } },
      },
      {
        description: `${rangeFindingText(unreadable, command)} (commit ${short(broken)})`,
        check_name: "governance_unreadable",
        fingerprint: unreadable.fingerprint,
        severity: "major",
        location: { path: ".orchestration/active_intents.yaml", lines: { begin: 1 } },
      },
    ]);
  });

  it("keeps fingerprints unique even when two findings share one", () => {
    const twice: RangeCheck = { ...check, findings: [oddScope, oddScope, oddScope, unicodeScope] };
    const fingerprints = JSON.parse(formatRangeCheckGitlab(twice, command)).map(
      (issue: { fingerprint: string }) => issue.fingerprint,
    );
    expect(fingerprints).toEqual([
      oddScope.fingerprint,
      `${oddScope.fingerprint}-2`,
      `${oddScope.fingerprint}-3`,
      unicodeScope.fingerprint,
    ]);
  });
});

describe("write-range-check", () => {
  it("parses --format, text by default, and names the formats when it refuses one", () => {
    expect(parseRangeCheckFormat(undefined)).toBe("text");
    for (const format of rangeCheckFormats) expect(parseRangeCheckFormat(format)).toBe(format);
    expect(() => parseRangeCheckFormat("xml")).toThrow(UsageError);
    expect(() => parseRangeCheckFormat("xml")).toThrow(
      '--format "xml" is not a format of check --range; use text, json, github, sarif, junit or gitlab.',
    );
  });

  it("formats with the formatter of each format (github: the commands)", () => {
    const options = { style: plainStyle, toolVersion: "0.1.0", command };
    expect(formatRangeCheck(check, "text", options)).toBe(
      formatRangeCheckText(check, plainStyle, command),
    );
    expect(formatRangeCheck(check, "json", options)).toBe(formatRangeCheckJson(check, command));
    expect(formatRangeCheck(check, "github", options)).toBe(
      formatRangeCheckGithub(check, command).commands,
    );
    expect(formatRangeCheck(check, "sarif", options)).toBe(
      formatRangeCheckSarif(check, "0.1.0", command),
    );
    expect(formatRangeCheck(check, "junit", options)).toBe(formatRangeCheckJunit(check, command));
    expect(formatRangeCheck(check, "gitlab", options)).toBe(formatRangeCheckGitlab(check, command));
  });
});

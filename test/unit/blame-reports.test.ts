import { describe, expect, it } from "vitest";
import type {
  AttributedLine,
  FileBlame,
  LineContributor,
} from "../../src/core/trace/blame-line.js";
import {
  attributionRuns,
  contributorKey,
  isoTime,
  sameAttribution,
} from "../../src/core/trace/blame-runs.js";
import { blameJson, formatBlameJson } from "../../src/report/blame/blame-json.js";
import { formatBlamePorcelain, quotePath } from "../../src/report/blame/blame-porcelain.js";
import {
  blameSummary,
  formatBlameSummaryJson,
  formatBlameSummaryText,
} from "../../src/report/blame/blame-summary.js";
import {
  contributorLabel,
  formatBlameText,
  intentStyle,
} from "../../src/report/blame/blame-text.js";
import { plainStyle, type Style } from "../../src/report/text/style.js";
import { displayWidth, expandTabs, truncateToWidth } from "../../src/report/text/text-width.js";

// --- Fixtures, built by hand: one file of ten lines, and a small second file. ---

const aiCommit = "3f2a9c1e7b6d5a4f3e2d1c0b9a8f7e6d5c4b3a21";
const humanCommit = "9e8d7c6b5a4f3e2d1c0b9a8f7e6d5c4b3a2f1e0d";
const tamperedCommit = "5b4a39281706f5e4d3c2b1a0f9e8d7c6b5a49382";
const movedCommit = "77aa88bb99cc00dd11ee22ff33aa44bb55cc66dd";
const oldCommit = "0123456789abcdef0123456789abcdef01234567";

const claude: LineContributor = {
  type: "AI",
  model: "anthropic/claude-sonnet-4-6",
  agent: "builder",
  name: null,
  email: null,
};
const codex: LineContributor = {
  type: "AI",
  model: "openai/codex",
  agent: null,
  name: null,
  email: null,
};
const ada: LineContributor = {
  type: "HUMAN",
  model: null,
  agent: null,
  name: "Ada Lovelace",
  email: "ada@example.com",
};

const login = { id: "INT-001", name: "Login flow" };
const audit = { id: "INT-002", name: null };

// 2025-03-01T09:30:00Z, 2025-03-02T23:59:59Z (a late evening west of UTC), 2024-12-31T00:00:00Z.
const march1 = 1740821400;
const march2 = 1740959999;
const newYearsEve = 1735603200;

type Attribution = Pick<
  AttributedLine,
  "commit" | "intent" | "contributor" | "confidence" | "reason" | "source"
>;

const aiRecorded: Attribution = {
  commit: aiCommit,
  intent: login,
  contributor: claude,
  confidence: "recorded",
  reason: {
    kind: "recorded",
    range: { path: "src/auth/login.ts", start: 2, end: 4 },
    observed: null,
  },
  source: { kind: "record", commit: aiCommit },
};
const humanRecorded: Attribution = {
  commit: humanCommit,
  intent: audit,
  contributor: ada,
  confidence: "recorded",
  reason: {
    kind: "recorded",
    range: { path: "src/auth/login.ts", start: 5, end: 6 },
    observed: null,
  },
  source: { kind: "record", commit: humanCommit },
};

/** Two lines moved from another file, whose record (a file with an odd name) holds them. */
const moved: Attribution = {
  commit: movedCommit,
  intent: audit,
  contributor: codex,
  confidence: "derived",
  reason: {
    kind: "content",
    lines: 2,
    commit: aiCommit,
    range: { path: "src/auth/odd\r\nname.ts", start: 2, end: 3 },
    relation: "ancestor",
  },
  source: { kind: "content", commit: aiCommit, path: "src/auth/café.ts" },
};

function line(
  number: number,
  content: string,
  attribution: Attribution,
  extra: Partial<AttributedLine> = {},
): AttributedLine {
  const human = attribution.commit === humanCommit;
  return {
    line: number,
    content,
    original: { path: "src/auth/login.ts", line: number },
    author: human
      ? { name: "Ada Lovelace", email: "ada@example.com", time: march2, timezone: "-0500" }
      : { name: "Build Bot", email: "bot@example.com", time: march1, timezone: "+0100" },
    summary: human ? "Audit logins" : "Add the login flow",
    boundary: false,
    content_hash: `sha256:${String(number).padStart(64, "0")}`,
    ...attribution,
    ...extra,
  };
}

const longLine = 'const message = "the password is checked against its salted hash";';
const escLine = 'console.log("\u001b[31mred\u001b[0m");\r';

const fileBlame: FileBlame = {
  version: 1,
  path: "src/auth/login.ts",
  rev: "HEAD",
  lines: [
    line(
      1,
      "// legacy header",
      {
        commit: oldCommit,
        intent: null,
        contributor: null,
        confidence: "unattributed",
        reason: { kind: "before-adoption" },
        source: { kind: "none" },
      },
      {
        author: {
          name: "Old\nTimer",
          email: "old@example.com",
          time: newYearsEve,
          timezone: "+0000",
        },
        summary: "Initial import",
        boundary: true,
      },
    ),
    line(2, 'import { hash } from "./hash.js";', aiRecorded),
    line(3, "\treturn hash(password);", aiRecorded),
    line(4, longLine, aiRecorded),
    line(5, 'const café = "ログイン"; // ✓', humanRecorded),
    line(6, escLine, humanRecorded),
    line(7, "if (ok) grant();", {
      commit: tamperedCommit,
      intent: login,
      contributor: claude,
      confidence: "tampered",
      reason: {
        kind: "hash-mismatch",
        range: { path: "src/auth/login.ts", start: 7, end: 7 },
        commit: tamperedCommit,
      },
      source: { kind: "record", commit: tamperedCommit },
    }),
    line(8, "audit(user);", moved, { original: { path: "src/auth/café.ts", line: 2 } }),
    line(9, "", moved, { original: { path: "src/auth/café.ts", line: 3 } }),
    line(10, "}", {
      ...humanRecorded,
      reason: {
        kind: "recorded",
        range: { path: "src/auth/login.ts", start: 10, end: 10 },
        observed: null,
      },
    }),
  ],
};

const secondFile: FileBlame = {
  version: 1,
  path: "src/auth/hash.ts",
  rev: "HEAD",
  lines: [
    line(1, "export function hash() {}", {
      ...aiRecorded,
      reason: {
        kind: "recorded",
        range: { path: "src/auth/hash.ts", start: 1, end: 1 },
        observed: {
          agent: "builder",
          model: "anthropic/claude-sonnet-4-6",
          session: "s-1",
          toolUse: null,
        },
      },
    }),
    line(2, "// TODO", {
      commit: humanCommit,
      intent: null,
      contributor: { ...ada, name: "Ada\rLovelace" },
      confidence: "derived",
      reason: { kind: "trailers", intents: ["INT-001", "INT-002"] },
      source: { kind: "trailers", commit: humanCommit },
    }),
  ],
};

/** A style that shows where each colour starts and ends. */
const taggedStyle: Style = {
  red: (text) => `<red>${text}</red>`,
  green: (text) => `<green>${text}</green>`,
  yellow: (text) => `<yellow>${text}</yellow>`,
  dim: (text) => `<dim>${text}</dim>`,
  bold: (text) => `<bold>${text}</bold>`,
};

// --- Helpers of the core and of text widths. ---

describe("blame runs", () => {
  it("groups consecutive lines of the same commit, intent, contributor and confidence", () => {
    expect(attributionRuns(fileBlame.lines).map((run) => run.map((entry) => entry.line))).toEqual([
      [1],
      [2, 3, 4],
      [5, 6],
      [7],
      [8, 9],
      [10],
    ]);
    const [first, second] = fileBlame.lines.slice(1, 3) as [AttributedLine, AttributedLine];
    expect(sameAttribution(first, second)).toBe(true);
    expect(sameAttribution(first, { ...second, intent: { id: "INT-001", name: null } })).toBe(
      false,
    );
    expect(sameAttribution(first, { ...second, contributor: { ...claude, agent: null } })).toBe(
      false,
    );
    expect(attributionRuns([])).toEqual([]);
  });

  it("keys an AI by model and agent and a person by name and email", () => {
    expect(contributorKey({ ...claude, name: "ignored" })).toBe(contributorKey(claude));
    expect(contributorKey({ ...ada, email: "other@example.com" })).not.toBe(contributorKey(ada));
    expect(contributorKey(null)).toBeNull();
  });

  it("writes git times as ISO 8601 in UTC, to the second", () => {
    expect(isoTime(march1)).toBe("2025-03-01T09:30:00Z");
    expect(isoTime(0)).toBe("1970-01-01T00:00:00Z");
  });
});

describe("text widths", () => {
  it("counts wide characters as two columns and combining marks as none", () => {
    expect(displayWidth("abc")).toBe(3);
    expect(displayWidth("ログイン")).toBe(8);
    expect(displayWidth("cafe\u0301")).toBe(4);
    expect(displayWidth("🙂")).toBe(2);
  });

  it("cuts between graphemes, with an ellipsis", () => {
    expect(truncateToWidth("abcdef", 4)).toBe("abc…");
    expect(truncateToWidth("abcd", 4)).toBe("abcd");
    expect(truncateToWidth("ログイン", 5)).toBe("ログ…");
    expect(truncateToWidth("cafe\u0301s", 5)).toBe("cafe\u0301s");
    expect(truncateToWidth("cafe\u0301s", 4)).toBe("caf…");
    expect(truncateToWidth("a🙂b", 3)).toBe("a…");
    expect(truncateToWidth("abc", Number.POSITIVE_INFINITY)).toBe("abc");
  });

  it("expands tabs to tab stops, escaping what lies between", () => {
    expect(expandTabs("\tx", (part) => part)).toBe("        x");
    expect(expandTabs("ab\tc\td", (part) => part, 4)).toBe("ab  c   d");
    expect(expandTabs("ロ\tx", (part) => part, 4)).toBe("ロ  x");
  });
});

// --- formatBlameText ---

describe("formatBlameText", () => {
  it("groups runs, aligns columns, cuts the content to the width and ends with the legend", () => {
    expect(formatBlameText(fileBlame, plainStyle, 120, "intentguard")).toBe(
      [
        "01234567  2024-12-31  -        -                                         unattributed   1  // legacy header",
        '3f2a9c1e  2025-03-01  INT-001  AI anthropic/claude-sonnet-4-6 (builder)  recorded       2  import { hash } from "./hash…',
        "                                                                                        3          return hash(password…",
        '                                                                                        4  const message = "the passwor…',
        '9e8d7c6b  2025-03-02  INT-002  Ada Lovelace                              recorded       5  const café = "ログイン"; // ✓',
        '                                                                                        6  console.log("\\u001b[31mred\\u…',
        "5b4a3928  2025-03-01  INT-001  AI anthropic/claude-sonnet-4-6 (builder)  tampered       7  if (ok) grant();",
        "77aa88bb  2025-03-01  INT-002  AI openai/codex                           derived        8  audit(user);",
        "                                                                                        9",
        "9e8d7c6b  2025-03-02  INT-002  Ada Lovelace                              recorded      10  }",
        "",
        "recorded: recorded in range src/auth/login.ts:2-4 (3 lines)",
        "recorded: recorded in range src/auth/login.ts:5-6 (2 lines)",
        "recorded: recorded in range src/auth/login.ts:10-10 (1 line)",
        "tampered: the record's hash of range src/auth/login.ts:7-7 does not match the content at 5b4a39281706 (1 line)",
        "derived: the same 2 lines were recorded in 3f2a9c1e7b6d (src/auth/odd\\u000d\\u000aname.ts:2-3), an ancestor of this line's commit (2 lines)",
        "unattributed: made before intentguard was adopted (its tree has no intents file) (1 line)",
        "",
      ].join("\n"),
    );
  });

  it("never leaves less than 20 columns of content, and cuts nothing at an infinite width", () => {
    const narrow = formatBlameText(fileBlame, plainStyle, 40, "intentguard").split("\n");
    expect(narrow[3]).toBe(`${" ".repeat(88)}4  const message = "th…`);
    const wide = formatBlameText(
      fileBlame,
      plainStyle,
      Number.POSITIVE_INFINITY,
      "intentguard",
    ).split("\n");
    expect(wide[3]).toBe(`${" ".repeat(88)}4  ${longLine}`);
    expect(wide[5]).toBe(`${" ".repeat(88)}6  console.log("\\u001b[31mred\\u001b[0m");\\u000d`);
  });

  it("colours the attribution by intent, tampered red and unattributed dim, never the content", () => {
    const rows = formatBlameText(
      fileBlame,
      taggedStyle,
      Number.POSITIVE_INFINITY,
      "intentguard",
    ).split("\n");
    const colourOf = (row: string | undefined) => /^<(\w+)>/.exec(row ?? "")?.[1];
    expect(colourOf(rows[0])).toBe("dim");
    expect(colourOf(rows[6])).toBe("red");
    expect(rows[1]).toMatch(/^<(\w+)>3f2a9c1e .* 2<\/\1> {2}import/);
    // The same intent has the same colour on every run, continuation rows included.
    expect(colourOf(rows[1])).toBe(colourOf(rows[2]));
    expect(colourOf(rows[4])).toBe(colourOf(rows[7]));
    expect(colourOf(rows[4])).toBe(colourOf(rows[9]));
    expect(rows.at(-2)).toBe(
      `<dim>unattributed: made before intentguard was adopted (its tree has no intents file) (1 line)</dim>`,
    );
    expect(rows.find((row) => row.includes("tampered:"))).toMatch(/^<red>tampered: .*<\/red>$/);
  });

  it("picks an intent's colour from its id alone, among green, yellow and bold", () => {
    const pick = (id: string) => intentStyle(id, taggedStyle)("x");
    expect(pick("INT-001")).toBe(pick("INT-001"));
    const colours = new Set(
      Array.from({ length: 30 }, (_, index) => /^<(\w+)>/.exec(pick(`INT-${index}`))?.[1]),
    );
    expect([...colours].sort()).toEqual(["bold", "green", "yellow"]);
    expect(intentStyle("INT-001", plainStyle)("x")).toBe("x");
  });

  it("names contributors shortly, with their fields escaped", () => {
    expect(contributorLabel(claude)).toBe("AI anthropic/claude-sonnet-4-6 (builder)");
    expect(contributorLabel(codex)).toBe("AI openai/codex");
    expect(contributorLabel({ ...codex, model: null })).toBe("AI model unknown");
    expect(contributorLabel(ada)).toBe("Ada Lovelace");
    expect(contributorLabel({ ...ada, name: null })).toBe("ada@example.com");
    expect(contributorLabel({ ...ada, name: null, email: null })).toBe("human");
    expect(contributorLabel({ ...ada, name: "Eve\u001b[2J" })).toBe("Eve\\u001b[2J");
    expect(contributorLabel(null)).toBe("-");
  });

  it("prints nothing for an empty file, as git blame does", () => {
    expect(formatBlameText({ ...fileBlame, lines: [] }, plainStyle, 80, "intentguard")).toBe("");
  });
});

// --- formatBlameJson ---

describe("formatBlameJson", () => {
  it("is the versioned envelope, pretty-printed, with every field of every line", () => {
    const text = formatBlameJson(fileBlame, "intentguard");
    expect(text.endsWith("}\n")).toBe(true);
    expect(text.split("\n")[1]).toBe('  "version": 1,');
    const parsed = JSON.parse(text);
    expect(parsed).toEqual(blameJson(fileBlame, "intentguard"));
    expect(Object.keys(parsed)).toEqual(["version", "path", "rev", "lines"]);
    expect(parsed.path).toBe("src/auth/login.ts");
    expect(parsed.rev).toBe("HEAD");
    expect(parsed.lines).toHaveLength(10);
    expect(Object.keys(parsed.lines[0])).toEqual([
      "line",
      "content",
      "commit",
      "original",
      "author",
      "summary",
      "intent",
      "contributor",
      "confidence",
      "reason",
      "source",
      "content_hash",
      "boundary",
    ]);
    expect(parsed.lines[0]).toEqual({
      line: 1,
      content: "// legacy header",
      commit: oldCommit,
      original: { path: "src/auth/login.ts", line: 1 },
      author: {
        name: "Old\nTimer",
        email: "old@example.com",
        time: "2024-12-31T00:00:00Z",
        timezone: "+0000",
      },
      summary: "Initial import",
      intent: null,
      contributor: null,
      confidence: "unattributed",
      reason: "made before intentguard was adopted (its tree has no intents file)",
      source: { kind: "none" },
      content_hash: `sha256:${"1".padStart(64, "0")}`,
      boundary: true,
    });
    expect(parsed.lines[7]).toMatchObject({
      line: 8,
      original: { path: "src/auth/café.ts", line: 2 },
      author: { time: "2025-03-01T09:30:00Z", timezone: "+0100" },
      intent: { id: "INT-002", name: null },
      contributor: { type: "AI", model: "openai/codex", agent: null, name: null, email: null },
      confidence: "derived",
      source: { kind: "content", commit: aiCommit, path: "src/auth/café.ts" },
      boundary: false,
    });
    expect(parsed.lines[4].contributor).toEqual(ada);
    expect(parsed.lines[4].author.time).toBe("2025-03-02T23:59:59Z");
  });

  it("keeps content exact: tabs, escape sequences, carriage returns and unicode", () => {
    const parsed = JSON.parse(formatBlameJson(fileBlame, "intentguard"));
    expect(parsed.lines.map((entry: { content: string }) => entry.content)).toEqual(
      fileBlame.lines.map((entry) => entry.content),
    );
    const text = formatBlameJson(fileBlame, "intentguard");
    expect(text).toContain('"content": "\\treturn hash(password);"');
    expect(text).toContain('"content": "console.log(\\"\\u001b[31mred\\u001b[0m\\");\\r"');
    expect(text).toContain('"content": "const café = \\"ログイン\\"; // ✓"');
  });
});

// --- formatBlamePorcelain ---

interface PorcelainEntry {
  header: string[];
  fields: Map<string, string>;
  content: string;
}

/** A reader like the ones written for git's --line-porcelain: key-value lines until a tab line. */
function parsePorcelain(text: string): PorcelainEntry[] {
  const entries: PorcelainEntry[] = [];
  let current: Omit<PorcelainEntry, "content"> | null = null;
  const lines = text.split("\n");
  expect(lines.pop()).toBe("");
  for (const row of lines) {
    if (row.startsWith("\t")) {
      if (!current) throw new Error("content before a header");
      entries.push({ ...current, content: row.slice(1) });
      current = null;
    } else if (current === null) {
      current = { header: row.split(" "), fields: new Map() };
    } else {
      const space = row.indexOf(" ");
      current.fields.set(
        space === -1 ? row : row.slice(0, space),
        space === -1 ? "" : row.slice(space + 1),
      );
    }
  }
  expect(current).toBeNull();
  return entries;
}

describe("formatBlamePorcelain", () => {
  const porcelain = formatBlamePorcelain(fileBlame, "intentguard");
  const entries = parsePorcelain(porcelain);

  it("writes git's line-porcelain headers, then ours before filename, for every line", () => {
    const rows = porcelain.split("\n");
    // Line 1: a boundary commit, no intent, no contributor; its author's name had a newline.
    // Line 2: the first of three lines of one commit; an AI with model and agent.
    expect(rows.slice(0, 35)).toEqual([
      `${oldCommit} 1 1 1`,
      "author Old Timer",
      "author-mail <old@example.com>",
      "author-time 1735603200",
      "author-tz +0000",
      "committer Old Timer",
      "committer-mail <old@example.com>",
      "committer-time 1735603200",
      "committer-tz +0000",
      "summary Initial import",
      "boundary",
      "intent -",
      "contributor-type -",
      "confidence unattributed",
      "confidence-reason made before intentguard was adopted (its tree has no intents file)",
      "filename src/auth/login.ts",
      "\t// legacy header",
      `${aiCommit} 2 2 3`,
      "author Build Bot",
      "author-mail <bot@example.com>",
      "author-time 1740821400",
      "author-tz +0100",
      "committer Build Bot",
      "committer-mail <bot@example.com>",
      "committer-time 1740821400",
      "committer-tz +0100",
      "summary Add the login flow",
      "intent INT-001",
      "intent-name Login flow",
      "contributor-type AI",
      "model anthropic/claude-sonnet-4-6",
      "agent builder",
      "confidence recorded",
      "confidence-reason recorded in range src/auth/login.ts:2-4",
      "filename src/auth/login.ts",
    ]);
    expect(rows[35]).toBe('\timport { hash } from "./hash.js";');
    expect(rows[36]).toBe(`${aiCommit} 3 3`);
  });

  it("gives the group count on a group's first line only, as git does", () => {
    expect(entries.map((entry) => entry.header.join(" "))).toEqual([
      `${oldCommit} 1 1 1`,
      `${aiCommit} 2 2 3`,
      `${aiCommit} 3 3`,
      `${aiCommit} 4 4`,
      `${humanCommit} 5 5 2`,
      `${humanCommit} 6 6`,
      `${tamperedCommit} 7 7 1`,
      `${movedCommit} 2 8 2`,
      `${movedCommit} 3 9`,
      `${humanCommit} 10 10 1`,
    ]);
  });

  it("parses back by key: every line, its raw content, one-line header values", () => {
    expect(entries.map((entry) => entry.content)).toEqual(
      fileBlame.lines.map((entry) => entry.content),
    );
    expect(entries[2]?.content).toBe("\treturn hash(password);");
    expect(entries[5]?.content).toBe(escLine);
    expect(entries[4]?.content).toBe('const café = "ログイン"; // ✓');
    const human = entries[4]?.fields;
    expect(human?.get("contributor-type")).toBe("HUMAN");
    expect(human?.has("model")).toBe(false);
    expect(human?.has("intent-name")).toBe(false);
    expect(human?.get("intent")).toBe("INT-002");
    expect(human?.get("author-tz")).toBe("-0500");
    const moved = entries[7]?.fields;
    expect(moved?.get("model")).toBe("openai/codex");
    expect(moved?.has("agent")).toBe(false);
    expect(moved?.get("confidence")).toBe("derived");
    expect(moved?.get("confidence-reason")).toBe(
      "the same 2 lines were recorded in 3f2a9c1e7b6d (src/auth/odd  name.ts:2-3), an ancestor of this line's commit",
    );
    // git's quoting of a non-ASCII path (core.quotePath's default): octal bytes.
    expect(moved?.get("filename")).toBe('"src/auth/caf\\303\\251.ts"');
    expect(entries[6]?.fields.get("confidence")).toBe("tampered");
    expect(entries.map((entry) => [...entry.fields.keys()].at(-1))).toEqual(
      Array(10).fill("filename"),
    );
  });

  it("quotes paths as git does", () => {
    expect(quotePath("src/a b.ts")).toBe("src/a b.ts");
    expect(quotePath('we\tird "q" é.txt')).toBe('"we\\tird \\"q\\" \\303\\251.txt"');
    expect(quotePath("a\\b\u0001\u007f")).toBe('"a\\\\b\\001\\177"');
  });

  it("is empty for an empty file", () => {
    expect(formatBlamePorcelain({ ...fileBlame, lines: [] }, "intentguard")).toBe("");
  });

  it("escapes a control character in a header value from a fetched note, never in the content", () => {
    const hostile = line(1, "raw\u001b[0m", {
      ...aiRecorded,
      contributor: { ...claude, model: "m\u001b[31m", agent: "a\u0007" },
    });
    const rows = formatBlamePorcelain({ ...fileBlame, lines: [hostile] }, "intentguard").split(
      "\n",
    );
    expect(rows).toContain("model m\\u001b[31m");
    expect(rows).toContain("agent a\\u0007");
    expect(rows).toContain("\traw\u001b[0m");
  });
});

// --- blameSummary ---

describe("blameSummary", () => {
  it("totals one file: per intent, per contributor and per confidence, with shares", () => {
    const summary = blameSummary([fileBlame]);
    expect(summary.lines).toBe(10);
    expect(summary.files).toEqual([
      {
        path: "src/auth/login.ts",
        rev: "HEAD",
        lines: 10,
        ai_lines: 6,
        human_lines: 3,
        unknown_lines: 1,
      },
    ]);
    expect(summary.intents).toEqual([
      { id: "INT-002", name: null, lines: 5, share: 0.5 },
      { id: "INT-001", name: "Login flow", lines: 4, share: 0.4 },
      { id: null, name: null, lines: 1, share: 0.1 },
    ]);
    expect(summary.contributors).toEqual([
      { ...claude, lines: 4, share: 0.4 },
      { ...ada, lines: 3, share: 0.3 },
      { ...codex, lines: 2, share: 0.2 },
      { type: null, model: null, agent: null, name: null, email: null, lines: 1, share: 0.1 },
    ]);
    expect(summary.confidence).toEqual({ recorded: 6, tampered: 1, derived: 2, unattributed: 1 });
  });

  it("sums several files, rounding shares to four decimals", () => {
    const summary = blameSummary([fileBlame, secondFile]);
    expect(summary.lines).toBe(12);
    expect(
      summary.files.map((file) => [file.path, file.lines, file.ai_lines, file.human_lines]),
    ).toEqual([
      ["src/auth/login.ts", 10, 6, 3],
      ["src/auth/hash.ts", 2, 1, 1],
    ]);
    expect(summary.intents).toEqual([
      { id: "INT-001", name: "Login flow", lines: 5, share: 0.4167 },
      { id: "INT-002", name: null, lines: 5, share: 0.4167 },
      { id: null, name: null, lines: 2, share: 0.1667 },
    ]);
    expect(
      summary.contributors.map((entry) => [entry.name ?? entry.model, entry.lines, entry.share]),
    ).toEqual([
      ["anthropic/claude-sonnet-4-6", 5, 0.4167],
      ["Ada Lovelace", 3, 0.25],
      ["openai/codex", 2, 0.1667],
      ["Ada\rLovelace", 1, 0.0833],
      [null, 1, 0.0833],
    ]);
    expect(summary.confidence).toEqual({ recorded: 7, tampered: 1, derived: 3, unattributed: 1 });
  });

  it("counts the rules files' lines as governance, apart from every intent", () => {
    // The lines say INT-001 and INT-002 (a rules change made under a selection, say).
    const policy: FileBlame = { ...secondFile, path: "policies/intentguard.yaml" };
    const summary = blameSummary([fileBlame, policy]);
    expect(summary.intents).toEqual([
      { id: "INT-002", name: null, lines: 5, share: 0.4167 },
      { id: "INT-001", name: "Login flow", lines: 4, share: 0.3333 },
      { id: null, name: null, lines: 1, share: 0.0833 },
    ]);
    expect(summary.governance).toEqual({ lines: 2, share: 0.1667 });
    expect(formatBlameSummaryText(summary, plainStyle)).toContain(
      "  no intent                1 line   8.3%\n  governance (the rules)  2 lines  16.7%\n",
    );
  });

  it("is all zeros without lines", () => {
    expect(blameSummary([])).toEqual({
      files: [],
      lines: 0,
      intents: [],
      governance: { lines: 0, share: 0 },
      contributors: [],
      confidence: { recorded: 0, tampered: 0, derived: 0, unattributed: 0 },
    });
  });

  it("prints one file's totals", () => {
    expect(formatBlameSummaryText(blameSummary([fileBlame]), plainStyle)).toBe(
      [
        "src/auth/login.ts at HEAD: 10 lines",
        "intents:",
        "  INT-002               5 lines  50.0%",
        "  INT-001 (Login flow)  4 lines  40.0%",
        "  no intent              1 line  10.0%",
        "contributors:",
        "  AI anthropic/claude-sonnet-4-6 (builder)  4 lines  40.0%",
        "  Ada Lovelace <ada@example.com>            3 lines  30.0%",
        "  AI openai/codex                           2 lines  20.0%",
        "  no contributor                             1 line  10.0%",
        "confidence: 6 recorded, 1 tampered, 2 derived, 1 unattributed",
        "",
      ].join("\n"),
    );
  });

  it("prints several files with a table of their lines, names escaped", () => {
    expect(formatBlameSummaryText(blameSummary([fileBlame, secondFile]), taggedStyle)).toBe(
      [
        "<bold>2 files: 12 lines</bold>",
        "files:",
        "  path               lines  AI  human  unknown",
        "  src/auth/login.ts     10   6      3        1",
        "  src/auth/hash.ts       2   1      1        0",
        "intents:",
        "  INT-001 (Login flow)  5 lines  41.7%",
        "  INT-002               5 lines  41.7%",
        "  no intent             2 lines  16.7%",
        "contributors:",
        "  AI anthropic/claude-sonnet-4-6 (builder)  5 lines  41.7%",
        "  Ada Lovelace <ada@example.com>            3 lines  25.0%",
        "  AI openai/codex                           2 lines  16.7%",
        "  Ada\\u000dLovelace <ada@example.com>        1 line   8.3%",
        "  no contributor                             1 line   8.3%",
        "confidence: 7 recorded, <red>1 tampered</red>, 3 derived, 1 unattributed",
        "",
      ].join("\n"),
    );
    expect(formatBlameSummaryText(blameSummary([]), plainStyle)).toBe(
      "0 files: 0 lines\nconfidence: 0 recorded, 0 tampered, 0 derived, 0 unattributed\n",
    );
  });

  it("writes the totals as versioned JSON", () => {
    const summary = blameSummary([fileBlame, secondFile]);
    const text = formatBlameSummaryJson(summary);
    expect(text.split("\n")[1]).toBe('  "version": 1,');
    expect(text.endsWith("}\n")).toBe(true);
    expect(JSON.parse(text)).toEqual({ version: 1, ...summary });
  });
});

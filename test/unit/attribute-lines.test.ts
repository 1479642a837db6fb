import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  type AttributionFacts,
  attributeLines,
  type BlamedInput,
} from "../../src/core/trace/attribute-lines.js";
import { isTrivialLine, type RecordedLine } from "../../src/core/trace/recorded-runs.js";

/** The short line hash, computed here independently of the code under test. */
const short = (text: string) => createHash("sha256").update(text).digest("hex").slice(0, 16);

const squash = "c".repeat(40);
const source = "a".repeat(40);

function blamed(contents: readonly string[], commit = squash): BlamedInput[] {
  return contents.map((content, index) => ({
    commit,
    originalLine: index + 1,
    finalLine: index + 1,
    author: "Ann",
    authorMail: "ann@example.com",
    authorTime: 1_700_000_000,
    authorTz: "+0000",
    committerTime: 1_700_000_000,
    summary: "Squash",
    boundary: false,
    filename: "lib/x.ts",
    content,
  }));
}

function facts(
  recorded: readonly string[],
  overrides: Partial<AttributionFacts> = {},
): AttributionFacts {
  const rangeHashes = recorded.map(short);
  const index = new Map<string, (RecordedLine & { recordedAt: number })[]>();
  rangeHashes.forEach((hash, position) => {
    const entry: RecordedLine & { recordedAt: number } = {
      recordedAt: 1_600_000_000,
      commit: source,
      path: "lib/old.ts",
      rangeHashes,
      rangeStart: 1,
      position,
      intentId: "INT-001",
      contributor: { entity_type: "AI", model_identifier: "m/1", agent_id: "bot" },
    };
    index.set(hash, [...(index.get(hash) ?? []), entry]);
  });
  return {
    records: new Map(),
    rangeMatches: new Map(),
    trailers: new Map(),
    recordCounts: new Map(),
    recorded: index,
    history: {
      committed: () => 1_600_000_000,
      isAncestor: (ancestor, descendant) => ancestor === source && descendant !== source,
    },
    beforeAdoption: new Set(),
    notesHere: true,
    intentNames: new Map([["INT-001", "Library"]]),
    ...overrides,
  };
}

describe("attributing lines by content", () => {
  const code = [
    "const total = items.reduce(add, 0);",
    "if (total > limit) {",
    "  throw new Error('over');",
    "}",
  ];

  it("derives a run of three or more non-trivial lines recorded in the same order, with its trivial lines", () => {
    const lines = attributeLines(blamed(code), facts(code));
    expect(lines.map((line) => line.confidence)).toEqual([
      "derived",
      "derived",
      "derived",
      "derived",
    ]);
    expect(lines[0]?.source).toEqual({ kind: "content", commit: source, path: "lib/old.ts" });
    expect(lines[0]?.intent).toEqual({ id: "INT-001", name: "Library" });
    expect(lines[0]?.contributor).toEqual({
      type: "AI",
      model: "m/1",
      agent: "bot",
      name: null,
      email: null,
    });
  });

  it("does not attribute two matching lines, nor lines recorded in another order", () => {
    expect(attributeLines(blamed(code.slice(0, 2)), facts(code)).map((l) => l.confidence)).toEqual([
      "unattributed",
      "unattributed",
    ]);
    const shuffled = [code[2], code[0], code[1]] as string[];
    expect(attributeLines(blamed(shuffled), facts(code)).map((l) => l.confidence)).toEqual([
      "unattributed",
      "unattributed",
      "unattributed",
    ]);
  });

  it("never counts trivial lines towards the run", () => {
    const trivial = ["}", "", "});", "  ]", "end", "a = 1"];
    expect(trivial.map(isTrivialLine)).toEqual([true, true, true, true, true, false]);
    const padded = ["}", "", "});", code[0] as string];
    expect(attributeLines(blamed(padded), facts(padded)).map((l) => l.confidence)).toEqual([
      "unattributed",
      "unattributed",
      "unattributed",
      "unattributed",
    ]);
  });

  it("falls back to the commit's trailers, and says when several intents make none", () => {
    const trailers = new Map([
      [
        squash,
        [
          { key: "Intent", value: "INT-001" },
          { key: "Intent", value: "INT-002" },
          { key: "Contributor-Type", value: "AI" },
          { key: "Contributor-Model", value: "m/2" },
        ],
      ],
    ]);
    const [line] = attributeLines(blamed(["x = compute(y);"]), facts([], { trailers }));
    expect(line?.confidence).toBe("derived");
    expect(line?.intent).toBeNull();
    expect(line?.reason).toEqual({ kind: "trailers", intents: ["INT-001", "INT-002"] });
    expect(line?.contributor?.model).toBe("m/2");
  });

  it("says why a line is unattributed", () => {
    const before = attributeLines(
      blamed(["x = 1;"]),
      facts([], { beforeAdoption: new Set([squash]) }),
    );
    expect(before[0]?.reason).toEqual({ kind: "before-adoption" });
    const noNotes = attributeLines(blamed(["x = 1;"]), facts([], { notesHere: false }));
    expect(noNotes[0]?.reason).toEqual({ kind: "no-notes" });
    const uncommitted = attributeLines(blamed(["x = 1;"], "0".repeat(40)), facts([]));
    expect(uncommitted[0]?.reason).toEqual({ kind: "not-committed" });
    const nowhere = attributeLines(blamed(["x = 1;"]), facts([]));
    expect(nowhere[0]?.reason).toEqual({ kind: "nowhere" });
  });
});

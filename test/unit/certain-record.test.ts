import { isDeepStrictEqual } from "node:util";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { certainRecord, isoDatetime } from "../../src/core/trace/certain-record.js";
import { TraceRecordV1 as TraceRecord, TraceRecordV2 } from "../../src/core/trace/record-schema.js";

const hex = (n: number, digit = "a") => digit.repeat(n);
const side = (digit: string) => ({
  sha256: `sha256:${hex(64, digit)}`,
  mode: "100644",
  oid: hex(40, digit),
});

/** Records in the shapes the hooks write them: version 1 (before issue 18), then 2. */
const records: Record<string, unknown>[] = [
  {
    version: 2,
    id: "b289a2e1-1be0-4a8a-b1fd-d780e19fa782",
    timestamp: "2026-12-02T18:36:46.393Z",
    intent_id: "INT-001",
    vcs: { type: "git", revision_id: hex(40, "e") },
    parents: [hex(40, "9")],
    tool: { name: "intentguard", version: "0.1.0" },
    contributor: { entity_type: "HUMAN", name: "Ann", email: "ann@example.com" },
    files: [
      {
        relative_path: "src/lib.ts",
        operation: "modify",
        old_path: null,
        before: side("4"),
        after: side("e"),
        ranges: [
          {
            start_line: 1,
            end_line: 3,
            content_hash: `sha256:${hex(64, "7")}`,
            line_hashes: [hex(16, "1"), hex(16, "2"), hex(16, "3")],
            contributor: { entity_type: "AI", model_identifier: "anthropic/claude-sonnet-4-6" },
            evidence: {
              kind: "source",
              commit: hex(40, "d"),
              path: "src/lib.ts",
              start_line: 4,
              end_line: 6,
            },
          },
          {
            start_line: 4,
            end_line: 4,
            content_hash: `sha256:${hex(64, "8")}`,
            line_hashes: [hex(16, "8")],
            contributor: { entity_type: "AI", agent_id: "bot" },
            evidence: { kind: "observed", session_id: "s-1", tool_use_id: "t-1" },
          },
          {
            start_line: 5,
            end_line: 5,
            content_hash: `sha256:${hex(64, "9")}`,
            line_hashes: [hex(16, "9")],
          },
        ],
        mutation_class: "AST_REFACTOR",
        related: [{ type: "intent", value: "INT-001" }],
      },
      {
        relative_path: "src/other.ts",
        operation: "create",
        old_path: null,
        before: null,
        after: side("c"),
        contributor: { entity_type: "AI", model_identifier: "m/1" },
        ranges: [],
        mutation_class: "INTENT_EVOLUTION",
        related: [],
      },
    ],
    ledger: { clone: "c-1", seq: 3, line_hash: `sha256:${hex(64, "5")}` },
  },
  {
    id: "a289a2e1-1be0-4a8a-b1fd-d780e19fa782",
    timestamp: "2026-12-02T16:36:46.393Z",
    intent_id: "INT-001",
    vcs: { type: "git", revision_id: hex(40, "f") },
    parents: [hex(40, "9")],
    tool: { name: "intentguard", version: "0.1.0" },
    files: [
      {
        relative_path: "src/CHANGELOG.md",
        operation: "modify",
        old_path: null,
        before: side("4"),
        after: side("e"),
        contributor: { entity_type: "HUMAN", name: "Bench", email: "bench@example.com" },
        ranges: [
          {
            start_line: 1,
            end_line: 3,
            content_hash: `sha256:${hex(64, "7")}`,
            line_hashes: [hex(16, "1"), hex(16, "2"), hex(16, "3")],
          },
          { start_line: 409, end_line: 409, content_hash: `sha256:${hex(64, "8")}` },
        ],
        mutation_class: "AST_REFACTOR",
        related: [{ type: "intent", value: "INT-001" }],
      },
      {
        relative_path: "src/caf\uFFFD.ts",
        relative_path_base64: "c3JjL2NhZv8udHM=",
        operation: "rename",
        old_path: "src/old.ts",
        old_path_base64: "c3JjL29sZC50cw==",
        before: { sha256: null, mode: "160000", oid: hex(40, "b") },
        after: side("c"),
        contributor: {
          entity_type: "AI",
          model_identifier: "anthropic/claude-sonnet-4-6",
          agent_id: "bench-agent",
        },
        ranges: [],
        mutation_class: "INTENT_EVOLUTION",
        related: [],
      },
      {
        relative_path: "gone.txt",
        operation: "delete",
        old_path: null,
        before: side("d"),
        after: null,
        contributor: { entity_type: "HUMAN", name: "", email: "" },
        ranges: [],
        mutation_class: "AST_REFACTOR",
        related: [],
      },
    ],
    ledger: { clone: "clone-1", seq: 7, line_hash: `sha256:${hex(64, "0")}` },
  },
  {
    id: "00000000-0000-4000-8000-000000000000",
    timestamp: "2024-02-29T23:59:59+05:30",
    intent_id: null,
    vcs: { type: "git", revision_id: hex(64, "1") },
    parents: [],
    tool: { name: "intentguard", version: "" },
    files: [],
  },
];

/** Values to put where a field was: near misses of each kind, and others. */
const leaves: unknown[] = [
  "",
  "x",
  null,
  0,
  1,
  2,
  -1,
  1.5,
  2 ** 53,
  true,
  [],
  {},
  [null],
  "sha256:",
  `sha256:${hex(64, "A")}`,
  hex(16, "g"),
  hex(40, "F"),
  "100644 ",
  "1006440",
  "A2DB039DAA865376",
  "2026-13-02T16:36:46Z",
  "2026-12-02T16:36:46",
  "2026-12-02 16:36:46Z",
  "A289A2E1-1BE0-4A8A-B1FD-D780E19FA782",
  "a289a2e1-1be0-3a8a-b1fd-d780e19fa782",
  "c3Jj",
  "c3Jj===",
  "c3J j",
];

/** Near misses of a value: a character more or less, another case, a neighbour number. */
function nearMisses(value: unknown): unknown[] {
  if (typeof value === "string") {
    return [
      value.toUpperCase(),
      `${value} `,
      ` ${value}`,
      value.slice(1),
      value.slice(0, -1),
      `${value}a`,
      `${value}\n`,
    ];
  }
  if (typeof value === "number") return [value - 1, value + 1, value + 0.5, -value, String(value)];
  if (Array.isArray(value)) return [[...value, value[0]], value.slice(1), [...value, null]];
  return [];
}

/** Keys to add to an object: unknown ones, and the optional ones the schema knows. */
const addedKeys = [
  "extra",
  "__proto__",
  "relative_path_base64",
  "old_path_base64",
  "model_identifier",
  "agent_id",
  "name",
  "email",
  "line_hashes",
  "ledger",
];

/** Every path to a value inside `value` (objects' keys, arrays' indexes). */
function paths(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) {
    return value.flatMap((item, index) => [[...prefix, index], ...paths(item, [...prefix, index])]);
  }
  if (typeof value === "object" && value !== null) {
    return Object.entries(value).flatMap(([key, item]) => [
      [...prefix, key],
      ...paths(item, [...prefix, key]),
    ]);
  }
  return [];
}

/** The objects inside `value`, the record itself first, by path. */
function objectPaths(value: unknown): (string | number)[][] {
  return [[], ...paths(value)].filter((path) => {
    const found = at(value, path);
    return typeof found === "object" && found !== null && !Array.isArray(found);
  });
}

function at(value: unknown, path: readonly (string | number)[]): unknown {
  let found = value;
  for (const step of path) {
    if (typeof found !== "object" || found === null) return undefined;
    found = (found as Record<string | number, unknown>)[step];
  }
  return found;
}

type Edit =
  | { kind: "set"; path: (string | number)[]; value: unknown }
  | { kind: "delete"; path: (string | number)[] }
  | { kind: "add"; path: (string | number)[]; key: string; value: unknown };

/** A copy of `record` with edits applied, through JSON as a note holds it. */
function edited(record: unknown, edits: readonly Edit[]): unknown {
  const copy = structuredClone(record);
  for (const edit of edits) {
    const target = edit.kind === "add" ? at(copy, edit.path) : at(copy, edit.path.slice(0, -1));
    if (typeof target !== "object" || target === null) continue;
    const holder = target as Record<string | number, unknown>;
    const last = edit.path.at(-1) as string | number;
    if (edit.kind === "set") holder[last] = edit.value;
    else if (edit.kind === "delete" && Array.isArray(holder)) holder.splice(Number(last), 1);
    else if (edit.kind === "delete") delete holder[last];
    else holder[edit.key === "__proto__" ? "__proto_key__" : edit.key] = edit.value;
  }
  // JSON.parse makes a "__proto__" key an own key, as a note's would be.
  return JSON.parse(JSON.stringify(copy).replaceAll('"__proto_key__"', '"__proto__"'));
}

/** Every single edit of a record: each value replaced or deleted, each key added. */
function singleEdits(record: unknown): Edit[] {
  const edits: Edit[] = [];
  for (const path of paths(record)) {
    edits.push({ kind: "delete", path });
    for (const value of [...leaves, ...nearMisses(at(record, path))]) {
      edits.push({ kind: "set", path, value });
    }
  }
  for (const path of objectPaths(record)) {
    for (const key of addedKeys) {
      for (const value of [
        ...leaves,
        [hex(16, "1")],
        { clone: "c", seq: 1, line_hash: `sha256:${hex(64, "0")}` },
      ]) {
        edits.push({ kind: "add", path, key, value });
      }
    }
  }
  return edits;
}

/** What the fast path may say: only "valid, and the schema returns it unchanged". */
function agreesWithSchema(value: unknown): boolean {
  const fast = certainRecord(value);
  if (fast === undefined) return true;
  const version = (value as { version?: unknown }).version;
  const checked = (version === 2 ? TraceRecordV2 : TraceRecord).safeParse(value);
  return fast === value && checked.success && isDeepStrictEqual(checked.data, value);
}

describe("certainRecord, the fast path beside the record schema", () => {
  it("decides the records the hooks write, as the schema does, returning them unchanged", () => {
    for (const record of records) {
      const value = JSON.parse(JSON.stringify(record));
      const schema = value.version === 2 ? TraceRecordV2 : TraceRecord;
      expect(schema.safeParse(value).success, JSON.stringify(schema.safeParse(value).error)).toBe(
        true,
      );
      expect(certainRecord(value)).toBe(value);
      expect(agreesWithSchema(value)).toBe(true);
    }
  });

  it("never accepts what the schema rejects or would change: every single edit of a record", () => {
    let decided = 0;
    let edits = 0;
    for (const record of records) {
      for (const edit of singleEdits(record)) {
        const value = edited(record, [edit]);
        edits += 1;
        if (certainRecord(value) !== undefined) decided += 1;
        if (!agreesWithSchema(value)) expect.fail(`disagrees after ${JSON.stringify(edit)}`);
      }
    }
    // It does decide some edited records (a name changed, a range moved): not a vacuous pass.
    expect(decided).toBeGreaterThan(100);
    expect(edits).toBeGreaterThan(1000);
    // Thousands of records checked, ~6 s under coverage alone: the unit tier's 10 s is for one case,
    // and the suite runs more workers than cores.
  }, 60_000);

  it("never accepts what the schema rejects: random pairs of edits", () => {
    const record = records[0] as Record<string, unknown>;
    const all = singleEdits(record);
    fc.assert(
      fc.property(fc.nat(all.length - 1), fc.nat(all.length - 1), (a, b) =>
        agreesWithSchema(edited(record, [all[a] as Edit, all[b] as Edit])),
      ),
      { numRuns: 3000 },
    );
  });

  it("leaves what it does not cover to the schema: unknown keys, __proto__, other forms", () => {
    const [first] = records as [Record<string, unknown>];
    const value = JSON.parse(JSON.stringify(first));
    expect(certainRecord({ ...value, extra: 1 })).toBeUndefined();
    expect(
      certainRecord(JSON.parse(JSON.stringify(first).replace('"id"', '"__proto__":1,"id"'))),
    ).toBeUndefined();
    expect(certainRecord({ ...value, id: value.id.toUpperCase() })).toBeUndefined();
    expect(certainRecord(null)).toBeUndefined();
    expect(certainRecord([value])).toBeUndefined();
  });

  it("uses zod's own pattern for the timestamp", () => {
    const zodPattern = (TraceRecord.shape.timestamp as unknown as { _zod: { pattern: RegExp } })
      ._zod.pattern;
    expect(isoDatetime.source).toBe(zodPattern.source);
  });
});

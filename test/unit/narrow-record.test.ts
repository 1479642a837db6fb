import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { narrowRecord, narrowRecordText } from "../../src/core/trace/narrow-record.js";
import { certainNoteLines, noteLines } from "../../src/trace/note-records.js";

const hex = (n: number, digit: string) => digit.repeat(n);
const commit = hex(40, "e");

/** A file entry as the hooks write it: `relative_path` first. */
function file(path: string, digit = "1") {
  return {
    relative_path: path,
    operation: "modify",
    old_path: null,
    before: { sha256: `sha256:${hex(64, digit)}`, mode: "100644", oid: hex(40, digit) },
    after: { sha256: `sha256:${hex(64, "2")}`, mode: "100644", oid: hex(40, "2") },
    ranges: [
      {
        start_line: 1,
        end_line: 1,
        content_hash: `sha256:${hex(64, "7")}`,
        line_hashes: [hex(16, "7")],
      },
    ],
    mutation_class: "INTENT_EVOLUTION",
    related: [{ type: "specification", value: "INT-001" }],
  };
}

/** A version 2 record in the field order JSON.stringify gives the hooks' records. */
function record(paths: readonly string[], ledger = false) {
  return {
    version: 2,
    id: "b289a2e1-1be0-4a8a-b1fd-d780e19fa782",
    timestamp: "2026-12-02T18:36:46.393Z",
    intent_id: "INT-001",
    vcs: { type: "git", revision_id: commit },
    parents: [hex(40, "9")],
    tool: { name: "intentguard", version: "0.1.0" },
    contributor: { entity_type: "HUMAN", name: "Ann", email: "ann@example.com" },
    files: paths.map((path, index) => file(path, String((index % 8) + 1))),
    ...(ledger ? { ledger: { clone: "c-1", seq: 3, line_hash: `sha256:${hex(64, "5")}` } } : {}),
  };
}

const text = (value: unknown) => Buffer.from(JSON.stringify(value), "utf8");

describe("a record narrowed to some paths", () => {
  it("is, from its text, exactly the whole record narrowed — for any paths the hooks write", () => {
    // Paths with quotes, backslashes, newlines, unicode and the very markers the text reader
    // looks for: JSON escapes every `"` inside a string, so none of them can mislead it.
    const path = fc.oneof(
      fc.string({ minLength: 1, maxLength: 12 }),
      fc.constantFrom(
        'src/a"b.ts',
        'src/},{"relative_path":"x",.ts',
        '],"ledger":{',
        ',"files":[',
        "dir\\name\n.ts",
        "ünï/cödé.ts",
      ),
    );
    fc.assert(
      fc.property(
        fc.uniqueArray(path, { minLength: 0, maxLength: 6 }),
        fc.boolean(),
        fc.array(fc.nat(5), { maxLength: 3 }),
        (paths, ledger, picks) => {
          const whole = record(paths, ledger);
          const wanted = new Set(picks.map((pick) => paths[pick] ?? "not/there.ts"));
          const narrowed = narrowRecordText(text(whole), wanted);
          expect(narrowed).toEqual(narrowRecord(whole, wanted));
        },
      ),
      { numRuns: 300 },
    );
  });

  it("keeps every entry of a path that occurs twice, in order", () => {
    const whole = record(["a.ts", "b.ts", "a.ts"]);
    const narrowed = narrowRecordText(text(whole), new Set(["a.ts"])) as { files: unknown[] };
    expect(narrowed.files).toEqual([whole.files[0], whole.files[2]]);
  });

  it("leaves to the whole parse what is not laid out as the hooks write it", () => {
    const whole = record(["a.ts", "b.ts"]);
    const paths = new Set(["a.ts"]);
    // An entry whose first key is not relative_path.
    const reordered = {
      ...whole,
      files: whole.files.map(({ relative_path, ...rest }) => ({ ...rest, relative_path })),
    };
    expect(narrowRecordText(text(reordered), paths)).toBeUndefined();
    // files not last (but for ledger), a ledger before files, trailing whitespace.
    const { files, ...head } = whole;
    expect(narrowRecordText(text({ files, ...head }), paths)).toBeUndefined();
    expect(narrowRecordText(Buffer.from(`${JSON.stringify(whole)} `), paths)).toBeUndefined();
    // Two files keys: JSON.parse keeps the last; so does the reader, or it leaves it.
    const doubled = `${JSON.stringify(whole).slice(0, -1)},"files":[]}`;
    const fromText = narrowRecordText(Buffer.from(doubled), paths);
    expect(fromText === undefined || (fromText as { files: unknown[] }).files.length === 0).toBe(
      true,
    );
    // Not JSON where the wanted entry is, or in the record's own fields.
    const broken = JSON.stringify(whole).replace(
      '"relative_path":"a.ts",',
      '"relative_path":"a.ts",,',
    );
    expect(narrowRecordText(Buffer.from(broken), paths)).toBeUndefined();
    const badHead = JSON.stringify(whole).replace('"intent_id":"INT-001"', '"intent_id":INT-001');
    expect(narrowRecordText(Buffer.from(badHead), paths)).toBeUndefined();
  });
});

describe("the one reader, narrowed", () => {
  it("returns the record with only the asked files, fast path or schema alike", async () => {
    const whole = record(["a.ts", "b.ts"]);
    const note = `${JSON.stringify(whole)}\n`;
    const paths = new Set(["b.ts"]);
    const certain = certainNoteLines(note, commit, paths);
    expect(certain).toEqual([{ ok: true, line: 1, record: { ...whole, files: [whole.files[1]] } }]);
    // An unknown key in the record makes the fast path undecided: the schema decides, on the
    // narrowed record, and drops the unknown key as it does for a whole one.
    const odd = `${JSON.stringify({ ...whole, extra: 1 })}\n`;
    expect(certainNoteLines(odd, commit, paths)).toBeUndefined();
    expect(await noteLines(odd, commit, paths)).toEqual(certain);
  });

  it("validates only what it returns: a bad entry of another path is not read", async () => {
    const whole = record(["a.ts", "b.ts"]);
    const bad = { ...whole, files: [{ ...whole.files[0], operation: "explode" }, whole.files[1]] };
    const note = `${JSON.stringify(bad)}\n`;
    const [forB] = await noteLines(note, commit, new Set(["b.ts"]));
    expect(forB).toEqual({ ok: true, line: 1, record: { ...whole, files: [whole.files[1]] } });
    const [forA] = await noteLines(note, commit, new Set(["a.ts"]));
    expect(forA?.ok).toBe(false);
    expect(forA).toMatchObject({ line: 1, problem: expect.stringContaining("files.0.operation") });
    const [all] = await noteLines(note, commit);
    expect(all?.ok).toBe(false);
  });

  it("numbers lines as git notes show prints them, blank ones counted, and names a bad one", async () => {
    const whole = record(["a.ts"]);
    const note = `\n${JSON.stringify(whole)}\n \nnot json\n`;
    const lines = await noteLines(note, commit);
    expect(lines.map((line) => [line.line, line.ok])).toEqual([
      [2, true],
      [4, false],
    ]);
    expect(lines[1]).toMatchObject({ problem: expect.stringMatching(/^not JSON \(/) });
    // A line of Unicode whitespace only is blank, as String.prototype.trim says.
    expect(await noteLines(`\u00a0\u2028\n${JSON.stringify(whole)}\n`, commit)).toHaveLength(1);
  });
});

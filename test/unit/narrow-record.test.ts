import { describe, expect, it } from "vitest";
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

  it("reads keys as JSON means them: a later duplicate or an escaped key wins, as for a whole read", async () => {
    const whole = record(["a.ts", "b.ts"], true);
    const paths = new Set(["a.ts"]);
    const text = JSON.stringify(whole);
    // A second intent_id after the files, and an escaped second "files" key at the end.
    const later = `${text.slice(0, text.indexOf(',"ledger":'))},"intent_id":"INT-002"${text.slice(text.indexOf(',"ledger":'))}`;
    const [relabelled] = await noteLines(later, commit, paths);
    expect(relabelled).toMatchObject({ ok: true, record: { intent_id: "INT-002" } });
    const emptied = `${text.slice(0, -1)},"\\u0066iles":[]}`;
    const [none] = await noteLines(emptied, commit, paths);
    expect(none).toMatchObject({ ok: true, record: { files: [] } });
    // An entry whose path is written with escapes is the same path.
    const escaped = text.replace('"relative_path":"a.ts"', '"relative_path":"\\u0061.ts"');
    const [found] = await noteLines(escaped, commit, paths);
    expect(found).toMatchObject({ ok: true, record: { files: [{ relative_path: "a.ts" }] } });
  });
});

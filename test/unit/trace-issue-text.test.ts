import { describe, expect, it } from "vitest";
import type { TraceIssueDetail } from "../../src/core/trace/trace-issue-detail.js";
import { traceIssueText } from "../../src/report/trace/trace-issue-text.js";

const sha = "0123456789abcdef0123456789abcdef01234567";
const range = { path: "src/a.ts", start: 3, end: 5 };
const agent = { entity_type: "AI", model_identifier: "m/1", agent_id: "builder" } as const;

describe("what is wrong with a commit's trace, in words", () => {
  it("says each detail verify finds, naming the file, range, line and ledger line", () => {
    const cases: [TraceIssueDetail, string][] = [
      [{ kind: "no-record" }, "no trace record"],
      [{ kind: "note-unreadable" }, "its note cannot be read"],
      [{ kind: "invalid-line", line: 2, problem: "not JSON" }, "note line 2 is not JSON"],
      [
        { kind: "rekeyed", commit: sha, named: "f".repeat(40) },
        `keyed to ${sha} but names ${"f".repeat(40)} (a rewrite was not re-keyed)`,
      ],
      [{ kind: "parents-differ", parents: [] }, "parents differ from the commit's (none)"],
      [{ kind: "parents-differ", parents: ["a", "b"] }, "parents differ from the commit's (a, b)"],
      [
        { kind: "intent-differs", recorded: "INT-002", trailer: null },
        `intent_id is "INT-002", but the commit's Intent: trailer says null`,
      ],
      [{ kind: "file-repeated" }, "a file is named more than once (each file is one entry)"],
      [{ kind: "file-missing", path: "x y" }, "x y: missing from the record"],
      [{ kind: "file-differs", path: "x" }, "x: operation, modes or blob hashes differ"],
      [
        {
          kind: "ranges-differ",
          path: "x",
          recorded: [],
          recomputed: [
            { start: 1, end: 2, hash: "sha256:aa" },
            { start: 4, end: 4, hash: "sha256:bb" },
          ],
        },
        "x: ranges differ (recorded none; recomputed 1-2:sha256:aa,4-4:sha256:bb)",
      ],
      [{ kind: "file-extra", path: "x" }, "x: recorded, but the commit does not touch it"],
      [
        { kind: "split-same-contributor", range },
        "src/a.ts: range 3-5 is split from the range before it, but both have the same contributor (ranges split only where the contributor changes)",
      ],
      [
        { kind: "piece-hash-mismatch", range, unreadable: false },
        "src/a.ts: the content hash of range 3-5 does not match its lines",
      ],
      [
        { kind: "piece-hash-mismatch", range, unreadable: true },
        "src/a.ts: the content hash of range 3-5 does not match its lines (they could not be read)",
      ],
      [
        { kind: "line-hashes-differ", range, line: 4, recorded: "00ff", recomputed: null },
        "src/a.ts: line_hashes of range 3-5 differ from the content (line 4: recorded 00ff, recomputed none)",
      ],
      [
        { kind: "evidence-short", range, who: agent, source: null, needed: 3 },
        "range src/a.ts:3-5 names AI m/1 / builder from its own commit: a source is another commit's record of at least 3 of these lines",
      ],
      [
        {
          kind: "evidence-short",
          range,
          who: { entity_type: "HUMAN", name: "Ada" },
          source: { commit: sha, lines: 1 },
          needed: 3,
        },
        "range src/a.ts:3-5 names Ada from only 1 line(s) of 0123456789ab: a source is another commit's record of at least 3 of these lines",
      ],
      [
        {
          kind: "evidence-unheld",
          range,
          who: { entity_type: "AI" },
          source: { commit: sha, path: "src/b.ts", start: 1, end: 3 },
          recorded: false,
        },
        "range src/a.ts:3-5 names AI (no model) from 0123456789ab (src/b.ts:1-3), but that commit has no record here",
      ],
      [
        {
          kind: "evidence-unheld",
          range,
          who: { entity_type: "HUMAN" },
          source: { commit: sha, path: "src/b.ts", start: 1, end: 3 },
          recorded: true,
        },
        "range src/a.ts:3-5 names a person from 0123456789ab (src/b.ts:1-3), but its record does not hold those lines as that contributor",
      ],
      [
        { kind: "ledger-other-record", seq: 4, ledgerRecord: "r1", noteRecord: "r2" },
        "this clone's ledger (line 4) traced the commit as record r1, but its note holds record r2",
      ],
      [
        { kind: "ledger-truncated", seq: 9, lines: 1 },
        "the record anchors ledger line 9, but this clone's ledger has 1 line: it was truncated or deleted",
      ],
      [
        { kind: "ledger-truncated", seq: 9, lines: 0 },
        "the record anchors ledger line 9, but this clone's ledger has 0 lines: it was truncated or deleted",
      ],
      [
        { kind: "ledger-line-edited", seq: 2 },
        "ledger line 2 is not the line the record anchors: it was edited",
      ],
      [
        { kind: "ledger-line-other", seq: 2, record: "r1" },
        "ledger line 2 does not record this commit's record r1",
      ],
      [
        { kind: "record-edited", seq: 2 },
        "the record is not the one ledger line 2 recorded (its digest differs): it was edited after it was written",
      ],
      [
        {
          kind: "contributor-differs",
          contributor: { entity_type: "AI", model_identifier: "m/1" },
          counted: { entity_type: "HUMAN", name: "Ada" },
        },
        "it names AI m/1 as the commit's contributor, the record that counts Ada",
      ],
      [
        {
          kind: "superseded-disagrees",
          record: "r9",
          detail: { kind: "intent-differs", recorded: "INT-003", trailer: "INT-001" },
        },
        `record r9, beside the one that counts, disagrees with the commit: intent_id is "INT-003", but the commit's Intent: trailer says "INT-001"`,
      ],
    ];
    for (const [detail, text] of cases) expect(traceIssueText(detail)).toBe(text);
  });
});

import { describe, expect, it } from "vitest";
import type { AttributionReason } from "../../src/core/trace/blame-line.js";
import { attributionReasonText } from "../../src/report/blame/attribution-reason.js";

const commit = "3f2a9c1e7b6d5a4f3e2d1c0b9a8f7e6d5c4b3a21";
const range = { path: "src/a b.ts", start: 3, end: 9 };

describe("why a blamed line has its confidence, in words", () => {
  it("names the range, the commit and how to get the notes, for every reason", () => {
    const cases: [AttributionReason, string][] = [
      [{ kind: "recorded", range, observed: null }, "recorded in range src/a b.ts:3-9"],
      [
        {
          kind: "recorded",
          range,
          observed: { agent: "builder", model: "m/1", session: "s-1", toolUse: "t-2" },
        },
        "recorded in range src/a b.ts:3-9, observed written by an agent's hook (builder, m/1, session s-1, tool call t-2)",
      ],
      [
        {
          kind: "recorded",
          range,
          observed: { agent: null, model: "m/1", session: null, toolUse: null },
        },
        "recorded in range src/a b.ts:3-9, observed written by an agent's hook (m/1)",
      ],
      [
        { kind: "hash-mismatch", range, commit },
        "the record's hash of range src/a b.ts:3-9 does not match the content at 3f2a9c1e7b6d",
      ],
      [
        { kind: "range-unchecked", range },
        "in range src/a b.ts:3-9, which could not be read to check it",
      ],
      [
        { kind: "no-range", path: "x.ts", line: 4 },
        "the commit's record names x.ts but no range holds line 4",
      ],
      [
        { kind: "file-unrecorded", path: "x.ts" },
        "the commit's record does not name x.ts; attributed from the record",
      ],
      [
        { kind: "note-conflict", count: 2 },
        "the commit's note holds 2 records, so none can be trusted alone",
      ],
      [
        { kind: "intent-disagrees", recorded: "INT-001", trailers: ["INT-002", "INT-003"] },
        "the record names intent INT-001, the commit's Intent: trailer INT-002, INT-003",
      ],
      [
        { kind: "intent-disagrees", recorded: null, trailers: [] },
        "the record names intent none, the commit's Intent: trailer none",
      ],
      [
        { kind: "contributor-disagrees" },
        "the record's contributor is not the one the commit's Contributor-* trailers name",
      ],
      [
        { kind: "content", lines: 3, commit, range, relation: "ancestor" },
        "the same 3 lines were recorded in 3f2a9c1e7b6d (src/a b.ts:3-9), an ancestor of this line's commit",
      ],
      [
        { kind: "content", lines: 3, commit, range, relation: "not-here" },
        "the same 3 lines were recorded in 3f2a9c1e7b6d (src/a b.ts:3-9), a commit not in this clone, recorded before this line's commit",
      ],
      [
        { kind: "content", lines: 3, commit, range, relation: "other-branch" },
        "the same 3 lines were recorded in 3f2a9c1e7b6d (src/a b.ts:3-9), committed before this line's commit, on another branch",
      ],
      [{ kind: "trailers", intents: ["INT-001"] }, "no trace record; from the commit's trailers"],
      [
        { kind: "trailers", intents: ["INT-001", "INT-002"] },
        "no trace record; from the commit's trailers; its trailers name INT-001, INT-002, so no one intent is",
      ],
      [{ kind: "not-committed" }, "not committed yet"],
      [
        { kind: "before-adoption" },
        "made before intentguard was adopted (its tree has no intents file)",
      ],
      [
        { kind: "nowhere" },
        "no trace record, no trailers, and its content is recorded nowhere else",
      ],
      [
        { kind: "no-notes" },
        "this clone has no trace notes: run npx intentguard trace fetch, then blame again",
      ],
    ];
    for (const [reason, text] of cases) {
      expect(attributionReasonText(reason, "npx intentguard")).toBe(text);
    }
  });
});

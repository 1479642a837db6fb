import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { nextIntentId } from "../../src/governance/intent-lifecycle.js";
import { IntentsSourceEdit } from "../../src/governance/intent-source-edit.js";
import { TestClock } from "../support/clock.js";
import { createScratchDir } from "../support/test-repo.js";

/** No edit here waits for the lock: the clock only stands in for the CLI's. */
const clock = new TestClock("2026-03-01T09:00:00Z");

const file = ".orchestration/active_intents.yaml";

function workTree(text: string): string {
  const root = createScratchDir();
  mkdirSync(path.join(root, ".orchestration"));
  writeFileSync(path.join(root, file), text);
  return root;
}

const read = (root: string) => readFileSync(path.join(root, file), "utf8");

async function setStatus(text: string, status: string, at = "2026-01-02T03:04:05Z") {
  const root = workTree(text);
  const edit = await IntentsSourceEdit.open(root);
  edit.setField(0, "status", status);
  edit.setField(0, "updated_at", at);
  const saved = await edit.save(clock);
  return { saved, text: read(root) };
}

describe("editing the intents file in place", () => {
  it("changes only the status and updated_at lines, keeping aligned comments aligned", async () => {
    const text = [
      "# top",
      "active_intents:",
      '  - id: "INT-001"          # the id',
      '    name: "Auth"',
      '    status: "IN_PROGRESS"   # where it is',
      '    owned_scope: ["src/auth/**", "lib"]   # flow, unpadded',
      '    related_specs: [{ type: "issue", value: "1" }]',
      "  # between",
      "  - id: INT-002",
      "    name: Docs",
      "    status: PENDING",
      "    owned_scope:",
      "      - docs",
      "# the end",
      "",
    ].join("\n");
    const { saved, text: after } = await setStatus(text, "BLOCKED");
    expect(saved.layoutKept).toBe(true);
    expect(after).toBe(
      text
        .replace('status: "IN_PROGRESS"   # where', 'status: "BLOCKED"       # where')
        .replace(
          '    related_specs: [{ type: "issue", value: "1" }]\n',
          '    related_specs: [{ type: "issue", value: "1" }]\n    updated_at: "2026-01-02T03:04:05Z"\n',
        ),
    );
  });

  it.each([
    [
      "four-space indentation",
      "active_intents:\n    -   id: INT-001\n        name: A\n        status: PENDING\n        owned_scope:\n            - src\n",
      "active_intents:\n    -   id: INT-001\n        name: A\n        status: IN_PROGRESS\n        owned_scope:\n            - src\n        updated_at: 2026-01-02T03:04:05Z\n",
    ],
    [
      "unindented lists",
      "active_intents:\n- id: 'INT-001'\n  name: 'A'\n  status: 'PENDING'\n  owned_scope:\n  - 'src'\n",
      "active_intents:\n- id: 'INT-001'\n  name: 'A'\n  status: 'IN_PROGRESS'\n  owned_scope:\n  - 'src'\n  updated_at: '2026-01-02T03:04:05Z'\n",
    ],
    [
      "no final newline",
      'active_intents:\n  - id: "INT-001"\n    name: "A"\n    status: "PENDING"\n    owned_scope: []',
      'active_intents:\n  - id: "INT-001"\n    name: "A"\n    status: "IN_PROGRESS"\n    owned_scope: []\n    updated_at: "2026-01-02T03:04:05Z"',
    ],
    [
      "CRLF line ends",
      'active_intents:\r\n  - id: "INT-001"\r\n    name: "A"\r\n    status: "PENDING"\r\n    owned_scope: ["src"]\r\n',
      'active_intents:\r\n  - id: "INT-001"\r\n    name: "A"\r\n    status: "IN_PROGRESS"\r\n    owned_scope: ["src"]\r\n    updated_at: "2026-01-02T03:04:05Z"\r\n',
    ],
    [
      "a flow mapping",
      'active_intents:\n  - { id: "INT-001", name: "A", status: "PENDING", owned_scope: [] }\n',
      'active_intents:\n  - { id: "INT-001", name: "A", status: "IN_PROGRESS", owned_scope: [], updated_at: "2026-01-02T03:04:05Z" }\n',
    ],
    [
      "an existing updated_at",
      'active_intents:\n  - id: "INT-001"\n    name: "A"\n    status: "PENDING"\n    owned_scope: []\n    updated_at: "2025-01-01T00:00:00Z" # set by hand\n',
      'active_intents:\n  - id: "INT-001"\n    name: "A"\n    status: "IN_PROGRESS"\n    owned_scope: []\n    updated_at: "2026-01-02T03:04:05Z" # set by hand\n',
    ],
  ])("edits in place with %s", async (_, text, expected) => {
    const { saved, text: after } = await setStatus(text, "IN_PROGRESS");
    expect(after).toBe(expected);
    expect(saved.layoutKept).toBe(true);
  });

  it("lays the file out anew, saying so, when it cannot edit in place", async () => {
    const text =
      'active_intents: [{ id: "INT-001", name: "A", status: "PENDING", owned_scope: [] }]\n';
    const root = workTree(text);
    const edit = await IntentsSourceEdit.open(root);
    edit.appendIntent([
      ["id", "INT-002"],
      ["name", "B"],
      ["status", "PENDING"],
      ["owned_scope", ["src"]],
    ]);
    const saved = await edit.save(clock);
    expect(saved.layoutKept).toBe(false);
    expect(read(root)).toContain("INT-002");
  });

  it("appends an intent laid out like the last one", async () => {
    const text = [
      "active_intents:",
      "    -   id: 'BUG-7'",
      "        name: 'A'",
      "        status: 'PENDING'",
      "        owned_scope:",
      "          - 'src'",
      "# trailing comment",
      "",
    ].join("\n");
    const root = workTree(text);
    const edit = await IntentsSourceEdit.open(root);
    edit.appendIntent([
      ["id", "BUG-8"],
      ["name", "It's new"],
      ["status", "PENDING"],
      ["owned_scope", ["lib/**", "*.md"]],
    ]);
    expect((await edit.save(clock)).layoutKept).toBe(true);
    expect(read(root)).toBe(
      text.replace(
        "# trailing",
        [
          "    -   id: 'BUG-8'",
          "        name: 'It''s new'",
          "        status: 'PENDING'",
          "        owned_scope:",
          "          - 'lib/**'",
          "          - '*.md'",
          "# trailing",
        ].join("\n"),
      ),
    );
  });

  it("appends after the comments that belong to the last intent, before those that end the list", async () => {
    const text = [
      "active_intents:",
      '  - id: "INT-001"',
      '    name: "A"',
      '    status: "PENDING"',
      "    owned_scope: []",
      "    # assigned_agent: later (commented out, part of INT-001)",
      "# the end",
    ].join("\n");
    const root = workTree(text);
    const edit = await IntentsSourceEdit.open(root);
    edit.appendIntent([
      ["id", "INT-002"],
      ["name", "B"],
      ["status", "PENDING"],
      ["owned_scope", ["b"]],
    ]);
    expect((await edit.save(clock)).layoutKept).toBe(true);
    expect(read(root)).toBe(
      text.replace(
        "# the end",
        '  - id: "INT-002"\n    name: "B"\n    status: "PENDING"\n    owned_scope:\n      - "b"\n# the end',
      ),
    );
  });

  it("turns an empty list into a list of one", async () => {
    const root = workTree("# none yet\nactive_intents: []\n");
    const edit = await IntentsSourceEdit.open(root);
    edit.appendIntent([
      ["id", "INT-001"],
      ["name", "A"],
      ["status", "PENDING"],
      ["owned_scope", ["src"]],
    ]);
    expect((await edit.save(clock)).layoutKept).toBe(true);
    expect(read(root)).toBe(
      '# none yet\nactive_intents:\n  - id: "INT-001"\n    name: "A"\n    status: "PENDING"\n    owned_scope:\n      - "src"\n',
    );
  });
});

describe("the next free intent ID", () => {
  it.each([
    [[], "INT-001"],
    [["INT-001", "INT-002"], "INT-003"],
    [["INT-009", "INT-003"], "INT-010"],
    [["INT-7"], "INT-8"],
    [["INT-999"], "INT-1000"],
    [["BUG-1", "INT-001", "INT-004", "BUG-2"], "BUG-3"],
    [["INT-001", "BUG-1", "BUG-2", "INT-002", "INT-003"], "INT-004"],
    [["INT-99999999999999999999"], "INT-100000000000000000000"],
  ])("after %j is %s", (ids, next) => {
    expect(nextIntentId(ids)).toBe(next);
  });
});

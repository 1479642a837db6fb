import { describe, expect, it } from "vitest";
import { intentsYaml, intentYaml, lintInput } from "../../../../test/support/lint-input.js";
import { selection } from "./selection.js";

describe("selection_inactive and selection_unreadable", () => {
  const yaml = intentsYaml(intentYaml("INT-001"), intentYaml("INT-002", { status: "BLOCKED" }));

  it("reports a work tree whose selected intent is not IN_PROGRESS, or is not in the file", () => {
    const selections = [
      { workTree: "/repo", selected: "INT-002" },
      { workTree: "/repo-linked", selected: "INT-009" },
    ];
    expect(selection(lintInput(yaml, { selections }))).toEqual([
      {
        code: "selection_inactive",
        intent: "INT-002",
        line: 6,
        column: 9,
        work_tree: "/repo",
        status: "BLOCKED",
      },
      {
        code: "selection_inactive",
        intent: "INT-009",
        line: null,
        column: null,
        work_tree: "/repo-linked",
        status: null,
      },
    ]);
  });

  it("reports a selection that cannot be read, and nothing for a good or absent one", () => {
    const selections = [
      { workTree: "/a", unreadable: "not JSON" },
      { workTree: "/b", selected: "INT-001" },
      { workTree: "/c", selected: undefined },
    ];
    expect(selection(lintInput(yaml, { selections }))).toEqual([
      {
        code: "selection_unreadable",
        intent: null,
        line: null,
        column: null,
        work_tree: "/a",
        problem: "not JSON",
      },
    ]);
  });
});

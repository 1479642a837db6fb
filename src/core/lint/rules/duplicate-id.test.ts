import { describe, expect, it } from "vitest";
import { intentsYaml, intentYaml, lintInput } from "../../../../test/support/lint-input.js";
import { duplicateId } from "./duplicate-id.js";

describe("duplicate_id", () => {
  it("reports each repeat of an ID at its own line, with the first one's line", () => {
    const yaml = intentsYaml(intentYaml("INT-001"), intentYaml("INT-002"), intentYaml("INT-001"));
    expect(duplicateId(lintInput(yaml))).toEqual([
      { code: "duplicate_id", intent: "INT-001", line: 10, column: 9, first_line: 2 },
    ]);
  });

  it("holds for distinct IDs", () => {
    expect(
      duplicateId(lintInput(intentsYaml(intentYaml("INT-001"), intentYaml("INT-002")))),
    ).toEqual([]);
  });
});

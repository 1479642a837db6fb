import { describe, expect, it } from "vitest";
import { intentsYaml, intentYaml, lintInput } from "../../../../test/support/lint-input.js";
import { patternMatchesNothing } from "./pattern-matches-nothing.js";

describe("pattern_matches_nothing", () => {
  const files = ["src/auth/login.ts", "docs/Guide.md"];

  it("reports an owned or forbidden pattern no tracked file matches, where it is written", () => {
    const yaml = intentsYaml(
      intentYaml("INT-001", { owned: ["src/auth", "src/bilings"], forbidden: ["vendor"] }),
    );
    expect(patternMatchesNothing(lintInput(yaml, { files }))).toEqual([
      {
        code: "pattern_matches_nothing",
        intent: "INT-001",
        line: 5,
        column: 31,
        field: "owned_scope",
        grant: null,
        pattern: "src/bilings",
      },
      {
        code: "pattern_matches_nothing",
        intent: "INT-001",
        line: 6,
        column: 23,
        field: "forbidden_scope",
        grant: null,
        pattern: "vendor",
      },
    ]);
  });

  it("matches a forbidden pattern in any spelling the scope folds to the same file", () => {
    const yaml = intentsYaml(
      intentYaml("INT-001", { owned: ["src"], forbidden: ["docs/guide.md"] }),
    );
    expect(patternMatchesNothing(lintInput(yaml, { files }))).toEqual([]);
  });

  it("checks no closed intent", () => {
    const yaml = intentsYaml(intentYaml("INT-001", { status: "COMPLETED", owned: ["gone"] }));
    expect(patternMatchesNothing(lintInput(yaml, { files }))).toEqual([]);
  });
});

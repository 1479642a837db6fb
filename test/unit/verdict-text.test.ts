import { describe, expect, it } from "vitest";
import { defaultPolicy } from "../../src/core/config/default-policy.js";
import { IntentsFile } from "../../src/core/config/intents-schema.js";
import { compileGovernance } from "../../src/core/governance/compile-governance.js";
import { resolveIntentRequest } from "../../src/core/intent/intent-request.js";
import { judgeChange } from "../../src/core/judge/judge-change.js";
import { plainStyle } from "../../src/report/text/style.js";
import { formatTransactionReport } from "../../src/report/verdict/transaction.js";
import { formatVerdictText } from "../../src/report/verdict/verdict-text.js";
import { fileChange } from "../support/file-changes.js";

/** How the hints name intentguard: as a project dependency runs it. */
const command = "npx intentguard";

const governance = compileGovernance(
  IntentsFile.parse({
    active_intents: [
      { id: "INT-001", name: "Auth", status: "IN_PROGRESS", owned_scope: ["src/auth"] },
    ],
  }),
  defaultPolicy,
  true,
);

function blockedText(paths: string[]): string {
  const changes = paths.map((path) => fileChange(path, "create"));
  const verdict = judgeChange({
    governance,
    adoption: false,
    changes,
    resolved: resolveIntentRequest({ selection: "INT-001" }),
    agent: null,
    deferWithoutIntent: false,
    merge: false,
  });
  return formatVerdictText(verdict, plainStyle, command);
}

describe("formatVerdictText", () => {
  it("lists a few offending paths one by one, with their operation", () => {
    const text = blockedText(["docs/a.md", "lib/b.ts"]);
    expect(text).toContain("✗ intentguard: blocked — 2 paths outside the scope of INT-001 (Auth)");
    expect(text).toContain("    create docs/a.md\n    create lib/b.ts\n");
  });

  it("groups thousands of offending paths by directory, largest first, and stays short", () => {
    const paths = [
      ...Array.from({ length: 3000 }, (_, i) => `vendor/lib${i % 40}/file${i}.js`),
      ...Array.from({ length: 1200 }, (_, i) => `docs/page${i}.md`),
    ];
    const text = blockedText(paths);
    expect(text).toContain("4200 paths outside the scope of INT-001 (Auth)");
    expect(text).toContain("    docs/ (1,200 paths)\n");
    expect(text).toContain("    vendor/lib0/ (75 paths)\n");
    // 25 groups are listed (docs/ and 24 of the 40 vendor folders); the other 16 are summed.
    expect(text).toContain("… and 1,200 more paths in 16 other directories");
    expect(text.split("\n").length).toBeLessThan(45);
  });

  it("escapes a path that would break the line", () => {
    expect(blockedText(["docs/new\nline.md"])).toContain('create "docs/new\\nline.md"');
  });

  it("says one more path in one other directory in the singular", () => {
    const paths = [
      ...Array.from({ length: 25 }, (_, i) => `dir${i}/a.ts`),
      ...Array.from({ length: 25 }, (_, i) => `dir${i}/b.ts`),
      "last/only.ts",
    ];
    expect(blockedText(paths)).toContain("    … and 1 more path in 1 other directory\n");
  });

  it("says an empty commit is allowed without counting its 0 paths", () => {
    const verdict = judgeChange({
      governance,
      adoption: false,
      changes: [],
      resolved: resolveIntentRequest({ selection: "INT-001" }),
      agent: null,
      deferWithoutIntent: false,
      merge: false,
    });
    expect(formatVerdictText(verdict, plainStyle, command).split("\n")[0]).toBe(
      "✓ intentguard: allowed — empty commit",
    );
  });
});

describe("formatTransactionReport", () => {
  it("counts one allowed commit in the singular when the others had no governance", () => {
    const verdict = judgeChange({
      governance,
      adoption: false,
      changes: [fileChange("src/auth/a.ts", "create")],
      resolved: resolveIntentRequest({ selection: "INT-001" }),
      agent: null,
      deferWithoutIntent: false,
      merge: false,
    });
    const commit = {
      sha: "a".repeat(40),
      parents: [],
      authorName: "A",
      authorEmail: "a@example.com",
      subject: "One",
      trailers: [],
      tree: "4b825dc642cb6eb9a060e54bf8d69288fbee4904",
    };
    expect(formatTransactionReport([{ diff: { commit }, verdict }], 3, plainStyle, command)).toBe(
      "✓ intentguard: 1 commit allowed and traced; 2 without governance, not traced\n",
    );
  });
});

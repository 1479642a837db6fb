import { describe, expect, it } from "vitest";
import { intentMapMarkdown } from "../../src/report/intent/intent-map-markdown.js";

/** The file rows of a map with one intent touching `paths`. */
function rows(paths: string[]): string[] {
  const markdown = intentMapMarkdown({
    commits: 1,
    intents: [
      {
        id: "INT-001",
        intent: null,
        files: paths.map((path) => ({ path, commits: 1, lines: 2 })),
      },
    ],
    governance: [],
  });
  return markdown
    .split("\n")
    .filter((line) => line.startsWith("| ") && line.endsWith(" | 1 | 2 |"));
}

describe("intent map table cells hold any path from the records", () => {
  it.each([
    ["plain", "src/a.ts", "| `src/a.ts` | 1 | 2 |"],
    ["a pipe", "src/a|b.ts", "| `src/a\\|b.ts` | 1 | 2 |"],
    ["a backtick", "src/a`b.ts", "| `` src/a`b.ts `` | 1 | 2 |"],
    ["two backticks", "src/a``b.ts", "| ``` src/a``b.ts ``` | 1 | 2 |"],
    ["a newline", "src/a\nb.ts", "| `src/a\\u000ab.ts` | 1 | 2 |"],
    ["an escape sequence", "src/\u001b[31mred.ts", "| `src/\\u001b[31mred.ts` | 1 | 2 |"],
  ])("%s", (_what, path, row) => {
    expect(rows([path])).toEqual([row]);
  });
});

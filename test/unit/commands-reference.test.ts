import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { commandsReference } from "../../src/cli/commands-reference.js";
import { usage } from "../../src/cli/help.js";
import { commands } from "../../src/cli/registry.js";
import { projectRoot } from "../support/test-repo.js";

const committed = readFileSync(path.join(projectRoot, "docs/commands.md"), "utf8");

describe("docs/commands.md, the commands reference", () => {
  it("is what the command table generates", () => {
    expect(
      committed,
      "docs/commands.md differs from src/cli/registry.ts: run `npm run docs` and commit it",
    ).toBe(commandsReference());
  });

  it("has a section with the usage of every command in the table, and no other", () => {
    const headings = [...committed.matchAll(/^#{2,3} (.+)$/gm)].map((match) => match[1]);
    const names = commands.map((command) => command.name);
    const groups = new Set(
      names.filter((name) => name.includes(" ")).map((name) => name.split(" ")[0]),
    );
    expect(headings).toEqual(expect.arrayContaining(names));
    expect(
      headings.filter((heading) => !names.includes(heading ?? "") && !groups.has(heading ?? "")),
    ).toEqual(["Exit codes", "Output formats"]);
    for (const command of commands) expect(committed).toContain(`\n${usage(command)}\n`);
  });
});

import { describe, expect, it } from "vitest";
import { commandHelp, usage } from "../../src/cli/help.js";
import { commands } from "../../src/cli/registry.js";

const spec = (name: string) => {
  const found = commands.find((command) => command.name === name);
  if (!found) throw new Error(`no command ${name}`);
  return found;
};

describe("help generated from the option definitions", () => {
  it.each([
    [
      "check",
      "intentguard check --staged | --paths <path…> | --range <a>..<b> | --commit <rev> | --base <ref> | --ci [--deepen] [--verify-traces] [--intent <ID>] [--format <format>] [--json] [--output <file>]",
    ],
    [
      "select",
      "intentguard select <ID> [--format text|json] [--json] | intentguard select --clear",
    ],
    ["status", "intentguard status [--intent <ID>] [--format text|json] [--json]"],
    ["trace show", "intentguard trace show [<rev>] [--format text|json] [--json]"],
    ["trace verify", "intentguard trace verify [--range <a>..<b>] [--format text|json] [--json]"],
    ["trace export", "intentguard trace export [--format jsonl|agent-trace] [--range <a>..<b>]"],
    ["trace push", "intentguard trace push [<remote>]"],
    ["demo", "intentguard demo [--keep]"],
  ])("writes the usage of %s from its flags", (name, expected) => {
    expect(usage(spec(name))).toBe(expected);
  });

  it("describes every flag a command accepts, aligned, then its notes", () => {
    expect(commandHelp(spec("check"))).toBe(
      [
        "Usage: intentguard check --staged | --paths <path…> | --range <a>..<b> | --commit <rev> | --base <ref> | --ci [--deepen] [--verify-traces] [--intent <ID>] [--format <format>] [--json] [--output <file>]",
        "",
        "judge the staged change, paths before writing them, or every commit of a range (CI)",
        "",
        "  --staged            judge what is staged, exactly as the commit hooks do",
        "  --paths <path…>     judge paths you intend to touch (relative to the current directory)",
        "  --range <a>..<b>    judge every commit of a range as the hooks would have (a must be an ancestor of b)",
        "  --commit <rev>      judge one commit",
        "  --base <ref>        judge the commits of HEAD since its merge base with <ref>",
        "  --ci                judge what this CI run brings (GitHub Actions, GitLab CI), computed with git",
        "  --deepen            with --ci in a shallow clone: fetch deeper until the range's base is there",
        "  --verify-traces     also check each commit's trace record (missing, invalid, tampered)",
        "  --intent <ID>       the intent to judge against (else INTENTGUARD_INTENT, else the selection)",
        "  --format <format>   text (default) or json; for a range also github, sarif, junit, gitlab",
        "  --json              the same as --format json",
        "  --output <file>     write the --format report to <file> and print text (ranges only)",
        "Exit 0 allowed, 1 blocked (any commit of a range), 2 cannot evaluate (an unknown or",
        "unreadable range, a shallow clone without the range's base: never a green answer).",
        "",
      ].join("\n"),
    );
  });

  it("spells every text-or-JSON output flag --format, with --json as its alias", () => {
    const withJson = commands.filter((command) => command.options.json);
    expect(withJson.map((command) => command.name)).toEqual([
      "select",
      "status",
      "check",
      "trace show",
      "trace log",
      "trace blame",
      "trace stats",
      "trace verify",
      "intent list",
      "intent show",
      "intent lint",
    ]);
    for (const command of withJson) {
      expect(command.options.format, command.name).toBeDefined();
      expect(command.options.json?.description, command.name).toBe("the same as --format json");
    }
  });

  it("gives every command a summary and every flag a description", () => {
    for (const command of commands) {
      expect(command.summary, command.name).not.toBe("");
      for (const [name, option] of Object.entries(command.options)) {
        expect(option.description, `${command.name} --${name}`).not.toBe("");
      }
    }
  });
});

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
    ["check", "intentguard check --staged | --paths <path…> [--intent <ID>] [--format text|json]"],
    ["select", "intentguard select <ID> [--json] | intentguard select --clear"],
    ["status", "intentguard status [--intent <ID>] [--json]"],
    ["trace show", "intentguard trace show [<rev>] [--json]"],
    ["trace verify", "intentguard trace verify [--range <a>..<b>] [--json]"],
    ["trace export", "intentguard trace export [--format jsonl|agent-trace] [--range <a>..<b>]"],
    ["trace push", "intentguard trace push [<remote>]"],
    ["demo", "intentguard demo [--keep]"],
  ])("writes the usage of %s from its flags", (name, expected) => {
    expect(usage(spec(name))).toBe(expected);
  });

  it("describes every flag a command accepts, aligned, then its notes", () => {
    expect(commandHelp(spec("check"))).toBe(
      [
        "Usage: intentguard check --staged | --paths <path…> [--intent <ID>] [--format text|json]",
        "",
        "judge the staged change, or paths before writing them",
        "",
        "  --staged             judge what is staged, exactly as the commit hooks do",
        "  --paths <path…>      judge paths you intend to touch (relative to the current directory)",
        "  --intent <ID>        the intent to judge against (else INTENTGUARD_INTENT, else the selection)",
        "  --format text|json   text (default) or json",
        "Exit 0 allowed, 1 blocked, 2 cannot evaluate.",
        "",
      ].join("\n"),
    );
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

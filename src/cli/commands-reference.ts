import type { CommandSpec, OptionSpec } from "../commands/support/command.js";
import { exitCodeMeanings, flag, usage } from "./help.js";
import { sentence } from "./parse-command-line.js";
import { commands, groupOf } from "./registry.js";

/**
 * docs/commands.md, generated from the command table as `--help` is (scripts/commands-reference.mjs
 * writes it; a test fails while the file differs), so the reference cannot drift from the CLI.
 * Commands come in the table's order, each group's subcommands under the group's heading.
 */
export function commandsReference(): string {
  const lines = [
    "# Commands",
    "",
    "<!-- Generated from src/cli/registry.ts by `npm run docs`: edit the table, not this file. -->",
    "",
    "Every command of `intentguard`, as its `--help` describes it (`intentguard <command> --help`,",
    "or `intentguard help <command>`).",
    "",
    ...contents(),
    "",
    "## Exit codes",
    "",
    "Every command exits with one of these (0 also when it did what was asked); a command's notes",
    "below say when it returns 1 or 2.",
    "",
    "| exit | meaning |",
    "| --- | --- |",
    ...Object.entries(exitCodeMeanings).map(([code, meaning]) => `| ${code} | ${meaning} |`),
    "",
    "## Output formats",
    "",
    "A command that prints text or JSON takes `--format text|json`, text by default, and `--json`",
    "as the alias of `--format json` (given both, they must agree). JSON output is stable and",
    "versioned.",
    ...sections(),
  ];
  return `${lines.join("\n")}\n`;
}

/** The first word of a command that names a group of subcommands ("trace"), else undefined. */
function groupName(spec: CommandSpec): string | undefined {
  const [first = ""] = spec.name.split(" ");
  return groupOf(first).length > 0 ? first : undefined;
}

function contents(): string[] {
  return commands.map(
    (spec) => `- [\`${spec.name}\`](#${anchor(spec.name)}): ${prose(spec.summary)}`,
  );
}

function sections(): string[] {
  const lines: string[] = [];
  const seen = new Set<string>();
  for (const spec of commands) {
    const group = groupName(spec);
    if (group !== undefined && !seen.has(group)) {
      seen.add(group);
      lines.push("", `## ${group}`, "", `\`intentguard ${group} <subcommand> [flags]\``);
    }
    lines.push("", ...commandSection(spec, group === undefined ? "##" : "###"));
  }
  return lines;
}

function commandSection(spec: CommandSpec, heading: string): string[] {
  const lines = [
    `${heading} ${spec.name}`,
    "",
    "```",
    usage(spec),
    "```",
    "",
    paragraph(spec.summary),
  ];
  const names = Object.keys(spec.options);
  if (names.length > 0) {
    lines.push("", "Flags:", "");
    for (const name of names) lines.push(`- ${option(spec, name)}`);
  }
  const formats = outputFormats(spec);
  if (formats) lines.push("", formats);
  if (spec.notes?.length) lines.push("", paragraph(spec.notes.join(" ")));
  return lines;
}

function option(spec: CommandSpec, name: string): string {
  const { description, choices } = spec.options[name] as OptionSpec;
  const allowed = choices ? ` One of ${choices.map((choice) => `\`${choice}\``).join(", ")}.` : "";
  return `\`${flag(spec, name)}\`: ${prose(sentence(description))}${allowed}`;
}

/** The formats a command's `--format` names (its choices, else its value), when it has one. */
function outputFormats(spec: CommandSpec): string | undefined {
  const format = spec.options.format;
  if (!format) return undefined;
  const named = format.choices ?? (format.value?.startsWith("<") ? [] : format.value?.split("|"));
  const list = named?.length
    ? named.map((name) => `\`${name}\``).join(", ")
    : "as `--format` says above";
  const alias = spec.options.json ? " (`--json` is `--format json`)" : "";
  return `Output formats: ${list}${alias}.`;
}

/** A clause of the table as a sentence of its own. */
function paragraph(text: string): string {
  return prose(sentence(`${text.charAt(0).toUpperCase()}${text.slice(1)}`));
}

/** GitHub's anchor of a heading made of a command's name. */
function anchor(name: string): string {
  return name.replaceAll(" ", "-");
}

/**
 * The table's wording as Markdown text: what it quotes in backticks stays code, and elsewhere
 * `<ID>` must not read as an HTML tag nor `*` as emphasis.
 */
function prose(text: string): string {
  return text
    .split(/(`[^`]*`)/)
    .map((part, at) =>
      at % 2 === 1
        ? part
        : part
            .replaceAll("\\", "\\\\")
            .replaceAll("*", "\\*")
            .replaceAll("<", "&lt;")
            .replaceAll(">", "&gt;"),
    )
    .join("");
}

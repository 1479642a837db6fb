import type { CommandSpec } from "../commands/support/command.js";
import { ExitCode } from "../errors.js";
import { version } from "../version.js";
import { commands } from "./registry.js";

/** A flag as usage shows it: `--intent <ID>`, `--paths <path…>`, `--json`. */
export function flag(spec: CommandSpec, name: string): string {
  const option = spec.options[name];
  const value = option?.value ?? option?.operands;
  const short = option?.short ? `-${option.short}, ` : "";
  return `${short}--${name}${value ? ` ${value}` : ""}`;
}

/** The usage line, generated from the command's arguments and flags. */
export function usage(spec: CommandSpec): string {
  const base = `intentguard ${spec.name}`;
  const grouped = new Set([...(spec.oneOf ?? []), ...(spec.alone ?? [])]);
  const parts = [base];
  if (spec.oneOf?.length) parts.push(spec.oneOf.map((name) => flag(spec, name)).join(" | "));
  if (spec.arguments) parts.push(spec.arguments);
  for (const name of Object.keys(spec.options)) {
    if (!grouped.has(name)) parts.push(`[${flag(spec, name)}]`);
  }
  const forms = [
    parts.join(" "),
    ...(spec.alone ?? []).map((name) => `${base} ${flag(spec, name)}`),
  ];
  return forms.join(" | ");
}

/** `intentguard <command> --help`: usage, summary, every flag described, then the notes. */
export function commandHelp(spec: CommandSpec): string {
  const flags = Object.keys(spec.options).map(
    (name) => [flag(spec, name), spec.options[name]?.description ?? ""] as const,
  );
  const width = Math.max(0, ...flags.map(([text]) => text.length));
  const lines = [`Usage: ${usage(spec)}`, "", spec.summary];
  if (flags.length > 0 || spec.notes?.length) lines.push("");
  for (const [text, description] of flags) lines.push(`  ${text.padEnd(width)}   ${description}`);
  lines.push(...(spec.notes ?? []));
  return `${lines.join("\n")}\n`;
}

/** `intentguard <group> --help`: the group's subcommands with their summaries. */
export function groupHelp(group: string, members: readonly CommandSpec[]): string {
  return [
    `Usage: intentguard ${group} <subcommand> [flags]   (intentguard ${group} <subcommand> --help for its flags)`,
    "",
    ...commandList(members),
    "",
  ].join("\n");
}

/** What each exit code means, as `intentguard --help` and docs/commands.md say it. */
export const exitCodeMeanings: Readonly<Record<ExitCode, string>> = {
  [ExitCode.Ok]: "allowed",
  [ExitCode.Blocked]: "blocked by policy",
  [ExitCode.CannotEvaluate]: "cannot evaluate",
  [ExitCode.Internal]: "internal error",
};

/** `intentguard --help`: every command with its summary, and the exit codes. */
export function generalHelp(): string {
  return [
    `intentguard ${version} — every commit declares its intent and stays in its scope`,
    "",
    "Usage: intentguard <command> [flags]   (intentguard <command> --help for its flags)",
    "",
    ...commandList(commands),
    "",
    `Exit codes: ${Object.entries(exitCodeMeanings)
      .map(([code, meaning]) => `${code} ${meaning}`)
      .join(", ")}.`,
    "",
  ].join("\n");
}

function commandList(list: readonly CommandSpec[]): string[] {
  const width = Math.max(...list.map((command) => command.name.length));
  return list.map((command) => `  ${command.name.padEnd(width)}  ${command.summary}`);
}

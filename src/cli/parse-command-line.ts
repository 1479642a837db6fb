import { type ParseArgsConfig, parseArgs } from "node:util";
import type { CommandInput, CommandSpec } from "../commands/support/command.js";
import { closestMatch } from "../core/text/closest-match.js";
import { UsageError } from "../errors.js";
import { usage } from "./help.js";

export type ParsedCommandLine = Omit<CommandInput, "env">;

/**
 * Parses a command's arguments strictly with node:util parseArgs (built in, so the hook path
 * loads no CLI library). An unknown flag fails with exit 2, naming the flag, the closest known
 * one, and where the usage is.
 */
export function parseCommandLine(spec: CommandSpec, args: string[]): ParsedCommandLine {
  if (spec.rawArguments) return { values: {}, positionals: args };
  let parsed: ParsedCommandLine;
  try {
    const options: NonNullable<ParseArgsConfig["options"]> = {
      help: { type: "boolean", short: "h" },
    };
    for (const [name, option] of Object.entries(spec.options)) {
      options[name] = {
        type: option.type,
        ...(option.short ? { short: option.short } : {}),
        ...(option.multiple ? { multiple: true } : {}),
      };
    }
    parsed = parseArgs({
      args,
      options,
      allowPositionals: true,
      strict: true,
    }) as ParsedCommandLine;
  } catch (error) {
    throw usageErrorFrom(spec, error);
  }
  if (!parsed.values.help && parsed.positionals.length > spec.maxPositionals) {
    const extra = parsed.positionals.slice(spec.maxPositionals).join(" ");
    throw new UsageError(
      `unexpected argument ${JSON.stringify(extra)}. Usage: ${usage(spec)}`,
      spec.name,
    );
  }
  for (const [name, option] of Object.entries(spec.options)) {
    const value = parsed.values[name];
    if (option.choices && typeof value === "string" && !option.choices.includes(value)) {
      throw new UsageError(
        `--${name} ${JSON.stringify(value)} is not one of ${option.choices.join(", ")}.`,
        spec.name,
      );
    }
  }
  if (spec.options.json && spec.options.format) agreeOnFormat(spec, parsed.values);
  return parsed;
}

/**
 * `--json` is `--format json`: after this, `format` and `json` say the same, whichever was given,
 * and a command reads either. Both given and saying different things is a usage error.
 */
function agreeOnFormat(spec: CommandSpec, values: ParsedCommandLine["values"]): void {
  if (values.json === true) {
    if (values.format !== undefined && values.format !== "json") {
      throw new UsageError(
        `--json is --format json, and --format ${JSON.stringify(values.format)} says otherwise: give one of them.`,
        spec.name,
      );
    }
    values.format = "json";
  }
  values.json = values.format === "json";
}

function usageErrorFrom(spec: CommandSpec, error: unknown): UsageError {
  const message = error instanceof Error ? error.message : String(error);
  const flag = /'(-{1,2}[^'\s]+)'/.exec(message)?.[1];
  const known = Object.keys(spec.options).map((name) => `--${name}`);
  const unknown = flag !== undefined && /Unknown option/.test(message);
  const guess = unknown ? closestMatch(flag, known) : undefined;
  const detail = unknown
    ? `unknown flag ${flag}${guess ? `; did you mean ${guess}?` : ""}`
    : message.replace(/\. To specify a positional argument.*$/s, "");
  return new UsageError(
    `${sentence(detail)} Usage: ${usage(spec)} (see intentguard ${spec.name} --help)`,
    spec.name,
  );
}

/** Ends a clause with a full stop unless it already ends a sentence. */
export function sentence(text: string): string {
  return /[.?!]$/.test(text) ? text : `${text}.`;
}

import { parseArgs } from "node:util";
import { closestMatch } from "../core/closest-match.js";
import { UsageError } from "../errors.js";
import type { CommandInput, CommandSpec } from "./command.js";

/**
 * Parses a command's arguments strictly with node:util parseArgs (built in, so the hook path
 * loads no CLI library). An unknown flag fails with exit 2, naming the flag, the closest known
 * one, and where the usage is.
 */
export function parseCommandLine(spec: CommandSpec, args: string[]): CommandInput {
  if (spec.rawArguments) return { values: {}, positionals: args };
  let parsed: CommandInput;
  try {
    const options = { ...spec.options, help: { type: "boolean", short: "h" } } as const;
    parsed = parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (error) {
    throw usageErrorFrom(spec, error);
  }
  if (!parsed.values.help && parsed.positionals.length > spec.maxPositionals) {
    const extra = parsed.positionals.slice(spec.maxPositionals).join(" ");
    throw new UsageError(
      `intentguard ${spec.name}: unexpected argument ${JSON.stringify(extra)}. Usage: ${spec.usage}`,
    );
  }
  return parsed;
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
    `intentguard ${spec.name}: ${detail}. Usage: ${spec.usage} (see intentguard ${spec.name} --help)`,
  );
}

import type { ParseArgsConfig } from "node:util";
import type { ExitCode } from "../errors.js";

export type OptionsConfig = NonNullable<ParseArgsConfig["options"]>;

/** What a command receives: its parsed flags and positional arguments. */
export interface CommandInput {
  values: Record<string, string | boolean | (string | boolean)[] | undefined>;
  positionals: string[];
}

export interface CommandModule {
  run(input: CommandInput): Promise<ExitCode>;
}

/** A command as the CLI knows it before loading it: enough to parse flags and print help. */
export interface CommandSpec {
  /** One or two words, e.g. "check" or "trace blame". */
  name: string;
  summary: string;
  usage: string;
  /** Lines after the usage in `--help`: what the flags mean. */
  help: string;
  options: OptionsConfig;
  /** How many positional arguments it takes at most (Infinity for a list). */
  maxPositionals: number;
  /** Pass every argument through as a positional (the hook command: git's arguments). */
  rawArguments?: true;
  load(): Promise<CommandModule>;
}

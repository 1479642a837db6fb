import type { Environment } from "../../environment.js";
import type { ExitCode } from "../../errors.js";

/** One flag of a command: how it parses and how help describes it. */
export interface OptionSpec {
  type: "boolean" | "string";
  /** How help shows a string flag's value: `<ID>`, `text|json`. */
  value?: string;
  /** For a boolean flag that takes the command's positional arguments: `<path…>`. */
  operands?: string;
  /** A one-letter alias, as git spells the same option (`-w`, `-L`). */
  short?: string;
  /** May be given more than once: the values arrive as an array (`-L 1,5 -L 9,12`, `-C -C`). */
  multiple?: boolean;
  /** The only values a string flag takes: any other is a usage error (exit 2). */
  choices?: readonly string[];
  description: string;
}

/** What a command receives: its parsed flags and positional arguments, and the environment. */
export interface CommandInput {
  values: Record<string, string | boolean | (string | boolean)[] | undefined>;
  positionals: string[];
  env: Environment;
}

export interface CommandModule {
  run(input: CommandInput): Promise<ExitCode>;
}

/**
 * A command as the CLI knows it before loading it: enough to parse its flags and to generate its
 * usage and help (src/cli/help.ts), so the two cannot drift apart.
 */
export interface CommandSpec {
  /** One or two words, e.g. "check" or "trace blame". */
  name: string;
  summary: string;
  /** The positional arguments as usage shows them, e.g. `<ID>` or `[<rev>]`. */
  arguments?: string;
  options: Record<string, OptionSpec>;
  /** Flags of which exactly one is given: usage shows them as alternatives. */
  oneOf?: readonly string[];
  /** Flags that make a usage of their own (`select --clear`). */
  alone?: readonly string[];
  /** Lines after the flags in help: exit codes, what the command does not do. */
  notes?: readonly string[];
  /** How many positional arguments it takes at most (Infinity for a list). */
  maxPositionals: number;
  /** Pass every argument through as a positional (the hook command: git's arguments). */
  rawArguments?: true;
  load(): Promise<CommandModule>;
}

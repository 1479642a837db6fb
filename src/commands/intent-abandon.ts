import type { ExitCode } from "../errors.js";
import type { CommandInput } from "./command.js";
import { runTransition } from "./intent-transition.js";

export function run(input: CommandInput): Promise<ExitCode> {
  return runTransition(input, "abandon");
}

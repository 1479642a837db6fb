import type { ExitCode } from "../errors.js";
import type { CommandInput } from "./support/command.js";
import { runTransition } from "./support/intent-transition.js";

export function run(input: CommandInput): Promise<ExitCode> {
  return runTransition(input, "complete");
}

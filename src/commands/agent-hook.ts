import { answerAgentHook } from "../agent/agent-hook.js";
import type { ExitCode } from "../errors.js";
import type { CommandInput } from "./command.js";

/** What an agent's hook runs: the payload on stdin, the answer on stdout/stderr and the exit code. */
export async function run({ positionals, env }: CommandInput): Promise<ExitCode> {
  const answer = await answerAgentHook(positionals[0], env);
  if (answer.stdout) process.stdout.write(answer.stdout);
  if (answer.stderr) process.stderr.write(answer.stderr);
  return answer.exitCode as ExitCode;
}

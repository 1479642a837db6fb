import { decideAgentHook } from "../agent/agent-hook.js";
import { systemClock } from "../clock.js";
import type { HookAnswer } from "../core/agent/agent-event.js";
import type { Environment } from "../environment.js";
import { type ExitCode, wordFailuresWith } from "../errors.js";
import { failureText } from "../report/failure/failure-text.js";
import { agentHookAnswer } from "../report/verdict/agent-hook-messages.js";
import type { CommandInput } from "./support/command.js";

/** What an agent's hook runs: the payload on stdin, the answer on stdout/stderr and the exit code. */
export async function run({ positionals, env }: CommandInput): Promise<ExitCode> {
  const answer = await answerAgentHook(positionals[0], env);
  if (answer.stdout) process.stdout.write(answer.stdout);
  if (answer.stderr) process.stderr.write(answer.stderr);
  return answer.exitCode as ExitCode;
}

/**
 * The named agent's payload from stdin, decided and answered in the agent's dialect. The agent
 * hooks' own entry (src/agent-hook-cli.ts) is no CLI: the failures' words are set here, in this
 * command's bundle, for a denial and for the entry to say what failed.
 */
export async function answerAgentHook(
  name: string | undefined,
  env: Environment,
): Promise<HookAnswer> {
  wordFailuresWith((failure) => failureText(failure, env.command, true));
  return agentHookAnswer(await decideAgentHook(name, systemClock, env), env.command);
}

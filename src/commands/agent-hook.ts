import { runAgentHook } from "../agent/agent-hook.js";
import { dialectNamed, dialects } from "../core/agent/dialects/index.js";
import { type ExitCode, UsageError } from "../errors.js";
import type { CommandInput } from "./command.js";

/** What an agent's hook runs: the payload on stdin, the answer on stdout/stderr and the exit code. */
export async function run({ positionals, env }: CommandInput): Promise<ExitCode> {
  const [name] = positionals;
  const dialect = name === undefined ? undefined : dialectNamed(name);
  if (!dialect) {
    throw new UsageError(
      `${name === undefined ? "needs an agent" : `${JSON.stringify(name)} is not an agent intentguard knows`}: one of ${dialects.map((one) => one.name).join(", ")} (as intentguard agent install writes it).`,
      "agent-hook",
    );
  }
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  const answer = await runAgentHook(dialect, Buffer.concat(chunks), env);
  if (answer.stdout) process.stdout.write(answer.stdout);
  if (answer.stderr) process.stderr.write(answer.stderr);
  return answer.exitCode as ExitCode;
}

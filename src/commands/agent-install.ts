import { ExitCode as Exit, type ExitCode, UsageError } from "../errors.js";
import { locateRepo } from "../git/repo.js";
import { installAgent, wiringOf } from "../install/agent-hooks.js";
import { agentWirings } from "../install/agent-wirings.js";
import { formatAgentInstall } from "../report/setup/agent-install-report.js";
import type { CommandInput } from "./support/command.js";

/** `intentguard agent install <agent…>`: wires each agent's hooks in this repository. */
export async function run({ positionals, env }: CommandInput): Promise<ExitCode> {
  const wirings = agentsNamed(positionals, "install");
  const repo = await locateRepo(env.cwd);
  const results = wirings.flatMap((wiring) => installAgent(repo, wiring));
  process.stdout.write(formatAgentInstall(results, wirings, "install"));
  return Exit.Ok;
}

export function agentsNamed(names: readonly string[], verb: string) {
  const known = agentWirings.map((wiring) => wiring.agent).join(", ");
  if (names.length === 0) {
    throw new UsageError(`needs the agents to ${verb}: one or more of ${known}.`, `agent ${verb}`);
  }
  return [...new Set(names)].map((name) => {
    const wiring = wiringOf(name);
    if (!wiring) {
      throw new UsageError(
        `${JSON.stringify(name)} is not an agent intentguard knows: ${known}.`,
        `agent ${verb}`,
      );
    }
    return wiring;
  });
}

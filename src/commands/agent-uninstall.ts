import { ExitCode as Exit, type ExitCode } from "../errors.js";
import { locateRepo } from "../git/repo.js";
import { uninstallAgent } from "../install/agent-hooks.js";
import { formatAgentInstall } from "../report/setup/agent-install-report.js";
import { agentsNamed } from "./agent-install.js";
import type { CommandInput } from "./support/command.js";

/** `intentguard agent uninstall <agent…>`: removes only intentguard's entries and files. */
export async function run({ positionals, env }: CommandInput): Promise<ExitCode> {
  const wirings = agentsNamed(positionals, "uninstall");
  const repo = await locateRepo(env.cwd);
  const results = wirings.flatMap((wiring) => uninstallAgent(repo, wiring));
  process.stdout.write(formatAgentInstall(results, wirings, "uninstall"));
  return Exit.Ok;
}

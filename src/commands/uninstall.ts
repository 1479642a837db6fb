import { ExitCode } from "../errors.js";
import { locateRepo } from "../git/repo.js";
import { uninstallHooks } from "../install/install-hooks.js";
import { formatInstallReport } from "../report/setup/install-report.js";
import type { CommandInput } from "./support/command.js";

export async function run({ env }: CommandInput): Promise<ExitCode> {
  const repo = await locateRepo(env.cwd);
  process.stdout.write(formatInstallReport(repo.root, await uninstallHooks(repo), "uninstall"));
  return ExitCode.Ok;
}

import type { CommandInput } from "../cli/command.js";
import { ExitCode } from "../errors.js";
import { locateRepo } from "../git/repo.js";
import { describeHooksReport } from "../install/describe-hooks-report.js";
import { uninstallHooks } from "../install/install-hooks.js";

export async function run(_input: CommandInput): Promise<ExitCode> {
  const repo = await locateRepo();
  const report = await uninstallHooks(repo);
  process.stdout.write(describeHooksReport(repo, report));
  return ExitCode.Ok;
}

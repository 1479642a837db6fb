import { ExitCode, IntentguardError } from "../errors.js";
import { locateRepo, type Repo } from "../git/repo.js";
import { installHooks } from "../install/install-hooks.js";
import { formatInstallReport } from "../report/setup/install-report.js";
import type { CommandInput } from "./support/command.js";

export async function run({ env }: CommandInput): Promise<ExitCode> {
  const repo = await repoToInstall(env);
  if (repo === null) return ExitCode.Ok;
  process.stdout.write(formatInstallReport(repo.root, await installHooks(repo), "install"));
  return ExitCode.Ok;
}

/**
 * Run from a package.json script (`prepare`, on every npm ci), install must not break an install
 * where there are no hooks to set up, as husky does not: INTENTGUARD=0, or no git work tree (a
 * Docker build copying the sources, a tarball unpacked): said, and exit 0. Run by hand, those
 * are errors like any other.
 */
async function repoToInstall(env: CommandInput["env"]): Promise<Repo | null> {
  if (env.packageScript && env.disabled) {
    process.stdout.write("intentguard install: skipped (INTENTGUARD=0)\n");
    return null;
  }
  try {
    return await locateRepo(env.cwd);
  } catch (error) {
    if (!(env.packageScript && error instanceof IntentguardError)) throw error;
    process.stdout.write(
      `intentguard install: ${env.cwd} is not in a git work tree, so there are no hooks to install (run from the ${env.packageScript} script; nothing else changed)\n`,
    );
    return null;
  }
}

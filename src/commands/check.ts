import type { CommandInput } from "../cli/command.js";
import { verdictExitCode } from "../core/check/verdict-exit-code.js";
import { type ExitCode, UsageError } from "../errors.js";
import { checkPaths } from "../gate/paths-check.js";
import { checkStaged } from "../gate/staged-check.js";
import { locateRepo } from "../git/repo.js";
import { parseVerdictFormat, writeVerdict } from "../report/write-verdict.js";

export async function run({ values, positionals }: CommandInput): Promise<ExitCode> {
  const format = parseVerdictFormat(values.format);
  const intent = typeof values.intent === "string" ? values.intent : undefined;
  if (Boolean(values.staged) === Boolean(values.paths)) {
    throw new UsageError(
      "intentguard check needs exactly one of --staged or --paths <path…>. Usage: intentguard check --staged | --paths <path…> [--intent <ID>] [--format text|json]",
    );
  }
  if (values.staged && positionals.length > 0) {
    throw new UsageError(
      `intentguard check --staged takes no paths (got ${JSON.stringify(positionals[0])}); to judge paths use --paths <path…>.`,
    );
  }
  if (values.paths && positionals.length === 0) {
    throw new UsageError(
      "intentguard check --paths needs at least one path, e.g. --paths src/auth/login.ts",
    );
  }
  const verdict = values.staged
    ? (await checkStaged({ flagIntent: intent, deferWithoutIntent: false })).verdict
    : await checkPaths(await locateRepo(), positionals, intent);
  await writeVerdict(verdict, format, process.stdout);
  return verdictExitCode(verdict);
}

import { type ExitCode, UsageError } from "../errors.js";
import { judgePaths } from "../gate/judge-paths.js";
import { judgeStaged } from "../gate/judge-staged.js";
import { locateRepo } from "../git/repo.js";
import { parseVerdictFormat, writeVerdict } from "../report/write-verdict.js";
import type { CommandInput } from "./command.js";
import { verdictExitCode } from "./verdict-exit-code.js";

export async function run({ values, positionals, env }: CommandInput): Promise<ExitCode> {
  const format = parseVerdictFormat(values.format);
  const intent = typeof values.intent === "string" ? values.intent : undefined;
  if (Boolean(values.staged) === Boolean(values.paths)) {
    throw new UsageError(
      "needs exactly one of --staged or --paths <path…> (see intentguard check --help).",
      "check",
    );
  }
  if (values.staged && positionals.length > 0) {
    throw new UsageError(
      `--staged takes no paths (got ${JSON.stringify(positionals[0])}); to judge paths use --paths <path…>.`,
      "check",
    );
  }
  if (values.paths && positionals.length === 0) {
    throw new UsageError(
      "--paths needs at least one path, e.g. --paths src/auth/login.ts",
      "check",
    );
  }
  const verdict = values.staged
    ? (await judgeStaged({ env, flagIntent: intent, deferWithoutIntent: false })).verdict
    : await judgePaths(await locateRepo(env.cwd), positionals, intent, env);
  await writeVerdict(verdict, format, process.stdout, env.color);
  return verdictExitCode(verdict);
}

import { ExitCode } from "../errors.js";
import { locateRepo } from "../git/repo.js";
import { lintIntents } from "../governance/intent-lint.js";
import { formatIntentLint, intentLintJson } from "../report/intent/intent-lint.js";
import { styleFor } from "../report/text/style.js";
import type { CommandInput } from "./support/command.js";

/**
 * Checks the working copy's intents file and every work tree's selection; exit 1 when any
 * finding is an error, 0 when there are none or only warnings.
 */
export async function run({ values, env }: CommandInput): Promise<ExitCode> {
  // text or json (--json is --format json): src/cli/parse-command-line.ts has checked it.
  const format = values.format === "json" ? "json" : "text";
  const repo = await locateRepo(env.cwd);
  const report = await lintIntents(repo);
  process.stdout.write(
    format === "json"
      ? intentLintJson(report, env.command)
      : formatIntentLint(report, await styleFor(process.stdout, env.color), env.command),
  );
  return report.findings.some((finding) => finding.level === "error")
    ? ExitCode.Blocked
    : ExitCode.Ok;
}

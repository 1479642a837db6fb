import { type ExitCode, UsageError } from "../errors.js";
import { judgePaths } from "../gate/judge-paths.js";
import { judgeStaged } from "../gate/judge-staged.js";
import { locateRepo } from "../git/repo.js";
import { parseVerdictFormat, writeVerdict } from "../report/verdict/write-verdict.js";
import type { CommandInput } from "./support/command.js";
import { verdictExitCode } from "./support/verdict-exit-code.js";

const modes = ["staged", "paths", "range", "commit", "base", "ci"] as const;
const rangeModes = new Set<string>(["range", "commit", "base", "ci"]);

export async function run(input: CommandInput): Promise<ExitCode> {
  const { values, positionals, env } = input;
  // --ci --base <ref>: --ci, comparing a new branch (or a force push) with <ref>.
  const ciBase = values.ci === true && values.base !== undefined;
  const given = modes.filter(
    (mode) => values[mode] !== undefined && values[mode] !== false && !(ciBase && mode === "base"),
  );
  if (given.length !== 1) {
    const named =
      given.length === 0 ? "none was given" : `got ${given.map((m) => `--${m}`).join(" and ")}`;
    throw new UsageError(
      `needs exactly one of --staged, --paths <path…>, --range <a>..<b>, --commit <rev>, --base <ref> or --ci [--base <ref>] (${named}; see intentguard check --help).`,
      "check",
    );
  }
  const [mode] = given;
  // Only --paths takes operands: any other word would be silently left unchecked.
  if (mode !== "paths" && positionals.length > 0) {
    const extra = positionals.map((word) => JSON.stringify(word)).join(" ");
    throw new UsageError(
      `--${mode} takes no other arguments (got ${extra}); only --paths takes paths, e.g. --paths src/auth/login.ts.`,
      "check",
    );
  }
  if (mode && rangeModes.has(mode)) {
    const { runRangeCheck } = await import("./check-range.js");
    return runRangeCheck(input);
  }
  for (const flag of ["deepen", "verify-traces", "output"]) {
    if (values[flag] !== undefined) {
      throw new UsageError(
        `--${flag} applies to a range check (--range, --commit, --base or --ci), not to --${mode}.`,
        "check",
      );
    }
  }
  const format = parseVerdictFormat(values.format);
  const intent = typeof values.intent === "string" ? values.intent : undefined;
  if (values.paths && positionals.length === 0) {
    throw new UsageError(
      "--paths needs at least one path, e.g. --paths src/auth/login.ts",
      "check",
    );
  }
  const verdict = values.staged
    ? (await judgeStaged({ env, flagIntent: intent, deferWithoutIntent: false })).verdict
    : await judgePaths(await locateRepo(env.cwd), positionals, intent, env);
  await writeVerdict(verdict, format, process.stdout, env.color, env.command);
  return verdictExitCode(verdict);
}

/**
 * Every way intentguard can stop, and the exit code each maps to. Commands throw these; only
 * `src/cli.ts` turns them into output and `process.exitCode`, so the mapping lives in one place.
 */
export const ExitCode = {
  /** The change is allowed, or the command did what was asked. */
  Ok: 0,
  /** The change violates policy and is blocked. */
  Blocked: 1,
  /** intentguard cannot evaluate: bad arguments, malformed configuration, not a repository. */
  CannotEvaluate: 2,
  /** A bug or an environment failure intentguard did not anticipate. */
  Internal: 3,
} as const;
export type ExitCode = (typeof ExitCode)[keyof typeof ExitCode];

/** An expected failure: its message is written for the user and printed without a stack. */
export class IntentguardError extends Error {
  constructor(
    message: string,
    readonly exitCode: ExitCode = ExitCode.CannotEvaluate,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** A flag, argument or command the CLI does not accept. */
export class UsageError extends IntentguardError {}

/** Where in a configuration file a problem is, as precisely as the parser can tell. */
export interface ConfigProblem {
  file: string;
  line?: number;
  column?: number;
  /** The field path, e.g. `active_intents[2].owned_scope[0]`. */
  field?: string;
  message: string;
}

/** A configuration file that is missing, malformed or fails its schema. */
export class ConfigError extends IntentguardError {
  constructor(
    readonly problems: readonly ConfigProblem[],
    fix: string,
  ) {
    super(`${problems.map(formatProblem).join("\n")}\n${fix}`);
  }
}

function formatProblem(problem: ConfigProblem): string {
  const where = [problem.file, problem.line, problem.column].filter((part) => part !== undefined);
  const field = problem.field ? ` ${problem.field}:` : "";
  return `${where.join(":")}:${field} ${problem.message}`;
}

/** A git command failed in a way intentguard did not expect. */
export class GitError extends IntentguardError {
  constructor(
    readonly args: readonly string[],
    readonly status: number | null,
    readonly stderr: string,
  ) {
    super(
      `git ${args.join(" ")} failed (exit ${status ?? "signal"}): ${stderr.trim() || "no message"}`,
      ExitCode.Internal,
    );
  }
}

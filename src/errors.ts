import type { ConfigProblem } from "./core/config/config-problem.js";
import type { Failure } from "./core/failure/failure.js";

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

/**
 * An expected failure a use case states as facts (core/failure/failure.ts), so no use case words it: the
 * edge prints it through src/report/failure/failure-text.ts. Exit 2 unless said (what cannot be
 * answered here). `command`: the command whose arguments were wrong, printed before the words as a
 * UsageError's is.
 */
export class FailureError extends IntentguardError {
  constructor(
    readonly failure: Failure,
    exitCode: ExitCode = ExitCode.CannotEvaluate,
    readonly command?: string,
  ) {
    super(`intentguard failure: ${failure.kind}`, exitCode);
    // Read where the words are passed on (a hook's error line, an agent's denial, the ledger's
    // hook_error event): worded by the catalogue the edge set.
    Object.defineProperty(this, "message", { get: () => wording(this.failure) });
  }
}

let wording = (failure: Failure): string => `intentguard failure: ${failure.kind}`;

/**
 * The words of every FailureError's message. The edge sets the catalogue (src/cli.ts, as it sets
 * the lock's wait announcer; src/commands/agent-hook.ts for the agent hooks' own entry): the
 * failures are stated deep in the use cases and stores, which never import src/report.
 */
export function wordFailuresWith(catalogue: (failure: Failure) => string): void {
  wording = catalogue;
}

/** A flag, argument or command the CLI does not accept (exit 2). */
export class UsageError extends IntentguardError {
  /** The command whose arguments were wrong: the message is printed after its name. */
  constructor(
    message: string,
    readonly command?: string,
  ) {
    super(message);
  }
}

/**
 * A request the policy or the recorded state refuses (exit 1): selecting an intent that is not
 * IN_PROGRESS, showing the trace of a commit that has none.
 */
export class RefusedError extends IntentguardError {
  constructor(message: string) {
    super(message, ExitCode.Blocked);
  }
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

/**
 * A git command failed in a way intentguard did not expect. Not an IntentguardError: callers
 * that can explain a failure catch it and throw one; one that reaches the CLI is a bug (exit 3).
 */
export class GitError extends Error {
  constructor(
    readonly args: readonly string[],
    readonly status: number | null,
    readonly stderr: string,
  ) {
    super(
      `git ${args.join(" ")} failed (exit ${status ?? "signal"}): ${stderr.trim() || "no message"}`,
    );
    this.name = "GitError";
  }
}

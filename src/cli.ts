import { writeSync } from "node:fs";
import { loadBundle } from "./bundle/load-bundle.js";
import { commandHelp, generalHelp, groupHelp } from "./cli/help.js";
import { parseCommandLine } from "./cli/parse-command-line.js";
import { commands, groupOf } from "./cli/registry.js";
import { closestMatch } from "./core/text/closest-match.js";
import { type Environment, readEnvironment } from "./environment.js";
import {
  ConfigError,
  ExitCode,
  FailureError,
  IntentguardError,
  UsageError,
  wordFailuresWith,
} from "./errors.js";
import { onLockWait } from "./fs/file-lock.js";
import { lockWaitMessage } from "./report/text/messages.js";
import { version } from "./version.js";

/**
 * The entry point: reads the environment once, finds the command, parses its flags, loads only
 * that command's module, and maps every failure to its documented exit code in this one place.
 * Expected failures print one paragraph with the cause and the fix; a stack trace appears only
 * with INTENTGUARD_DEBUG=1.
 */
async function main(argv: string[], env: Environment): Promise<ExitCode> {
  const [first, second] = argv;
  if (first === undefined || first === "--help" || first === "-h") return print(generalHelp());
  if (first === "--version" || first === "-v" || first === "version") return print(`${version}\n`);
  if (first === "help") return print(helpFor(argv.slice(1)));
  const spec =
    commands.find((command) => command.name === `${first} ${second}`) ??
    commands.find((command) => command.name === first);
  const group = groupOf(first);
  if (!spec && group.length > 0) {
    if (second === "--help" || second === "-h") return print(groupHelp(first, group));
    const names = group.map((command) => command.name);
    const guess = second ? closestMatch(`${first} ${second}`, names) : undefined;
    const wrong = second
      ? ` (${JSON.stringify(second)} is not one${guess ? `; did you mean "${guess}"?` : ""})`
      : "";
    throw new UsageError(
      `${first} needs a subcommand${wrong}: ${names.map((name) => name.slice(first.length + 1)).join(", ")}.`,
    );
  }
  if (!spec) throw unknownCommand(first);
  const input = parseCommandLine(spec, argv.slice(spec.name.split(" ").length));
  if (input.values.help) return print(commandHelp(spec));
  const command = await spec.load();
  watchStdout();
  return command.run({ ...input, env });
}

/** `intentguard help [<command>]`: the same text as `--help` in either place. */
function helpFor(words: string[]): string {
  if (words.length === 0) return generalHelp();
  const name = words.join(" ");
  const spec = commands.find((command) => command.name === name);
  if (spec) return commandHelp(spec);
  const group = groupOf(name);
  if (group.length > 0) return groupHelp(name, group);
  throw unknownCommand(name);
}

function unknownCommand(name: string): UsageError {
  const guess = closestMatch(
    name,
    commands.map((command) => command.name),
  );
  return new UsageError(
    `unknown command ${JSON.stringify(name)}${guess ? `; did you mean "${guess}"?` : "."} Run intentguard --help for the list.`,
  );
}

/**
 * Help and the version, written straight to the file descriptor: process.stdout is a stream
 * Node builds on first use (a pipe's costs ~5 ms, a twentieth of Node's start here), and a bare
 * start should cost little more than Node's own.
 */
function print(text: string): ExitCode {
  try {
    writeSync(1, text);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "EPIPE") return ExitCode.Ok; // the reader stopped early: what it wanted is out
    if (code !== "EAGAIN") throw error;
    watchStdout(); // a non-blocking pipe: the stream waits for it
    process.stdout.write(text);
  }
  return ExitCode.Ok;
}

/** Whether output went through process.stdout or process.stderr (which exit must wait for). */
let streamsUsed = false;

/**
 * A reader that stops early (`trace blame … | head`) closes the pipe: the output it wanted is
 * written, so stop as git does, without a stack trace.
 */
function watchStdout(): void {
  streamsUsed = true;
  process.stdout.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code === "EPIPE") process.exit(process.exitCode ?? ExitCode.Ok);
    throw error;
  });
}

/** The one place a failure becomes output and an exit code. */
function report(error: unknown, env: Environment): ExitCode {
  streamsUsed = true;
  if (error instanceof IntentguardError) {
    const command =
      error instanceof UsageError || error instanceof FailureError ? error.command : undefined;
    const prefix = command ? `intentguard ${command}` : "intentguard";
    const heading = error instanceof ConfigError ? "invalid configuration:\n" : "";
    const text =
      error instanceof FailureError
        ? failureCatalogue().failureText(error.failure, env.command, env.agentProcess !== null)
        : error.message;
    process.stderr.write(`${prefix}: ${heading}${text}\n`);
    if (env.debug) process.stderr.write(`${error.stack}\n`);
    return error.exitCode;
  }
  const detail = error instanceof Error ? error.message : String(error);
  process.stderr.write(
    `intentguard: internal error: ${detail}\nThis is a bug; rerun with INTENTGUARD_DEBUG=1 for details and report it.\n`,
  );
  if (env.debug && error instanceof Error) process.stderr.write(`${error.stack}\n`);
  return ExitCode.Internal;
}

/**
 * Ends the process once stdout and stderr are flushed. Waiting for the event loop to drain
 * instead lets V8 run its idle-time garbage collection first: ~15 ms after a 20,000-path check,
 * on every commit.
 */
function exitWhenFlushed(code: ExitCode): void {
  process.exitCode = code;
  if (!streamsUsed) process.exit(code);
  const streams = [process.stdout, process.stderr].filter((stream) => stream.writableLength > 0);
  let pending = streams.length;
  if (pending === 0) process.exit(code);
  for (const stream of streams) {
    stream.once("drain", () => {
      pending -= 1;
      if (pending === 0) process.exit(code);
    });
  }
}

type FailureCatalogue = typeof import("./report/failure/failure-text.js");
let catalogue: FailureCatalogue | undefined;
function failureCatalogue(): FailureCatalogue {
  catalogue ??= loadBundle("failure-text.cjs") as FailureCatalogue;
  return catalogue;
}

const env = readEnvironment();
// A lock held by another process (the notes, the ledger, the intents file) is said at once.
onLockWait((holder) => process.stderr.write(lockWaitMessage(holder)));
// The catalogue is its own bundle, loaded the first time a failure is worded: most runs never
// word one, and every hook would pay for compiling it (BENCHMARKS.md, issue 21).
wordFailuresWith((failure) =>
  failureCatalogue().failureText(failure, env.command, env.agentProcess !== null),
);
main(process.argv.slice(2), env).then(exitWhenFlushed, (error: unknown) =>
  exitWhenFlushed(report(error, env)),
);

import { commands } from "./cli/commands.js";
import { parseCommandLine } from "./cli/parse-command-line.js";
import { closestMatch } from "./core/closest-match.js";
import { ConfigError, ExitCode, IntentguardError, UsageError } from "./errors.js";
import { version } from "./version.js";

/**
 * The entry point: finds the command, parses its flags, loads only that command's module, and
 * maps every failure to its documented exit code in this one place. Expected failures print one
 * paragraph with the cause and the fix; a stack trace appears only with INTENTGUARD_DEBUG=1.
 */
async function main(argv: string[]): Promise<ExitCode> {
  const [first, second] = argv;
  if (first === undefined || first === "--help" || first === "-h" || first === "help") {
    process.stdout.write(generalHelp());
    return ExitCode.Ok;
  }
  if (first === "--version" || first === "-v") {
    process.stdout.write(`${version}\n`);
    return ExitCode.Ok;
  }
  const spec =
    commands.find((command) => command.name === `${first} ${second}`) ??
    commands.find((command) => command.name === first);
  if (!spec && first === "trace") {
    const subcommands = commands.filter((command) => command.name.startsWith("trace "));
    const names = subcommands.map((command) => command.name);
    const guess = second ? closestMatch(`trace ${second}`, names) : undefined;
    const wrong = second
      ? ` (${JSON.stringify(second)} is not one${guess ? `; did you mean "${guess}"?` : ""})`
      : "";
    throw new UsageError(
      `trace needs a subcommand${wrong}: ${names.map((name) => name.slice(6)).join(", ")}.`,
    );
  }
  if (!spec) {
    const guess = closestMatch(
      first,
      commands.map((command) => command.name),
    );
    throw new UsageError(
      `unknown command ${JSON.stringify(first)}${guess ? `; did you mean "${guess}"?` : ""}. Run intentguard --help for the list.`,
    );
  }
  const input = parseCommandLine(spec, argv.slice(spec.name.split(" ").length));
  if (input.values.help) {
    process.stdout.write(
      `Usage: ${spec.usage}\n\n${spec.summary}\n${spec.help ? `\n${spec.help}\n` : ""}`,
    );
    return ExitCode.Ok;
  }
  const command = await spec.load();
  return command.run(input);
}

function generalHelp(): string {
  const width = Math.max(...commands.map((command) => command.name.length));
  const list = commands.map((command) => `  ${command.name.padEnd(width)}  ${command.summary}`);
  return [
    `intentguard ${version} — every commit declares its intent and stays in its scope`,
    "",
    "Usage: intentguard <command> [flags]   (intentguard <command> --help for its flags)",
    "",
    ...list,
    "",
    "Exit codes: 0 allowed, 1 blocked by policy, 2 cannot evaluate, 3 internal error.",
    "",
  ].join("\n");
}

function report(error: unknown): ExitCode {
  if (error instanceof IntentguardError) {
    const heading = error instanceof ConfigError ? "invalid configuration:\n" : "";
    process.stderr.write(`intentguard: ${heading}${error.message}\n`);
    if (process.env.INTENTGUARD_DEBUG === "1") process.stderr.write(`${error.stack}\n`);
    return error.exitCode;
  }
  const detail = error instanceof Error ? error.message : String(error);
  process.stderr.write(
    `intentguard: internal error: ${detail}\nThis is a bug; rerun with INTENTGUARD_DEBUG=1 for details and report it.\n`,
  );
  if (process.env.INTENTGUARD_DEBUG === "1" && error instanceof Error) {
    process.stderr.write(`${error.stack}\n`);
  }
  return ExitCode.Internal;
}

/**
 * Ends the process once stdout and stderr are flushed. Waiting for the event loop to drain
 * instead lets V8 run its idle-time garbage collection first: ~15 ms after a 20,000-path check,
 * on every commit.
 */
function exitWhenFlushed(code: ExitCode): void {
  process.exitCode = code;
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

main(process.argv.slice(2)).then(exitWhenFlushed, (error: unknown) =>
  exitWhenFlushed(report(error)),
);

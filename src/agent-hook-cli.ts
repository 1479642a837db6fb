import { readEnvironment } from "./environment.js";
import { IntentguardError } from "./errors.js";

/**
 * The agent hooks' own entry (dist/agent-hook.cjs): what `intentguard agent-hook <agent>` does,
 * without the rest of the CLI. An agent runs it before and after every edit: the work is the
 * command's own bundle (dist/command-agent-hook.cjs), loaded through the code cache. Its answers are
 * exit 0 and 2; anything else (a bug, exit 3) the installed command turns into a deny
 * (src/install/agent-hook-command.ts).
 */
import("./commands/agent-hook.js")
  .then(({ answerAgentHook }) => answerAgentHook(process.argv[2], readEnvironment()))
  .then(
    (answer) => {
      if (answer.stdout) process.stdout.write(answer.stdout);
      if (answer.stderr) process.stderr.write(answer.stderr);
      process.exitCode = answer.exitCode;
    },
    (error: unknown) => {
      const expected = error instanceof IntentguardError;
      process.stderr.write(
        `intentguard: ${expected ? (error as Error).message : `the agent hook failed: ${String((error as Error)?.stack ?? error)}`}\n`,
      );
      process.exitCode = expected ? 2 : 3;
    },
  );

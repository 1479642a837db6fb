import { closestMatch } from "../core/text/closest-match.js";
import type { Environment } from "../environment.js";
import { ExitCode, UsageError } from "../errors.js";
import type { CommandInput } from "./support/command.js";

type HookModule = { run(args: string[], env: Environment): Promise<ExitCode> };

/** The hooks that start Node; the others (the trailer hooks) are plain sh in hooks/. */
const hooks: Record<string, () => Promise<HookModule>> = {
  "pre-commit": () => import("./hook/pre-commit.js"),
  "reference-transaction": () => import("./hook/reference-transaction.js"),
  "pre-push": () => import("./hook/pre-push.js"),
  "pre-receive": () => import("./hook/pre-receive.js"),
};

export async function run({ positionals, env }: CommandInput): Promise<ExitCode> {
  const [name = "", ...args] = positionals;
  const load = hooks[name];
  if (!load) {
    const guess = closestMatch(name, Object.keys(hooks));
    throw new UsageError(
      `${JSON.stringify(name)} is not a hook intentguard handles${guess ? `; did you mean ${guess}?` : "."} Handled: ${Object.keys(hooks).join(", ")}.`,
      "hook",
    );
  }
  // A server's pre-receive ignores INTENTGUARD=0: there it would come from whoever pushes.
  if (env.disabled && name !== "pre-receive") return ExitCode.Ok;
  return (await load()).run(args, env);
}

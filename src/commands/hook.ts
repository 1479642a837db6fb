import { closestMatch } from "../core/closest-match.js";
import type { Environment } from "../environment.js";
import { ExitCode, UsageError } from "../errors.js";
import type { CommandInput } from "./command.js";

type HookModule = { run(args: string[], env: Environment, hook: string): Promise<ExitCode> };

/** The hooks that start Node; the others (prepare-commit-msg) are plain sh in hooks/. */
const hooks: Record<string, () => Promise<HookModule>> = {
  "pre-commit": () => import("./hook/pre-commit.js"),
  "pre-merge-commit": () => import("./hook/pre-commit.js"),
  "commit-msg": () => import("./hook/commit-msg.js"),
  "post-commit": () => import("./hook/post-commit.js"),
  "post-rewrite": () => import("./hook/post-rewrite.js"),
  "pre-push": () => import("./hook/pre-push.js"),
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
  if (env.disabled) return ExitCode.Ok;
  return (await load()).run(args, env, name);
}

import type { CommandInput } from "../cli/command.js";
import { closestMatch } from "../core/closest-match.js";
import { type ExitCode, UsageError } from "../errors.js";

type HookModule = { run(args: string[], hook: string): Promise<ExitCode> };

/** The hooks that start Node; the others (prepare-commit-msg) are plain sh in hooks/. */
const hooks: Record<string, () => Promise<HookModule>> = {
  "pre-commit": () => import("../hooks/pre-commit.js"),
  "pre-merge-commit": () => import("../hooks/pre-commit.js"),
  "commit-msg": () => import("../hooks/commit-msg.js"),
  "post-commit": () => import("../hooks/post-commit.js"),
  "post-rewrite": () => import("../hooks/post-rewrite.js"),
  "pre-push": () => import("../hooks/pre-push.js"),
};

export async function run({ positionals }: CommandInput): Promise<ExitCode> {
  const [name = "", ...args] = positionals;
  const load = hooks[name];
  if (!load) {
    const guess = closestMatch(name, Object.keys(hooks));
    throw new UsageError(
      `intentguard hook: ${JSON.stringify(name)} is not a hook intentguard handles${guess ? `; did you mean ${guess}?` : ""}. Handled: ${Object.keys(hooks).join(", ")}.`,
    );
  }
  if (process.env.INTENTGUARD === "0") return 0;
  return (await load()).run(args, name);
}

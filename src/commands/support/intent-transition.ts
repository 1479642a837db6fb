import { systemClock } from "../../clock.js";
import type { LifecycleAction } from "../../core/intent/intent-lifecycle.js";
import { ExitCode, UsageError } from "../../errors.js";
import { locateRepo } from "../../git/repo.js";
import { prepareStatusChange } from "../../governance/intent-lifecycle.js";
import { statusChangedText } from "../../report/intent/intent-lifecycle.js";
import { styleFor } from "../../report/text/style.js";
import type { CommandInput } from "./command.js";

/**
 * `intent start|block|complete|abandon <ID>`: moves an intent along its lifecycle in the working
 * copy's intents file (status and updated_at, nothing else), then prints how to commit it. An
 * illegal move is refused (exit 1) naming the allowed ones; a concurrent edit of the file, exit 2.
 */
export async function runTransition(
  { values, positionals, env }: CommandInput,
  action: LifecycleAction,
): Promise<ExitCode> {
  const [id] = positionals;
  const command = `intent ${action}`;
  if (!id) {
    throw new UsageError(`needs an intent ID (e.g. intentguard ${command} INT-001).`, command);
  }
  const repo = await locateRepo(env.cwd);
  const pending = await prepareStatusChange(
    repo.root,
    systemClock,
    id,
    action,
    values.reopen === true,
  );
  const saved = await pending.save();
  process.stdout.write(
    statusChangedText(
      pending.change,
      saved.layoutKept,
      await styleFor(process.stdout, env.color),
      env.command,
    ),
  );
  return ExitCode.Ok;
}

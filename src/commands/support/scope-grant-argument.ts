import { UsageError } from "../../errors.js";
import type { CommandInput } from "./command.js";

/** The intent ID and the optional `--grant N` (1-based) of `scope approve` and `scope review`. */
export function grantArguments(
  { values, positionals }: CommandInput,
  command: string,
): { id: string; grant: number | undefined } {
  const [id] = positionals;
  if (!id) throw new UsageError("needs the intent ID whose grant to decide.", command);
  const raw = values.grant;
  if (raw === undefined) return { id, grant: undefined };
  const grant = Number(raw);
  if (typeof raw !== "string" || !/^[1-9][0-9]*$/.test(raw) || !Number.isSafeInteger(grant)) {
    throw new UsageError(
      `--grant takes a grant's number (1, 2, …), not "${String(raw)}".`,
      command,
    );
  }
  return { id, grant };
}

import type { Verdict } from "../core/check/verdict.js";
import { UsageError } from "../errors.js";
import { formatVerdictText } from "./format-verdict-text.js";
import { styleFor } from "./style.js";

export type VerdictFormat = "text" | "json";

export function parseVerdictFormat(value: unknown): VerdictFormat {
  if (value === undefined || value === "text") return "text";
  if (value === "json") return "json";
  throw new UsageError(`--format ${JSON.stringify(value)} is not a format; use text or json.`);
}

/** Writes a verdict in the chosen format: JSON is stable and versioned (`version`). */
export async function writeVerdict(
  verdict: Verdict,
  format: VerdictFormat,
  stream: NodeJS.WriteStream,
): Promise<void> {
  if (format === "json") {
    stream.write(`${JSON.stringify(verdict, null, 2)}\n`);
    return;
  }
  stream.write(formatVerdictText(verdict, await styleFor(stream)));
}

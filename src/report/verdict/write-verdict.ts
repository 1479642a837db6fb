import type { Verdict } from "../../core/judge/verdict.js";
import type { Environment } from "../../environment.js";
import { UsageError } from "../../errors.js";
import { styleFor } from "../text/style.js";
import { formatVerdictJson } from "./verdict-json.js";
import { formatVerdictText } from "./verdict-text.js";

export const verdictFormats = ["text", "json"] as const;
export type VerdictFormat = (typeof verdictFormats)[number];

export function parseVerdictFormat(value: unknown): VerdictFormat {
  if (value === undefined) return "text";
  const format = verdictFormats.find((candidate) => candidate === value);
  if (format) return format;
  throw new UsageError(`--format ${JSON.stringify(value)} is not a format; use text or json.`);
}

/** Writes a verdict with the formatter of the chosen format (one function per format). */
export async function writeVerdict(
  verdict: Verdict,
  format: VerdictFormat,
  stream: NodeJS.WriteStream,
  color: Environment["color"],
  command: string,
): Promise<void> {
  stream.write(
    format === "json"
      ? formatVerdictJson(verdict, command)
      : formatVerdictText(verdict, await styleFor(stream, color), command),
  );
}

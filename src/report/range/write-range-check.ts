import type { RangeCheck } from "../../core/check/range-check.js";
import { UsageError } from "../../errors.js";
import type { Style } from "../text/style.js";
import { formatRangeCheckGithubCommands } from "./check-range-github.js";
import { formatRangeCheckGitlab } from "./check-range-gitlab.js";
import { formatRangeCheckJson } from "./check-range-json.js";
import { formatRangeCheckJunit } from "./check-range-junit.js";
import { formatRangeCheckSarif } from "./check-range-sarif.js";
import { formatRangeCheckText } from "./check-range-text.js";

export { formatRangeCheckGithubSummary } from "./check-range-github.js";

export const rangeCheckFormats = ["text", "json", "github", "sarif", "junit", "gitlab"] as const;
export type RangeCheckFormat = (typeof rangeCheckFormats)[number];

/** `--format` of `check --range`: text when absent. */
export function parseRangeCheckFormat(value: unknown): RangeCheckFormat {
  if (value === undefined) return "text";
  const format = rangeCheckFormats.find((candidate) => candidate === value);
  if (format) return format;
  throw new UsageError(
    `--format ${JSON.stringify(value)} is not a format of check --range; use ${rangeCheckFormats.slice(0, -1).join(", ")} or ${rangeCheckFormats.at(-1)}.`,
  );
}

export interface RangeCheckFormatOptions {
  /** Colour for text (the others are for machines and never coloured). */
  style: Style;
  /** intentguard's version, which SARIF names its tool with. */
  toolVersion: string;
  /** How intentguard runs here, for the commands a fix names (Environment.command). */
  command: string;
}

/**
 * A range check in the chosen format (one function per format). For github this is the workflow
 * commands, for stdout; the job summary, for `$GITHUB_STEP_SUMMARY`, is
 * formatRangeCheckGithubSummary's.
 */
export function formatRangeCheck(
  check: RangeCheck,
  format: RangeCheckFormat,
  options: RangeCheckFormatOptions,
): string {
  switch (format) {
    case "text":
      return formatRangeCheckText(check, options.style, options.command);
    case "json":
      return formatRangeCheckJson(check, options.command);
    case "github":
      return formatRangeCheckGithubCommands(check, options.command);
    case "sarif":
      return formatRangeCheckSarif(check, options.toolVersion, options.command);
    case "junit":
      return formatRangeCheckJunit(check, options.command);
    case "gitlab":
      return formatRangeCheckGitlab(check, options.command);
  }
}

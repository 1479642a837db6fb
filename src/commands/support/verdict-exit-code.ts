import type { Verdict } from "../../core/judge/verdict.js";
import { ExitCode } from "../../errors.js";

/** A verdict as the exit code of the command that printed it: 1 when blocked, else 0. */
export function verdictExitCode(verdict: Verdict): ExitCode {
  return verdict.outcome === "blocked" ? ExitCode.Blocked : ExitCode.Ok;
}

import { ExitCode } from "../../errors.js";
import type { Verdict } from "./verdict.js";

export function verdictExitCode(verdict: Verdict): ExitCode {
  return verdict.outcome === "blocked" ? ExitCode.Blocked : ExitCode.Ok;
}

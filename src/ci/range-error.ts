import type { RangeFailure } from "../core/check/range-failure.js";
import { ExitCode, FailureError } from "../errors.js";

/** Exit 2: the range cannot be known whole, stated as facts (src/report words them). */
export function rangeError(failure: RangeFailure): FailureError {
  return new FailureError({ kind: "check-range", failure }, ExitCode.CannotEvaluate);
}

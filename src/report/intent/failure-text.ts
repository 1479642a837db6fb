import type { Failure } from "../../core/failure.js";
import { ciProblemText } from "../range/ci-problem-text.js";
import { rangeFailureText } from "../range/range-failure-text.js";
import { grantRefusalText, grantSelectionText } from "./grant-report.js";
import { transitionRefusedText } from "./intent-lifecycle.js";
import { knownIntentsText, unknownIntentMessage } from "./unknown-intent.js";

/** The words for a failure a use case stated as facts (src/errors.ts's FailureError). */
export function failureText(failure: Failure): string {
  switch (failure.kind) {
    case "unknown-intent":
      return unknownIntentMessage(
        failure.id,
        failure.intents.map((intent) => intent.id),
        knownIntentsText(failure.intents, []),
      );
    case "transition-refused":
      return transitionRefusedText(failure.id, failure.action, failure.judgement);
    case "grant-refused":
      return grantRefusalText(failure.intent, failure.refusal, failure.reviewer);
    case "grant-not-chosen":
      return grantSelectionText(failure.intent, failure.grants, failure.asked);
    case "ci-event":
      return ciProblemText(failure.problem, failure.payloadFile);
    case "check-range":
      return rangeFailureText(failure.failure);
  }
}

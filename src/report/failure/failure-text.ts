import type { Failure } from "../../core/failure/failure.js";
import { grantRefusalText, grantSelectionText } from "../intent/grant-report.js";
import { transitionRefusedText } from "../intent/intent-lifecycle.js";
import { knownIntentsText, unknownIntentMessage } from "../intent/unknown-intent.js";
import { ciProblemText } from "../range/ci-problem-text.js";
import { rangeFailureText } from "../range/range-failure-text.js";
import { commitRangeFailureText } from "./commit-range-failure-text.js";
import { gateFailureText } from "./gate-failure-text.js";
import { governanceFailureText } from "./governance-failure-text.js";
import { installFailureText } from "./install-failure-text.js";
import { storeFailureText } from "./store-failure-text.js";
import { traceFailureText } from "./trace-failure-text.js";

/**
 * The words for every failure a use case states as facts (src/errors.ts's FailureError): the one
 * catalogue of what intentguard says when it stops, each area's in the file beside this one.
 */
export function failureText(failure: Failure, command: string, agent = false): string {
  switch (failure.kind) {
    case "unknown-intent":
      return unknownIntentMessage(
        failure.id,
        failure.intents.map((intent) => intent.id),
        knownIntentsText(failure.intents, []),
      );
    case "transition-refused":
      return transitionRefusedText(failure.id, failure.action, failure.judgement, command);
    case "grant-refused":
      return grantRefusalText(failure.intent, failure.refusal, failure.reviewer, command);
    case "grant-not-chosen":
      return grantSelectionText(failure.intent, failure.grants, failure.asked, command);
    case "ci-event":
      return ciProblemText(failure.problem, failure.payloadFile);
    case "check-range":
      return rangeFailureText(failure.failure);
    case "no-governance":
    case "path-outside-repo":
    case "unknown-agent":
    case "judged-from-unknown":
    case "ref-update-unreadable":
    case "ref-updates-missing":
    case "commondir-planted":
      return gateFailureText(failure, command, agent);
    case "hook-chain-taken":
    case "agent-config-not-json":
    case "agent-config-not-object":
    case "agent-config-refused":
    case "manifest-not-editable":
    case "package-outside-repo":
      return installFailureText(failure);
    case "range-empty":
    case "range-option-like":
    case "range-negative":
    case "range-unresolved":
    case "range-tip-unresolved":
      return commitRangeFailureText(failure);
    case "grant-path-invalid":
    case "approval-by-agent":
    case "grant-approved-already":
    case "approver-email-missing":
    case "approval-by-assigned-agent":
    case "approver-not-allowed":
    case "reviewer-missing":
    case "grant-changed-in-review":
    case "intent-id-taken":
    case "intents-file-missing":
    case "intents-file-changed":
      return governanceFailureText(failure, command);
    case "lock-held":
    case "ledger-not-regular-file":
    case "selection-damaged":
    case "escapes-damaged":
      return storeFailureText(failure, command);
    case "blame-binary":
    case "blame-refused":
    case "shallow-edge":
    case "stats-tip-unresolved":
    case "stats-path-untouched":
    case "notes-ref-unreadable":
      return traceFailureText(failure, agent);
  }
}

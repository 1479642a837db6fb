import type { IntentContext } from "../../core/intent/intent-context.js";
import type { IntentRequest } from "../../core/intent/intent-request.js";
import type { Verdict } from "../../core/judge/verdict.js";
import { formatIntentContext } from "../intent/intent-context.js";
import type { Style } from "../text/style.js";
import { formatVerdictText } from "./verdict-text.js";

/** `intentguard status`: the active intent and its context, then the verdict on what is staged. */
export function formatStatus(
  verdict: Verdict,
  declared: IntentRequest | null,
  context: IntentContext | null,
  style: Style,
  command: string,
): string {
  const lines: string[] = [];
  if (context && declared) {
    lines.push(`Active intent (from ${declared.source}):`, formatIntentContext(context, style));
  } else if (declared) {
    lines.push(
      `Declared intent ${declared.id} (from ${declared.source}) is not in the committed intents.\n`,
    );
  } else {
    lines.push(`No intent selected for this work tree: ${command} select <ID>.\n`);
  }
  // Nothing staged is judged as an empty commit: "allowed — empty commit" would read as if there
  // were a commit to make.
  if (verdict.kind === "empty") lines.push("Staged change: nothing is staged.\n");
  else lines.push("Staged change:", formatVerdictText(verdict, style, command));
  return lines.join("\n");
}

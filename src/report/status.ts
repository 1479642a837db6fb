import type { IntentContext } from "../core/intent-context.js";
import type { Verdict } from "../core/judge/verdict.js";
import { formatIntentContext } from "./intent-context.js";
import type { Style } from "./style.js";
import { formatVerdictText } from "./verdict-text.js";

/** `intentguard status`: the active intent and its context, then the verdict on what is staged. */
export function formatStatus(
  verdict: Verdict,
  context: IntentContext | null,
  style: Style,
): string {
  const declared = verdict.intent;
  const lines: string[] = [];
  if (context && declared) {
    lines.push(`Active intent (from ${declared.source}):`, formatIntentContext(context, style));
  } else if (declared) {
    lines.push(
      `Declared intent ${declared.id} (from ${declared.source}) is not in the committed intents.\n`,
    );
  } else {
    lines.push("No intent selected for this work tree: intentguard select <ID>.\n");
  }
  lines.push("Staged change:", formatVerdictText(verdict, style));
  return lines.join("\n");
}

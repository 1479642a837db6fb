import { type JudgeRule, selectionAdvice, severityOf } from "./rule.js";

/** `intent_status`: only an IN_PROGRESS intent authorises commits. */
export const intentStatus: JudgeRule = ({ governance, intent }) => {
  if (!intent) return [];
  const severity = severityOf(governance, "intent_status");
  if (!severity || intent.status === "IN_PROGRESS") return [];
  return [
    {
      rule: "intent_status",
      severity,
      fact: { kind: "intent-status", intent: intent.id, name: intent.name, status: intent.status },
      paths: [],
      advice: [selectionAdvice(governance), { kind: "set-in-progress", intent: intent.id }],
    },
  ];
};

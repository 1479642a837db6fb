import { closestMatch } from "../../text/closest-match.js";
import { type JudgeRule, selectionAdvice } from "./rule.js";

/** `intent_unknown` (fixed): the declared intent exists in the intents file as committed. */
export const intentUnknown: JudgeRule = ({ governance, resolved }) => {
  const { request } = resolved;
  if (!request || governance.intents.some((intent) => intent.id === request.id)) return [];
  const guess = closestMatch(
    request.id,
    governance.intents.map((intent) => intent.id),
  );
  return [
    {
      rule: "intent_unknown",
      severity: "error",
      fact: {
        kind: "intent-unknown",
        intent: request.id,
        source: request.source,
        guess: guess ?? null,
      },
      paths: [],
      advice: [selectionAdvice(governance)],
    },
  ];
};

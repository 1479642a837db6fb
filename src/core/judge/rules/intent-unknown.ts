import { closestMatch } from "../../closest-match.js";
import { intentsFilePath } from "../../governance-files.js";
import { describeSource } from "../../intent-request.js";
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
      message: `intent ${request.id} (from ${describeSource(request.source)}) does not exist in ${intentsFilePath} as committed${guess ? `; did you mean ${guess}?` : ""}`,
      paths: [],
      advice: [selectionAdvice(governance)],
    },
  ];
};

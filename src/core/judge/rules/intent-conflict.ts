import type { JudgeRule } from "./rule.js";

/** `intent_conflict` (fixed): a change declares one intent; two different ones conflict. */
export const intentConflict: JudgeRule = ({ resolved }) => {
  if (!("conflict" in resolved)) return [];
  return [
    {
      rule: "intent_conflict",
      severity: "error",
      fact: { kind: "intent-conflict", conflict: resolved.conflict },
      paths: [],
      advice: [{ kind: "declare-one-intent" }],
    },
  ];
};

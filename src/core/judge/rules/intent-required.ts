import type { Advice } from "../verdict.js";
import { type JudgeRule, selectionAdvice, severityOf, unique } from "./rule.js";

/**
 * `intent_required`: a change that touches paths needing an intent declares one. Where some
 * paths need none (policy paths.require_intent), the finding names those that do, which also
 * says how to split the commit.
 */
export const intentRequired: JudgeRule = ({ governance, resolved, scoped }) => {
  if (resolved.request || "conflict" in resolved || !scoped) return [];
  const severity = severityOf(governance, "intent_required");
  if (!severity) return [];
  const advice: Advice[] = [selectionAdvice(governance), { kind: "add-intent-trailer" }];
  if (!scoped.partial) {
    return [
      {
        rule: "intent_required",
        severity,
        fact: { kind: "intent-required", needing: null },
        paths: [],
        advice,
      },
    ];
  }
  const needing = unique(scoped.paths.map((entry) => entry.path));
  return [
    {
      rule: "intent_required",
      severity,
      fact: {
        kind: "intent-required",
        needing: { paths: needing.length, protects: scoped.policy.protects },
      },
      paths: needing,
      advice,
    },
  ];
};

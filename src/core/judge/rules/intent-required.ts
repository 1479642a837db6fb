import type { Advice } from "../verdict.js";
import { counted, type JudgeRule, selectionAdvice, severityOf, unique } from "./rule.js";

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
        message: "the commit declares no intent",
        paths: [],
        advice,
      },
    ];
  }
  const needing = unique(scoped.paths.map((entry) => entry.path));
  const policy = `policy paths.require_intent${scoped.policy.protects ? " and paths.protected" : ""}`;
  return [
    {
      rule: "intent_required",
      severity,
      message: `the commit declares no intent, and ${counted(needing.length, "path")} ${needing.length === 1 ? "needs" : "need"} one (${policy})`,
      paths: needing,
      advice,
    },
  ];
};

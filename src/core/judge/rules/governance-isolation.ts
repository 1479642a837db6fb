import { type JudgeRule, severityOf, unique } from "./rule.js";

/**
 * `governance_isolation`: a change of the rules touches nothing else, so that it is judged (and
 * reviewed) on its own and no work rides on it.
 */
export const governanceIsolation: JudgeRule = ({ governance, paths }) => {
  if (paths.governance.length === 0 || paths.others.length === 0) return [];
  const severity = severityOf(governance, "governance_isolation");
  if (!severity) return [];
  const rulesPaths = unique(paths.governance.map((entry) => entry.path));
  const otherPaths = unique(paths.others.map((entry) => entry.path));
  return [
    {
      rule: "governance_isolation",
      severity,
      fact: { kind: "governance-not-isolated", rulesPaths, others: otherPaths.length },
      paths: otherPaths,
      advice: [
        { kind: "commit-governance-first", paths: rulesPaths },
        { kind: "commit-rest-under-intent" },
      ],
    },
  ];
};

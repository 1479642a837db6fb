import { intentMapPath } from "../../governance/governance-files.js";
import { type JudgeRule, severityOf, unique } from "./rule.js";

/**
 * `agent_governance`: an agent may not change the rules that bind it, only ask for scope (grant
 * requests). Judged by the rules in force, so the change cannot switch it off for itself.
 */
export const agentGovernance: JudgeRule = ({ agentRulesChange: change, paths, governance }) => {
  if (!change || change.onlyGrantRequests) return [];
  const rulesPaths = unique(
    paths.governance.map((entry) => entry.path).filter((path) => path !== intentMapPath),
  );
  if (rulesPaths.length === 0) return [];
  const severity = severityOf(governance, "agent_governance");
  if (!severity) return [];
  return [
    {
      rule: "agent_governance",
      severity,
      fact: {
        kind: "agent-changes-rules",
        agent: change.agent,
        declaredBy: change.declaredBy,
        rulesPaths,
      },
      paths: rulesPaths,
      advice: [{ kind: "rules-change-by-person" }],
    },
  ];
};

import { type JudgeRule, severityOf } from "./rule.js";

/** `assigned_agent`: an intent assigned to an agent takes commits from no other agent. */
export const assignedAgent: JudgeRule = ({ governance, intent, agent }) => {
  if (!intent?.assigned_agent || agent === null || agent === intent.assigned_agent) return [];
  const severity = severityOf(governance, "assigned_agent");
  if (!severity) return [];
  return [
    {
      rule: "assigned_agent",
      severity,
      fact: { kind: "assigned-agent", intent: intent.id, assigned: intent.assigned_agent, agent },
      paths: [],
      advice: [
        { kind: "commit-as-assigned-agent", intent: intent.id, agent: intent.assigned_agent },
      ],
    },
  ];
};

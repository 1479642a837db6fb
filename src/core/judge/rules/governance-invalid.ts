import { intentsFilePath } from "../../governance-files.js";
import type { JudgeRule } from "./rule.js";

/**
 * `governance_invalid` (fixed): a change of the rules must leave valid rules behind, for the next
 * commit is judged by them; removing (or renaming) the intents file would let every later commit
 * escape the gate.
 */
export const governanceInvalid: JudgeRule = ({ governanceLeft: left, paths }) => {
  if (!left || left.valid || paths.governance.length === 0) return [];
  if (left.removed) {
    return [
      {
        rule: "governance_invalid",
        severity: "error",
        message: `the change removes ${intentsFilePath} (or renames it): the intents may be changed, never removed, or every later commit would escape the gate`,
        paths: [intentsFilePath],
        advice: [{ kind: "restore-intents-file" }],
      },
    ];
  }
  return [
    {
      rule: "governance_invalid",
      severity: "error",
      message: `the governance the change leaves behind is invalid, and the next commit would be judged by it:\n${left.problems}`,
      paths: [],
      advice: [{ kind: "fix-governance" }],
    },
  ];
};

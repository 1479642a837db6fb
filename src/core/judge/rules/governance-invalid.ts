import { intentsFilePath } from "../../governance/governance-files.js";
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
        fact: { kind: "intents-file-removed" },
        paths: [intentsFilePath],
        advice: [{ kind: "restore-intents-file" }],
      },
    ];
  }
  return [
    {
      rule: "governance_invalid",
      severity: "error",
      fact: { kind: "governance-left-invalid", problems: left.problems },
      paths: [],
      advice: [{ kind: "fix-governance" }],
    },
  ];
};

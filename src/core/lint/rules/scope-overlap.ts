import { scopeAdmitter } from "../../scope/admit-path.js";
import { effectiveScope } from "../../scope/effective-scope.js";
import type { LintDraft } from "../lint-finding.js";
import type { LintRule } from "./rule.js";

/** How many files of an overlap a finding lists. */
const overlapFilesShown = 5;

/**
 * `scope_overlap`: two IN_PROGRESS intents assigned to different agents share no pattern and no
 * tracked file, so that no two agents are cleared for the same files.
 */
export const scopeOverlap: LintRule = ({ valid, policy, files, at }) => {
  const working = valid.filter(
    ({ intent }) => intent.status === "IN_PROGRESS" && intent.assigned_agent !== undefined,
  );
  const scopes = working.map(({ intent }) => {
    const scope = effectiveScope(intent, policy);
    const admit = scopeAdmitter(scope);
    return {
      patterns: new Set(scope.allow.map((allow) => allow.pattern)),
      files: new Set(files.filter((file) => admit(file).admitted)),
    };
  });
  const found: LintDraft[] = [];
  working.forEach((later, b) => {
    for (let a = 0; a < b; a++) {
      const earlier = working[a];
      const [first, second] = [scopes[a], scopes[b]];
      if (!earlier || !first || !second) continue;
      const [agentA, agentB] = [
        earlier.intent.assigned_agent ?? "",
        later.intent.assigned_agent ?? "",
      ];
      if (agentA === agentB) continue;
      const patterns = [...second.patterns].filter((pattern) => first.patterns.has(pattern));
      const both = [...second.files].filter((file) => first.files.has(file));
      if (patterns.length === 0 && both.length === 0) continue;
      found.push({
        code: "scope_overlap",
        intent: later.intent.id,
        ...at(["active_intents", later.index, "id"]),
        other_intent: earlier.intent.id,
        agents: [agentB, agentA],
        patterns,
        files: both.slice(0, overlapFilesShown),
        file_count: both.length,
      });
    }
  });
  return found;
};

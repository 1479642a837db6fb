import type { IntentStatus } from "../../config/intents-schema.js";
import type { LintDraft } from "../lint-finding.js";
import { firstIndexes, type LintRule } from "./rule.js";

/**
 * `selection_inactive`, `selection_unreadable`: each work tree's selected intent authorises
 * commits (is IN_PROGRESS), and its selection can be read. An intent the file lists but that does
 * not validate is reported as invalid already.
 */
export const selection: LintRule = ({ raw, valid, selections, at }) => {
  const byId = new Map<string, { status: IntentStatus; index: number }>();
  for (const { intent, index } of valid) {
    if (!byId.has(intent.id)) byId.set(intent.id, { status: intent.status, index });
  }
  const listed = firstIndexes(raw);
  return selections.flatMap((tree): LintDraft[] => {
    if ("unreadable" in tree) {
      return [
        {
          code: "selection_unreadable",
          intent: null,
          line: null,
          column: null,
          work_tree: tree.workTree,
          problem: tree.unreadable,
        },
      ];
    }
    const { selected } = tree;
    if (selected === undefined) return [];
    const known = byId.get(selected);
    if (known?.status === "IN_PROGRESS") return [];
    if (!known && listed.has(selected)) return [];
    return [
      {
        code: "selection_inactive",
        intent: selected,
        ...(known ? at(["active_intents", known.index, "id"]) : { line: null, column: null }),
        work_tree: tree.workTree,
        status: known?.status ?? null,
      },
    ];
  });
};

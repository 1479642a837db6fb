import type { LintRule } from "./rule.js";

/** `duplicate_id`: each ID once; a repeat is reported at its own line, with the first's line. */
export const duplicateId: LintRule = ({ raw, at }) => {
  const first = new Map<string, number>();
  return raw.flatMap((item, index) => {
    const id = (item as { id?: unknown } | null)?.id;
    if (typeof id !== "string") return [];
    const earlier = first.get(id);
    if (earlier === undefined) {
      first.set(id, index);
      return [];
    }
    return [
      {
        code: "duplicate_id" as const,
        intent: id,
        ...at(["active_intents", index, "id"]),
        first_line: at(["active_intents", earlier, "id"]).line,
      },
    ];
  });
};

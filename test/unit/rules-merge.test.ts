import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  canonicalRules,
  firstDifference,
  mergeRules,
  type RulesData,
  rulesEqual,
} from "../../src/core/land/rules-merge.js";

const intent = (id: string, fields: Record<string, unknown> = {}) => ({
  id,
  name: id,
  status: "IN_PROGRESS",
  owned_scope: [`src/${id}`],
  ...fields,
});

const rules = (intents: unknown[], policy?: unknown): RulesData => ({
  intents: { active_intents: intents },
  policy,
});

describe("a rules change carried three-way into the rules in force", () => {
  const base = rules([intent("INT-001", { owned_scope: ["src"] }), intent("INT-002")]);
  const narrowed = rules([intent("INT-001", { owned_scope: ["src/auth"] }), intent("INT-002")]);

  it("keeps a narrowing when a change made before it adds an intent", () => {
    const added = rules([
      intent("INT-001", { owned_scope: ["src"] }),
      intent("INT-002"),
      intent("INT-007"),
    ]);
    const merged = mergeRules(base, narrowed, added);
    expect(merged).toEqual({
      ok: true,
      rules: rules([
        intent("INT-001", { owned_scope: ["src/auth"] }),
        intent("INT-002"),
        intent("INT-007"),
      ]),
    });
  });

  it("combines list changes as sets and never orders them", () => {
    const ours = rules([intent("INT-001", { owned_scope: ["src", "a"] }), intent("INT-002")]);
    const theirs = rules([intent("INT-001", { owned_scope: ["b"] }), intent("INT-002")]);
    const merged = mergeRules(base, ours, theirs);
    expect(merged.ok && canonicalRules(merged.rules)).toBe(
      canonicalRules(rules([intent("INT-001", { owned_scope: ["a", "b"] }), intent("INT-002")])),
    );
  });

  it("names the field both sides changed differently", () => {
    const completed = rules([
      intent("INT-001", { owned_scope: ["src"], status: "COMPLETED" }),
      intent("INT-002"),
    ]);
    const blocked = rules([
      intent("INT-001", { owned_scope: ["src"], status: "BLOCKED" }),
      intent("INT-002"),
    ]);
    expect(mergeRules(base, completed, blocked)).toEqual({
      ok: false,
      conflict: { file: "intents", field: "active_intents[INT-001].status" },
    });
    expect(
      mergeRules(
        rules([], { governance: { require_signed_by_approver: false } }),
        rules([], { governance: { require_signed_by_approver: true } }),
        rules([], { governance: { require_signed_by_approver: false, x: 1 } }),
      ),
    ).toEqual({
      ok: true,
      rules: rules([], { governance: { require_signed_by_approver: true, x: 1 } }),
    });
  });

  it("refuses an intent deleted on one side and changed on the other", () => {
    const deleted = rules([intent("INT-002")]);
    expect(mergeRules(base, deleted, narrowed)).toEqual({
      ok: false,
      conflict: { file: "intents", field: "active_intents[INT-001]" },
    });
  });

  it("sees the same rules in different layouts, and tells where two differ", () => {
    const reordered = rules([
      intent("INT-002"),
      { owned_scope: ["src"], status: "IN_PROGRESS", name: "INT-001", id: "INT-001" },
    ]);
    expect(rulesEqual(base, reordered)).toBe(true);
    expect(firstDifference(base, narrowed)).toEqual({
      file: "intents",
      field: "active_intents[INT-001].owned_scope",
    });
    expect(firstDifference(base, { ...base, policy: {} })).toEqual({
      file: "policy",
      field: "(the whole file)",
    });
  });

  it("is a three-way merge: either side unchanged gives the other, and the sides commute", () => {
    const scope = fc.uniqueArray(fc.constantFrom("a", "b", "c", "d"), { maxLength: 3 });
    const status = fc.constantFrom("IN_PROGRESS", "COMPLETED", "BLOCKED");
    const intents = fc.uniqueArray(
      fc.record({
        id: fc.constantFrom("INT-001", "INT-002", "INT-003"),
        status,
        owned_scope: scope,
      }),
      { selector: (item) => item.id, maxLength: 3 },
    );
    const data = intents.map((list) => rules(list));
    fc.assert(
      fc.property(data, data, data, (b, o, t) => {
        // Scope lists are sets, so "unchanged" is by meaning: a reordered side is the same rules.
        const keepOurs = mergeRules(b, o, b);
        const takeTheirs = mergeRules(b, b, t);
        expect(keepOurs.ok && rulesEqual(keepOurs.rules, o)).toBe(true);
        expect(takeTheirs.ok && rulesEqual(takeTheirs.rules, t)).toBe(true);
        const left = mergeRules(b, o, t);
        const right = mergeRules(b, t, o);
        expect(left.ok).toBe(right.ok);
        if (left.ok && right.ok) expect(rulesEqual(left.rules, right.rules)).toBe(true);
      }),
    );
  });
});

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { governanceOrder, type LandingGraph } from "../../src/core/land/landing-graph.js";

/** A graph from `commit: parents…` lines, oldest first; `start` is outside it (the old tip). */
function graph(lines: string[], newTip: string, oldTip = "start"): LandingGraph {
  const parents = new Map<string, string[]>();
  for (const line of lines) {
    const [commit = "", ...rest] = line.split(" ");
    parents.set(commit, rest);
  }
  return { parents, newTip, oldTip };
}

describe("which rules changes apply to which commit of a landing", () => {
  it("a chain: the changes before each commit, in order", () => {
    const order = governanceOrder(
      graph(["a start", "g1 a", "b g1", "g2 b", "c g2"], "c"),
      new Set(["g1", "g2"]),
    );
    expect(order.all).toEqual(["g1", "g2"]);
    expect(order.applicable("a")).toEqual([]);
    expect(order.applicable("g1")).toEqual([]);
    expect(order.applicable("b")).toEqual(["g1"]);
    expect(order.applicable("c")).toEqual(["g1", "g2"]);
  });

  it("a merge whose first parent is older: the mainline follows the parent that holds the old tip", () => {
    // m's first parent `old` descends from nothing in the landing; its second parent is start.
    const order = governanceOrder(
      graph(["old2 old", "g old2", "m g start", "after m"], "after"),
      new Set(["g"]),
    );
    // g comes in with m (mainline: after, m, start): it applies to m's successors, and to m.
    expect(order.applicable("after")).toEqual(["g"]);
    expect(order.applicable("m")).toEqual(["g"]);
    expect(order.applicable("old2")).toEqual([]);
  });

  it("a change that reaches the mainline before the merge that brings a commit applies to it", () => {
    // Side A (g, a1) merges first (m1), then side B (b1, forked from start) merges (m2).
    const order = governanceOrder(
      graph(["g start", "a1 g", "t1 start", "m1 t1 a1", "b1 start", "m2 m1 b1"], "m2"),
      new Set(["g"]),
    );
    expect(order.applicable("b1")).toEqual(["g"]); // brought by m2, after m1 brought g
    expect(order.applicable("t1")).toEqual([]); // before m1 on the mainline
    expect(order.applicable("a1")).toEqual(["g"]); // its ancestor
  });

  it("does not depend on the order git listed the commits in", () => {
    const lines = [
      "g start",
      "a1 g",
      "t1 start",
      "m1 t1 a1",
      "g2 start",
      "b1 g2",
      "m2 m1 b1",
      "c m2",
    ];
    const changes = new Set(["g", "g2"]);
    const reference = governanceOrder(graph(lines, "c"), changes);
    fc.assert(
      fc.property(fc.shuffledSubarray(lines, { minLength: lines.length }), (shuffled) => {
        const order = governanceOrder(graph(shuffled, "c"), changes);
        expect(order.all).toEqual(reference.all);
        for (const line of lines) {
          const commit = line.split(" ")[0] ?? "";
          expect(order.applicable(commit)).toEqual(reference.applicable(commit));
        }
      }),
    );
  });
});

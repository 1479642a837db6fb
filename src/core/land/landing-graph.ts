/**
 * Which rules changes apply to which commit of a landing, decided from the commit graph alone —
 * never from the order git happened to list the commits in. Pure.
 *
 * A landing brings every commit reachable from its new tip and not from the target's old tip. Its
 * *mainline* is the first-parent chain from the new tip back to the old tip, taking at each merge
 * the parent that contains the old tip (so a merge whose first parent is an older commit cannot
 * put the target's history on a side). A commit is judged under the rules in force at the old tip
 * plus the changes of the landing's governance commits that are its ancestors, or that reach the
 * mainline before the mainline commit that brings it.
 */
export interface LandingGraph {
  /** Every commit the landing brings, with its parents in order. */
  parents: ReadonlyMap<string, readonly string[]>;
  newTip: string;
  /** The target's tip before the landing; null when there was none. */
  oldTip: string | null;
}

export interface GovernanceOrder {
  /** The governance commits whose changes apply to `commit`, in the order they apply. */
  applicable(commit: string): readonly string[];
  /** Every governance commit of the landing, in the order their changes apply. */
  all: readonly string[];
}

/**
 * Orders the landing's governance commits (`governance`: those whose rules differ from their
 * first parent's) and tells which apply to each commit. The order respects ancestry (a change
 * applies after the changes it was made on), then the mainline, then a fixed topological order.
 */
export function governanceOrder(
  graph: LandingGraph,
  governance: ReadonlySet<string>,
): GovernanceOrder {
  const inLanding = (commit: string) => graph.parents.has(commit);
  const parentsIn = (commit: string) => (graph.parents.get(commit) ?? []).filter(inLanding);
  const order = topologicalOrder(graph, parentsIn);
  const topoIndex = new Map(order.map((commit, index) => [commit, index]));
  const position = mainlinePositions(graph, order, parentsIn);
  const at = (commit: string) => position.get(commit) ?? 0;
  const all = [...governance]
    .filter(inLanding)
    .sort((a, b) => at(a) - at(b) || (topoIndex.get(a) ?? 0) - (topoIndex.get(b) ?? 0));
  const rank = new Map(all.map((commit, index) => [commit, index]));
  const ancestors = governanceAncestors(order, parentsIn, rank);
  return {
    all,
    applicable(commit) {
      const mine = at(commit);
      const earlier = all.filter((candidate) => at(candidate) < mine);
      const alongside = (ancestors.get(commit) ?? [])
        .map((index) => all[index] as string)
        .filter((candidate) => at(candidate) === mine);
      return [...earlier, ...alongside];
    },
  };
}

/** Parents before children: a depth-first walk from the new tip, parents in their order. */
function topologicalOrder(graph: LandingGraph, parentsIn: (commit: string) => string[]): string[] {
  const order: string[] = [];
  const done = new Set<string>();
  const stack: { commit: string; next: number }[] = [];
  const visit = (commit: string) => {
    if (!done.has(commit)) {
      done.add(commit);
      stack.push({ commit, next: 0 });
    }
  };
  if (graph.parents.has(graph.newTip)) visit(graph.newTip);
  // A landing's commits are all reachable from its tip; any other (a caller's extra) still counts.
  const roots = [...graph.parents.keys()];
  for (let root = 0; stack.length > 0 || root < roots.length; ) {
    const top = stack[stack.length - 1];
    if (!top) {
      visit(roots[root++] as string);
      continue;
    }
    const parents = parentsIn(top.commit);
    const parent = parents[top.next++];
    if (parent === undefined) {
      order.push(top.commit);
      stack.pop();
    } else {
      visit(parent);
    }
  }
  return order;
}

/**
 * Each commit's place on the mainline: the index (oldest first) of the mainline commit that
 * brings it — the first one it is an ancestor of, or itself.
 */
function mainlinePositions(
  graph: LandingGraph,
  order: readonly string[],
  parentsIn: (commit: string) => string[],
): Map<string, number> {
  const containsOld = new Set<string>();
  for (const commit of order) {
    const parents = graph.parents.get(commit) ?? [];
    if (parents.some((parent) => parent === graph.oldTip || containsOld.has(parent))) {
      containsOld.add(commit);
    }
  }
  const mainline: string[] = [];
  for (let commit: string | undefined = graph.newTip; commit && graph.parents.has(commit); ) {
    mainline.push(commit);
    const parents: readonly string[] = graph.parents.get(commit) ?? [];
    commit =
      parents.find((parent) => parent === graph.oldTip || containsOld.has(parent)) ?? parents[0];
  }
  mainline.reverse();
  const position = new Map<string, number>();
  mainline.forEach((tip, index) => {
    const pending = [tip];
    for (let commit = pending.pop(); commit !== undefined; commit = pending.pop()) {
      if (position.has(commit)) continue;
      position.set(commit, index);
      for (const parent of parentsIn(commit)) if (!position.has(parent)) pending.push(parent);
    }
  });
  return position;
}

/**
 * For each commit, the ranks of the governance commits among its proper ancestors. Commits that
 * add none share their parent's array, so a long range with a few rules changes holds a few.
 */
function governanceAncestors(
  order: readonly string[],
  parentsIn: (commit: string) => string[],
  rank: ReadonlyMap<string, number>,
): Map<string, readonly number[]> {
  const ancestors = new Map<string, readonly number[]>();
  const none: readonly number[] = [];
  for (const commit of order) {
    const inherited = parentsIn(commit).map((parent) => {
      const own = rank.get(parent);
      const above = ancestors.get(parent) ?? none;
      return own === undefined ? above : [...above, own];
    });
    const [first = none, ...rest] = inherited;
    if (rest.every((other) => other === first || other.length === 0)) {
      ancestors.set(commit, first);
      continue;
    }
    const merged = new Set(first);
    for (const other of rest) for (const index of other) merged.add(index);
    ancestors.set(
      commit,
      [...merged].sort((a, b) => a - b),
    );
  }
  return ancestors;
}

import { diffArrays } from "diff";

/**
 * For each line of `after`, the index of the same line in `before`, or -1 for a line `after`
 * adds (or changes): a line diff (jsdiff's Myers diff over whole lines), so that lines keep who
 * wrote them as other lines are inserted or removed around them.
 */
export function lineSources(before: readonly string[], after: readonly string[]): number[] {
  // The lines an edit leaves alone at both ends are matched without the diff: an agent's edit
  // touches a few lines of a long file, and the diff then sees only those.
  let head = 0;
  const shorter = Math.min(before.length, after.length);
  while (head < shorter && before[head] === after[head]) head++;
  let tail = 0;
  while (
    tail < shorter - head &&
    before[before.length - 1 - tail] === after[after.length - 1 - tail]
  ) {
    tail++;
  }
  const sources: number[] = [];
  for (let line = 0; line < head; line++) sources.push(line);
  let old = head;
  const middle = diffArrays(
    before.slice(head, before.length - tail),
    after.slice(head, after.length - tail),
  );
  for (const part of middle) {
    const count = part.count ?? part.value.length;
    if (part.added) {
      for (let k = 0; k < count; k++) sources.push(-1);
    } else if (part.removed) {
      old += count;
    } else {
      for (let k = 0; k < count; k++) sources.push(old++);
    }
  }
  for (let line = before.length - tail; line < before.length; line++) sources.push(line);
  return sources;
}

/** The owner of a line a person changed between two observations of an agent's writes. */
export const personLine = -1;

/**
 * Who wrote each line of `after`, given who wrote each line of `before`: kept lines keep their
 * writer, added or changed lines get `writer` (null: a person, whose edits are not observed).
 */
export function carryOwners(
  before: readonly string[],
  owners: readonly (number | null)[],
  after: readonly string[],
  writer: number | null,
): (number | null)[] {
  return lineSources(before, after).map((source) =>
    source === -1 ? writer : (owners[source] ?? null),
  );
}

/** The 1-based line runs of `owners` equal to `writer`: what a checkpoint says the agent wrote. */
export function runsOf(owners: readonly (number | null)[], writer: number): [number, number][] {
  const runs: [number, number][] = [];
  owners.forEach((owner, index) => {
    if (owner !== writer) return;
    const last = runs[runs.length - 1];
    if (last && last[1] === index) last[1] = index + 1;
    else runs.push([index + 1, index + 1]);
  });
  return runs;
}

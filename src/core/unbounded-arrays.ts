/**
 * Helpers for arrays whose length the user controls (intents, paths, lines, problems). Spreading
 * one into a call — `push(...items)`, `Math.max(...values)` — passes every element as an
 * argument, and past ~120,000 of them the call overflows the stack.
 */

/** Appends `items` to `target` one by one, and returns `target`. */
export function appendAll<T>(target: T[], items: Iterable<T>): T[] {
  for (const item of items) target.push(item);
  return target;
}

/** The largest of `values`, or 0 when there are none (a width, a count). */
export function largest(values: Iterable<number>): number {
  let max = 0;
  for (const value of values) if (value > max) max = value;
  return max;
}

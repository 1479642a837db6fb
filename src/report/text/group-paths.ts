import { plural } from "./count.js";

/** How many paths a report lists one by one before it groups them by directory. */
export const pathsListedOneByOne = 25;
const groupsListed = 25;

/**
 * Lines that show a set of paths readably: every path when there are few, else one line per
 * directory (two levels deep) with its count, largest first, so a 5,000-path block stays short.
 */
export function groupPaths(paths: readonly string[]): string[] {
  if (paths.length <= pathsListedOneByOne) return [...paths];
  const counts = new Map<string, number>();
  for (const path of paths) {
    const parts = path.split("/");
    const group =
      parts.length > 2
        ? `${parts.slice(0, 2).join("/")}/`
        : parts.length === 2
          ? `${parts[0]}/`
          : "./";
    counts.set(group, (counts.get(group) ?? 0) + 1);
  }
  const sorted = [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const lines = sorted
    .slice(0, groupsListed)
    .map(([group, n]) => `${group} (${plural(n, "path")})`);
  const rest = sorted.slice(groupsListed).reduce((sum, [, n]) => sum + n, 0);
  if (rest > 0)
    lines.push(
      `… and ${plural(rest, "more path")} in ${plural(sorted.length - groupsListed, "other directory", "other directories")}`,
    );
  return lines;
}

import { compileGlob } from "./glob.js";

/**
 * The static part of a normalised pattern, read as a path: its segments before the first with
 * glob syntax (`infra/**` → `infra`, `src/*.ts` → `src`, `**\/*.md` → ""); a pattern without glob
 * syntax is all static. Every path the pattern admits lies at or below it.
 */
export function staticPrefix(pattern: string): string {
  const segments = pattern.split("/");
  const firstGlob = segments.findIndex((segment) => {
    const compiled = compileGlob(segment);
    return !compiled.ok || compiled.kind === "glob";
  });
  return (firstGlob === -1 ? segments : segments.slice(0, firstGlob)).join("/");
}

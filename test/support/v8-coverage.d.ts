// @bcoe/v8-coverage ships no types; this is the one function test/support/cli-coverage.ts uses.
declare module "@bcoe/v8-coverage" {
  import type { Profiler } from "node:inspector";

  /** Merges the coverage of one script (same url) from several processes; counts are summed. */
  export function mergeScriptCovs(
    scriptCovs: Profiler.ScriptCoverage[],
  ): Profiler.ScriptCoverage | undefined;
}

import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import type { Profiler } from "node:inspector";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { mergeScriptCovs } from "@bcoe/v8-coverage";

/**
 * The variable through which coverage-reporter.ts tells the test workers where the CLI processes
 * they start write their V8 coverage (setup.ts turns it into NODE_V8_COVERAGE for them).
 */
export const cliCoverageVariable = "IG_TEST_CLI_COVERAGE";

const root = fileURLToPath(new URL("../..", import.meta.url));
export const cliPath = path.join(root, "dist", "cli.cjs");
export const cliUrl = pathToFileURL(cliPath).href;

/** dist/cli.cjs, or a byte-identical copy installed into a test repository's node_modules. */
function isCli(url: string): boolean {
  return url === cliUrl || url.endsWith("/node_modules/intentguard/dist/cli.cjs");
}

export interface CliRuns {
  /** How many processes ran the CLI. */
  processes: number;
  /** dist/cli.cjs's V8 function coverage, merged over all of them. */
  functions: Profiler.FunctionCoverage[];
  /** Files that could not be parsed (a dump cut short by a killed process), left out. */
  unreadable: number;
}

const reducedSuffix = ".cli.json";

/**
 * Reads the CLI's coverage out of a directory: the raw V8 dumps that NODE_V8_COVERAGE leaves
 * (coverage-*.json, ~0.5 MB each, mostly Node's own modules and the source map), and the
 * `*.cli.json` files reduceCliCoverage wrote, in it or in its subdirectories, and merges them
 * (counts add up). Identical runs are merged once: the percentages only ask whether a count is
 * zero, and a branch without a block of its own (an `if` with no `else`) is the difference of
 * two counts, which repeating a run leaves zero or not. (So counts are not clamped to 1 either:
 * that turns a loop's `if` taken 3 times out of 5 into "else never taken".)
 */
export function readCliCoverage(dir: string): CliRuns {
  const distinct = new Map<string, Profiler.FunctionCoverage[]>();
  let processes = 0;
  let unreadable = 0;
  const parse = <T>(file: string): T | undefined => {
    try {
      return JSON.parse(readFileSync(file, "utf8")) as T;
    } catch {
      unreadable++;
      return undefined;
    }
  };
  const add = (functions: Profiler.FunctionCoverage[]) => {
    const key = JSON.stringify(functions);
    if (!distinct.has(key)) distinct.set(key, functions);
  };
  const visit = (current: string) => {
    for (const entry of readdirSync(current, { withFileTypes: true })) {
      const file = path.join(current, entry.name);
      if (entry.isDirectory()) {
        visit(file);
      } else if (entry.name.endsWith(reducedSuffix)) {
        const runs = parse<CliRuns>(file);
        if (!runs) continue;
        processes += runs.processes;
        add(runs.functions);
      } else if (entry.name.startsWith("coverage-") && entry.name.endsWith(".json")) {
        const dump = parse<{ result: Profiler.ScriptCoverage[] }>(file);
        for (const script of dump?.result ?? []) {
          if (!isCli(script.url)) continue;
          processes++;
          add(script.functions);
        }
      }
    }
  };
  if (existsSync(dir)) visit(dir);
  const merged = mergeScriptCovs(
    [...distinct.values()].map((functions) => ({ scriptId: "0", url: cliUrl, functions })),
  );
  return { processes, functions: merged?.functions ?? [], unreadable };
}

/**
 * Replaces the raw dumps in `dir` by one small `<dir>.cli.json`. The test workers call it after
 * each test file, so the dumps never pile up and the reading is spread over the run. Whatever
 * goes wrong leaves the dumps where they are, for the final read.
 */
export function reduceCliCoverage(dir: string): void {
  try {
    if (!existsSync(dir)) return;
    const runs = readCliCoverage(dir);
    // A dump still being written, say: the final read takes the directory as it is.
    if (runs.unreadable > 0) return;
    writeFileSync(`${dir}${reducedSuffix}`, JSON.stringify(runs));
    rmSync(dir, { recursive: true, force: true });
  } catch {
    // Left for the final read too.
  }
}

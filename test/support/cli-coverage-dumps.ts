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
const distDir = path.join(root, "dist");

/** Where a bundle of dist/ is, by its file name (scripts/build.mjs writes them all there). */
export function bundleUrl(bundle: string): string {
  return pathToFileURL(path.join(distDir, bundle)).href;
}

const distUrl = `${pathToFileURL(distDir).href}/`;
const copiedDist = "/node_modules/intentguard/dist/";

/**
 * The bundle a script is, by file name: one of dist/'s, or of a byte-identical copy installed into
 * a test repository's node_modules; undefined for any other script.
 */
function bundleOf(url: string): string | undefined {
  const at = url.startsWith(distUrl) ? distUrl.length : url.lastIndexOf(copiedDist);
  if (at < 0) return undefined;
  const name = url.slice(url.startsWith(distUrl) ? at : at + copiedDist.length);
  return name.endsWith(".cjs") && !name.includes("/") ? name : undefined;
}

/** The bundles a process starts from: each run of one counts as a CLI process. */
const entries = new Set(["cli.cjs", "agent-hook.cjs"]);

export interface CliRuns {
  /** How many processes ran the CLI. */
  processes: number;
  /** Each bundle's V8 function coverage, merged over every process that loaded it. */
  bundles: Record<string, Profiler.FunctionCoverage[]>;
  /** Files that could not be parsed (a dump cut short by a killed process), left out. */
  unreadable: number;
}

const reducedSuffix = ".cli.json";

/**
 * Reads the CLI's coverage out of a directory: the raw V8 dumps that NODE_V8_COVERAGE leaves
 * (coverage-*.json, ~0.5 MB each, mostly Node's own modules and the source maps), and the
 * `*.cli.json` files reduceCliCoverage wrote, in it or in its subdirectories, and merges them per
 * bundle (counts add up). Identical runs are merged once: the percentages only ask whether a
 * count is zero, and a branch without a block of its own (an `if` with no `else`) is the
 * difference of two counts, which repeating a run leaves zero or not. (So counts are not clamped
 * to 1 either: that turns a loop's `if` taken 3 times out of 5 into "else never taken".)
 */
export function readCliCoverage(dir: string): CliRuns {
  const distinct = new Map<string, Map<string, Profiler.FunctionCoverage[]>>();
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
  const add = (bundle: string, functions: Profiler.FunctionCoverage[]) => {
    const runs = distinct.get(bundle) ?? new Map<string, Profiler.FunctionCoverage[]>();
    distinct.set(bundle, runs);
    const key = JSON.stringify(functions);
    if (!runs.has(key)) runs.set(key, functions);
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
        for (const [bundle, functions] of Object.entries(runs.bundles)) add(bundle, functions);
      } else if (entry.name.startsWith("coverage-") && entry.name.endsWith(".json")) {
        const dump = parse<{ result: Profiler.ScriptCoverage[] }>(file);
        for (const script of dump?.result ?? []) {
          const bundle = bundleOf(script.url);
          if (!bundle) continue;
          if (entries.has(bundle)) processes++;
          add(bundle, script.functions);
        }
      }
    }
  };
  if (existsSync(dir)) visit(dir);
  const bundles: CliRuns["bundles"] = {};
  for (const [bundle, runs] of distinct) {
    const url = bundleUrl(bundle);
    const merged = mergeScriptCovs(
      [...runs.values()].map((functions) => ({ scriptId: "0", url, functions })),
    );
    bundles[bundle] = merged?.functions ?? [];
  }
  return { processes, bundles, unreadable };
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

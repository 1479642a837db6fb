import { readFileSync } from "node:fs";
import path from "node:path";
import astV8ToIstanbul, { type Options } from "ast-v8-to-istanbul";
import { parseAstAsync } from "vitest/node";
import { bundleUrl, readCliCoverage } from "./cli-coverage-dumps.js";

type SourceMap = NonNullable<Options["sourceMap"]>;

type CoverageData = Awaited<ReturnType<typeof astV8ToIstanbul>>;

export interface CliCoverage {
  /** Istanbul coverage data of the src/ files, keyed by absolute path: one per bundle. */
  data: CoverageData[];
  /** How many processes ran the CLI. */
  processes: number;
  /** Dumps that could not be read. */
  unreadable: number;
}

/**
 * The coverage of every CLI process the tests started (directly or through git hooks), from the
 * NODE_V8_COVERAGE directory they wrote to, each bundle of dist/ mapped back to src/ through its
 * own source map.
 */
export async function cliProcessCoverage(dumpDir: string, root: string): Promise<CliCoverage> {
  const { processes, bundles, unreadable } = readCliCoverage(dumpDir);
  const src = path.join(root, "src") + path.sep;
  const data: CoverageData[] = [];
  for (const [bundle, functions] of Object.entries(bundles)) {
    const file = path.join(root, "dist", bundle);
    const url = bundleUrl(bundle);
    const code = readFileSync(file, "utf8");
    const map = JSON.parse(readFileSync(`${file}.map`, "utf8")) as SourceMap;
    map.sources = map.sources.map((source) => source && new URL(source, url).href);
    const covered = await astV8ToIstanbul({
      code,
      sourceMap: map,
      ast: parseAstAsync(code),
      coverage: { url, functions },
    });
    for (const key of Object.keys(covered)) if (!key.startsWith(src)) delete covered[key];
    data.push(covered);
  }
  return { data, processes, unreadable };
}

interface Position {
  line: number;
  column: number | null;
}
interface Range {
  start: Position;
  end: Position;
}
/** istanbul-lib-coverage's per-file data, the parts used here. */
export interface FileCoverageData {
  path: string;
  statementMap: Record<string, Range>;
  fnMap: Record<string, { loc: Range }>;
  branchMap: Record<string, { loc: Range; type: string; locations: Range[] }>;
  s: Record<string, number>;
  f: Record<string, number>;
  b: Record<string, number[]>;
}
export type Metric = "lines" | "statements" | "branches" | "functions";
/** istanbul-lib-coverage's CoverageMap (what vitest hands the reporters), the parts used here. */
export interface CoverageMap {
  files(): string[];
  fileCoverageFor(file: string): {
    data: FileCoverageData;
    toSummary(): { data: Record<Metric, { total: number; covered: number }> };
  };
  addFileCoverage(data: FileCoverageData): void;
}

/**
 * Adds the CLI processes' hits to vitest's coverage map without changing what it counts.
 * istanbul's own merge would add every statement whose location differs by a column between
 * the two (vite transforms each file, esbuild bundles them: e.g. `const x = await f()` starts
 * at `const` in one and at `x` in the other), about a fifth more statements than src/ has. So
 * each statement, function and branch of vitest's map takes the hits of the CLI's one that
 * starts at the same place, or failing that on the same line, nearest in column; a file vitest
 * has no entry for is added as it is.
 */
export function addCliHits(map: CoverageMap, cli: CoverageData): void {
  const files = new Set(map.files());
  for (const [file, entry] of Object.entries(cli)) {
    const from = ("data" in entry ? entry.data : entry) as unknown as FileCoverageData;
    if (!files.has(file)) {
      map.addFileCoverage(from);
      continue;
    }
    const into = map.fileCoverageFor(file).data;
    const statements = matcher(from.statementMap);
    for (const [id, range] of Object.entries(into.statementMap)) {
      const match = statements(range);
      if (match !== undefined) into.s[id] = (into.s[id] ?? 0) + (from.s[match] ?? 0);
    }
    const functions = matcher(mapValues(from.fnMap, (fn) => fn.loc));
    for (const [id, fn] of Object.entries(into.fnMap)) {
      const match = functions(fn.loc);
      if (match !== undefined) into.f[id] = (into.f[id] ?? 0) + (from.f[match] ?? 0);
    }
    const branches = matcher(mapValues(from.branchMap, (branch) => branch.loc));
    for (const [id, branch] of Object.entries(into.branchMap)) {
      const match = branches(branch.loc);
      const hits = match === undefined ? undefined : from.b[match];
      const counts = into.b[id];
      if (!hits || !counts || hits.length !== counts.length) continue;
      into.b[id] = counts.map((count, index) => count + (hits[index] ?? 0));
    }
  }
}

function mapValues<T>(record: Record<string, T>, f: (value: T) => Range): Record<string, Range> {
  return Object.fromEntries(Object.entries(record).map(([id, value]) => [id, f(value)]));
}

/** Finds, for a range, the id of the range in `ranges` that starts at the same place or line. */
function matcher(ranges: Record<string, Range>): (range: Range) => string | undefined {
  const byLine = new Map<number, [string, number][]>();
  for (const [id, { start }] of Object.entries(ranges)) {
    const onLine = byLine.get(start.line) ?? [];
    onLine.push([id, start.column ?? 0]);
    byLine.set(start.line, onLine);
  }
  return ({ start }) => {
    let best: [string, number] | undefined;
    for (const candidate of byLine.get(start.line) ?? []) {
      const distance = Math.abs(candidate[1] - (start.column ?? 0));
      if (!best || distance < best[1]) best = [candidate[0], distance];
    }
    return best?.[0];
  };
}

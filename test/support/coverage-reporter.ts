import { readdirSync, rmSync } from "node:fs";
import path from "node:path";
import type { Reporter, TestModule, Vitest } from "vitest/node";
import { addCliHits, type CoverageMap, cliProcessCoverage, type Metric } from "./cli-coverage.js";
import { cliCoverageVariable } from "./cli-coverage-dumps.js";

interface Totals {
  total: number;
  covered: number;
}
const metrics: Metric[] = ["lines", "statements", "branches", "functions"];

/**
 * Prints the coverage of src/ by folder: vitest's own (the code the tests import) merged with
 * that of every CLI process the tests started. It prints in onTestRunEnd, after the default
 * reporter's summary and before summary-reporter's closing `N passed, N failed` line (vitest
 * calls the reporters in the order of the config). It never fails the run: a coverage that
 * cannot be put together is one line of output.
 */
export default class CoverageReporter implements Reporter {
  private root = process.cwd();
  private dumpDir: string | undefined;
  private output: string[] = [];
  private total: FolderTotals | undefined;

  /**
   * `thresholds`: the merged coverage of src/ (percent per metric) a run of the whole suite must
   * reach; a run of some files only is not held to it.
   */
  constructor(private readonly options: { thresholds?: Partial<Record<Metric, number>> } = {}) {}

  onInit(vitest: Vitest): void {
    const coverage = vitest.config.coverage;
    if (!coverage.enabled) return;
    this.root = vitest.config.root;
    this.dumpDir = path.resolve(this.root, coverage.reportsDirectory, "cli-processes");
    // Set before the workers start, so they inherit it.
    process.env[cliCoverageVariable] = this.dumpDir;
  }

  async onCoverage(coverage: unknown): Promise<void> {
    const started = performance.now();
    try {
      const map = coverage as CoverageMap;
      const inProcess = summarise(map, this.root);
      const cli = this.dumpDir ? await cliProcessCoverage(this.dumpDir, this.root) : undefined;
      for (const bundle of cli?.data ?? []) addCliHits(map, bundle);
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      const unreadable = cli?.unreadable ? `, ${cli.unreadable} unreadable dumps left out` : "";
      const source = cli
        ? `in-process tests and ${cli.processes} CLI processes${unreadable}, merged in ${seconds} s`
        : "in-process tests only";
      this.output = [
        `Coverage of src/ by folder (${source}):`,
        ...table(summarise(map, this.root)),
      ];
      this.total = summarise(map, this.root).get("total");
      const alone = inProcess.get("total");
      if (cli && alone)
        this.output.push(`  (in-process tests alone: ${percent(alone.lines)} of lines)`);
    } catch (error) {
      const reason = error instanceof Error ? error.message.split("\n")[0] : String(error);
      this.output = [`coverage: not summarised (${reason}); the tests' results stand.`];
    } finally {
      this.removeDumps();
    }
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    this.removeDumps();
    if (this.output.length > 0) process.stdout.write(`\n${this.output.join("\n")}\n`);
    const below = this.belowThresholds(testModules.length);
    if (below.length > 0) {
      process.stdout.write(
        `coverage below the thresholds (vitest.config.ts): ${below.join(", ")}\n`,
      );
      process.exitCode = 1;
    }
  }

  /** The metrics under their threshold, when every test file of the suite ran. */
  private belowThresholds(modules: number): string[] {
    const { thresholds } = this.options;
    if (!thresholds || !this.total || modules < testFileCount(this.root)) return [];
    const total = this.total;
    return metrics.flatMap((metric) => {
      const wanted = thresholds[metric];
      const { covered, total: all } = total[metric];
      const have = all === 0 ? 100 : (100 * covered) / all;
      return wanted !== undefined && have < wanted
        ? [`${metric} ${have.toFixed(1)}% < ${wanted}%`]
        : [];
    });
  }

  private removeDumps(): void {
    if (this.dumpDir) rmSync(this.dumpDir, { recursive: true, force: true });
  }
}

type FolderTotals = Record<Metric, Totals> & { files: number };

/** Totals per folder of src/ (src/core, src/git, …; src/*.ts as "src/"), and "total". */
function summarise(map: CoverageMap, root: string): Map<string, FolderTotals> {
  const folders = new Map<string, FolderTotals>();
  const add = (key: string, data: Record<Metric, Totals>) => {
    const totals = folders.get(key) ?? {
      files: 0,
      lines: { total: 0, covered: 0 },
      statements: { total: 0, covered: 0 },
      branches: { total: 0, covered: 0 },
      functions: { total: 0, covered: 0 },
    };
    folders.set(key, totals);
    totals.files++;
    for (const metric of metrics) {
      totals[metric].total += data[metric].total;
      totals[metric].covered += data[metric].covered;
    }
  };
  for (const file of map.files()) {
    const parts = path.relative(root, file).split(path.sep);
    const folder = parts.length > 2 ? `${parts[0]}/${parts[1]}` : `${parts[0]}/`;
    const { data } = map.fileCoverageFor(file).toSummary();
    add(folder, data);
    add("total", data);
  }
  return folders;
}

function percent({ total, covered }: Totals): string {
  return total === 0 ? "-" : `${((100 * covered) / total).toFixed(1)}%`;
}

function table(folders: Map<string, FolderTotals>): string[] {
  const names = [...folders.keys()].filter((name) => name !== "total").sort();
  const row = (name: string, files: string, cells: string[]) =>
    `  ${name.padEnd(16)}${files.padStart(6)}${cells.map((cell) => cell.padStart(12)).join("")}`;
  const lines = [row("folder", "files", metrics)];
  for (const name of [...names, "total"]) {
    const totals = folders.get(name);
    if (!totals) continue;
    lines.push(
      row(
        name,
        String(totals.files),
        metrics.map((metric) => percent(totals[metric])),
      ),
    );
  }
  return lines;
}

/** How many test files the suite has: every *.test.ts under src/ and test/. */
function testFileCount(root: string): number {
  const count = (dir: string): number =>
    readdirSync(dir, { withFileTypes: true }).reduce((total, entry) => {
      if (entry.isDirectory()) return total + count(path.join(dir, entry.name));
      return total + (entry.name.endsWith(".test.ts") ? 1 : 0);
    }, 0);
  return count(path.join(root, "src")) + count(path.join(root, "test"));
}

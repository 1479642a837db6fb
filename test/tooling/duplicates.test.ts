import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../..", import.meta.url));

/**
 * The copies of code jscpd finds (six lines or more, TypeScript and JavaScript) in the source,
 * the tests, the scripts and the benchmarks. The count may only go down: lower it here when a copy
 * is removed; a new copy fails the suite, naming both places.
 */
const allowedClones = 17;

interface Report {
  statistics: { total: { clones: number } };
  duplicates: {
    lines: number;
    firstFile: { name: string; start: number };
    secondFile: { name: string; start: number };
  }[];
}

const output = mkdtempSync(path.join(os.tmpdir(), "intentguard-jscpd-"));
afterAll(() => rmSync(output, { recursive: true, force: true }));

describe("duplicate code", () => {
  it(`holds at most ${allowedClones} copies of six lines or more, and none in src/`, () => {
    const jscpd = path.join(root, "node_modules/jscpd/bin/jscpd");
    const args = ["--min-lines", "6", "--format", "typescript,javascript", "--reporters", "json"];
    const run = spawnSync(
      process.execPath,
      [jscpd, ...args, "--output", output, "--silent", "src", "test", "scripts", "bench"],
      { cwd: root, encoding: "utf8" },
    );
    expect(run.status, run.stderr).toBe(0);
    const report = JSON.parse(
      readFileSync(path.join(output, "jscpd-report.json"), "utf8"),
    ) as Report;
    const clones = report.duplicates.map(
      ({ lines, firstFile, secondFile }) =>
        `${firstFile.name}:${firstFile.start} = ${secondFile.name}:${secondFile.start} (${lines} lines)`,
    );
    expect(report.statistics.total.clones).toBe(clones.length);
    expect(clones.filter((clone) => clone.startsWith("src/") || clone.includes("= src/"))).toEqual(
      [],
    );
    expect(clones.length, clones.join("\n")).toBeLessThanOrEqual(allowedClones);
  });
});

import { readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

const { version } = JSON.parse(readFileSync(new URL("./package.json", import.meta.url), "utf8"));

export default defineConfig({
  define: { __INTENTGUARD_VERSION__: JSON.stringify(version) },
  test: {
    globalSetup: ["test/support/build-once.ts"],
    setupFiles: ["test/support/setup.ts"],
    // A scenario test spends most of its time waiting on the git and Node processes it starts, not
    // in its worker: vitest's default (a worker less than the cores, one on a 2-core machine)
    // leaves the cores idle meanwhile. One more worker than the cores keeps them busy: on 2 cores,
    // six scenario files without coverage took 57 s instead of 106 s. Test files share no state:
    // each builds its repositories in a directory of its own under the system's temporary folder.
    maxWorkers: availableParallelism() + 1,
    // coverage-reporter prints the coverage summary after the default reporter's, and
    // summary-reporter closes the run with `N passed, N failed`: keep this order.
    reporters: [
      "default",
      // The merged coverage (in-process and CLI processes) a whole run must keep: the suite's on
      // 2026-12-03 at the end of issue 21 (lines 89.4%, statements 88.6%, branches 83.1%,
      // functions 96.2%), less a point for what the CLI processes' dumps vary by from run to run.
      // Raise it, never lower it.
      [
        "./test/support/coverage-reporter.ts",
        { thresholds: { lines: 88.4, statements: 87.6, branches: 82.1, functions: 95.2 } },
      ],
      "./test/support/summary-reporter.ts",
    ],
    // Coverage of src/, in-process and in the CLI processes the tests start (merged and printed
    // by coverage-reporter, which holds a whole run to the thresholds above); no report files.
    // Each run has its own directory, which it removes at the end: vitest empties its directory
    // when it starts, which would break a run going on at the same time in the same checkout.
    coverage: {
      enabled: true,
      provider: "v8",
      include: ["src/**/*.ts"],
      exclude: ["src/**/*.test.ts"],
      reporter: [],
      reportsDirectory: `coverage/run-${process.pid}`,
    },
    // One project per tier, each with the time its kind of test may take: a unit test that needs
    // seconds is a bug to see, while scenario tests start real git and Node hooks, and a slow
    // machine must not turn into failures. The settings above apply to every project.
    projects: [
      // A rule's unit test sits beside it (src/core/judge/rules/<rule>.test.ts), as commitlint's do.
      tier(
        "unit",
        ["src/**/*.test.ts", "test/unit/**/*.test.ts", "test/architecture/**/*.test.ts"],
        10_000,
      ),
      tier("git", ["test/git/**/*.test.ts"], 30_000),
      tier("scenario", ["test/scenario/**/*.test.ts", "test/tooling/**/*.test.ts"], 60_000),
    ],
  },
});

function tier(name: string, include: string[], timeout: number) {
  return {
    extends: true as const,
    test: { name, include, testTimeout: timeout, hookTimeout: timeout },
  };
}

import { readFileSync } from "node:fs";
import { defineConfig } from "vitest/config";

const { version } = JSON.parse(readFileSync(new URL("./package.json", import.meta.url), "utf8"));

export default defineConfig({
  define: { __INTENTGUARD_VERSION__: JSON.stringify(version) },
  test: {
    globalSetup: ["test/support/build-once.ts"],
    setupFiles: ["test/support/setup.ts"],
    // coverage-reporter prints the coverage summary after the default reporter's, and
    // summary-reporter closes the run with `N passed, N failed`: keep this order.
    reporters: [
      "default",
      "./test/support/coverage-reporter.ts",
      "./test/support/summary-reporter.ts",
    ],
    // Coverage of src/, in-process and in the CLI processes the tests start (merged and printed
    // by coverage-reporter); no report files, no thresholds. Each run has its own directory, which
    // it removes at the end: vitest empties its directory when it starts, which would break a run
    // going on at the same time in the same checkout.
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

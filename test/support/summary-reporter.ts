import type { Reporter, SerializedError, TestModule } from "vitest/node";

/**
 * Ends the run with one plain line, `N passed, N failed`, for CI logs and people alike. Before
 * it, each distinct note a test was skipped with (`context.skip(note)`), so that a check which
 * could not run says so at the end of the output, where it is seen. A run that broke off counts as
 * failed too: a test a crashed file never finished, and an error outside any test (vitest exits 1
 * for both), so the line never reads "0 failed" for a run that failed.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(
    testModules: ReadonlyArray<TestModule>,
    unhandledErrors: ReadonlyArray<SerializedError>,
  ): void {
    let passed = 0;
    let failed = 0;
    const notes = new Set<string>();
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const result = test.result();
        if (result.state === "passed") passed++;
        else if (result.state === "failed") failed++;
        else if (result.state === "skipped" && result.note) notes.add(result.note);
        else if (result.state === "pending" && module.state() === "failed") failed++;
      }
      if (module.state() === "failed" && module.children.size === 0) failed++;
    }
    failed += unhandledErrors.length;
    const skips = [...notes].map((note) => `skipped: ${note}\n`).join("");
    process.stdout.write(`\n${skips}${passed} passed, ${failed} failed\n`);
  }
}
